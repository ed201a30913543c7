// Hostile inputs for the API fuzz suite, and how a seeded generator
// (seeded-random.ts) picks among them: the same seed gives the same requests,
// so a failure reproduces (FUZZ_SEED=<n> npx vitest run --project api tests/api/fuzz.test.ts).

/** A number for a string (a route's name), so each route gets its own stream of cases. */
export function hashSeed(text: string, seed: number): number {
  let h = seed ^ 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Search-engine syntax: FTS5, tsquery and model control tokens. */
export const FULL_TEXT = [
  '"',
  '*',
  'NEAR(',
  'NEAR(refund card, 2)',
  'AND OR NOT',
  'refund AND OR NOT card',
  'col:term',
  'question:refund',
  '^refund',
  '{}',
  '{refund card}:refund',
  "'",
  "o'brien's",
  '\\',
  '\\"',
  'refund:*',
  ':*',
  '!',
  '!!refund',
  '&|',
  'refund & | ! card',
  '<|endoftext|>',
  '<-> refund <2> card',
  '(((refund',
  ')',
  '-refund',
  'refund*',
  '%_%',
  '"unterminated',
  '** ^^ "" :: ()',
] as const;

const MB = 1024 * 1024;

/** Strings that are hostile as text: controls, non-characters, lone surrogates, sizes, markup. */
export const STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFFFE',
  '\uFFFF',
  'refund\uFFFEcard',
  '\ud800',
  'x\udc00y',
  '\u202Erefund',
  '\u0007\u001b[31m',
  '𝕏 😀 ﷽',
  'e\u0301'.repeat(50),
  '<script>alert(1)</script>',
  "'; DROP TABLE datasets; --",
  '../../etc/passwd',
  '%00',
  '=HYPERLINK("http://evil.example")',
  'x'.repeat(5000),
  'y'.repeat(200_000),
  ...FULL_TEXT,
];

/** A string over the body limit (1 MB): sent only a few times, it is slow to build and parse. */
export const HUGE = 'z'.repeat(2 * MB);

export const NUMBERS: readonly unknown[] = [
  1e308,
  -1e308,
  -1,
  0,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  5e-324,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '0x10',
  '１２',
];

export const DATES: readonly string[] = [
  // Valid edges: the first and last accepted days, a leap day.
  '1970-01-01',
  '2025-02-01',
  '2099-12-31',
  '2024-02-29',
  '9999-12-31',
  '0000-01-01',
  '2024-02-30',
  '2024-13-01',
  '2025-02-01T00:00:00Z',
  '+275760-09-13',
  '-000001-01-01',
  '1969-12-31',
  '2025-1-1',
  ' 2025-02-01',
  '2025-02-01\u0000',
  '9'.repeat(10_000),
];

/** JSON values of the wrong type for any field. */
export const WRONG_TYPES: readonly unknown[] = [null, true, false, [], ['a'], [1, 2], {}, { $gt: '' }, { a: { b: { c: { d: [null] } } } }];

/** Whole request bodies that are not the object a route expects (raw text, sent as is). */
export const RAW_BODIES: readonly string[] = [
  '{',
  '{"a":',
  '{"question": "x",}',
  "{'question': 'x'}",
  '{"a": NaN}',
  '{"a": Infinity}',
  '{"a": 1e999}',
  'null',
  'true',
  '0',
  '"a string"',
  '[]',
  '[{}]',
  '{}',
  'not json',
  '\u0000',
  '\uFEFF{}',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"admin": true}}}',
  '{"name": "a", "name": {"x": 1}}',
  '{"s": "\\ud800"}',
  '{"s": "\\uffff\\ufffe\\u0000"}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
];

/** Path parameter values as Next.js hands them over (already decoded). */
export const PATH_PARAMS: readonly string[] = [
  // Valid ids of no row. (Not '1': in a fresh database that is the fixture's own row.)
  '2147483647',
  '02147483646',
  'abc',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1f',
  '99999999999999999999',
  '2147483648',
  '9'.repeat(5000),
  '../1',
  '..%2f1',
  '%00',
  '1\u0000',
  '\u0000',
  '\uFFFF',
  '\ud800',
  ' 1',
  '１',
  '',
  'NaN',
  "1' OR '1'='1",
  '<|endoftext|>',
];

/** Authorization headers that are not a usable token. */
export const AUTH_HEADERS: readonly string[] = [
  'Bearer',
  'Bearer ',
  'Bearer \\u0000',
  'Bearer %00',
  'Bearer a b',
  'Basic dXNlcjpwYXNz',
  'bearer ks_key_',
  `Bearer ks_key_${'A'.repeat(100_000)}`,
  `Bearer ${'x'.repeat(8000)}`,
  'Bearer ks_usr_\u00e9\u00ff',
  'Bearer ks_prj_../../',
  'Bearer null',
];

/** Query parameter names no route takes. */
export const UNKNOWN_QUERY = ['foo', '__proto__', 'constructor', 'limit[]', 'a'.repeat(3000), '\u0000', ''];
