// Builds the hostile requests of one route method for the API fuzz suite:
// a few fixed cases every text input gets, then one list per kind of
// hostility drawn round-robin (in a seeded order) up to the cap, so every
// kind is sent even with a small cap.
import { AUTH_HEADERS, DATES, FULL_TEXT, HUGE, NUMBERS, PATH_PARAMS, RAW_BODIES, STRINGS, UNKNOWN_QUERY, WRONG_TYPES, shuffled } from './fuzz-values';
import type { RouteFile } from './routes';

export type JsonObject = Record<string, unknown>;

/** A valid request of a route method, which the cases spoil one part of. */
export type Seed = {
  body?: JsonObject;
  query?: Record<string, string>;
  /**
   * Every case must be refused: for routes that queue background work. Their
   * seed body is itself invalid in a way no single spoiled field repairs.
   */
  refuseOnly?: boolean;
};

export type FuzzCase = {
  kind: string;
  /** null: no Authorization header; undefined: the route's valid token. */
  authorization?: string | null;
  params: Record<string, string | string[]>;
  query: [string, string][];
  /** JSON text (or not) sent as the body, or undefined for none. */
  body?: string;
  contentType?: string;
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FULL_TEXT_FIELDS = new Set(['question', 'q', 'search', 'query']);
/** Sent to every text input of a route (core cases): the characters that broke a query or a file format before. */
const FORBIDDEN_CHARACTERS = ['a\u0000b', 'x\uFFFE\uFFFFy\ud800'];
/** Sent to every number input (core cases): one past a 32-bit id (PostgreSQL's integer), one past exact doubles. */
const NUMBER_CORE = [2 ** 31, 2 ** 53 + 1];
/** Sent to every date input (core cases): JavaScript's last day, the last four-digit year, year zero. */
const DATE_CORE = ['+275760-09-13', '9999-12-31', '0000-01-01'];
const isDateName = (name: string) => /(^|_)(date|at)$/.test(name);
/** Sent to every full-text input (core cases): all the syntax at once, and the pieces most likely to break a parser. */
const FULL_TEXT_CORE = [FULL_TEXT.join(' '), '"unterminated', 'NEAR(', '<|endoftext|>'];
/** Core cases at most; the rest of the cap is drawn at random. */
const MAX_CORE = 30;
/** A few auth and unknown-parameter cases per route: that code is shared by every route. */
const FEW = 3;

/**
 * The cases of one route method: core cases first (every text input gets the
 * forbidden characters, every full-text input its syntax), then a seeded
 * round-robin over the kinds of hostility up to `cap`.
 */
export function generateCases(
  route: RouteFile,
  method: string,
  validParams: Record<string, string | string[]>,
  seed: Seed,
  cap: number,
  random: () => number,
): FuzzCase[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const validQuery = Object.entries(seed.query ?? {});
  const takesBody = BODY_METHODS.has(method) && method !== 'DELETE';
  const base = (kind: string): FuzzCase => ({
    kind,
    params: validParams,
    query: validQuery,
    body: seed.body && takesBody ? JSON.stringify(seed.body) : undefined,
  });
  const withQuery = (kind: string, name: string, value: string): FuzzCase => ({
    ...base(kind),
    query: validQuery.map(([k, v]) => [k, k === name ? value : v]),
  });
  const withField = (kind: string, field: string, value: unknown): FuzzCase => ({ ...base(kind), body: JSON.stringify({ ...seed.body, [field]: value }) });
  const withParam = (kind: string, name: string, catchAll: boolean, value: string): FuzzCase => ({
    ...base(kind),
    params: { ...validParams, [name]: catchAll ? ['v1', value] : value },
  });

  const core: FuzzCase[] = [];
  for (const [name] of validQuery) {
    for (const value of FORBIDDEN_CHARACTERS) core.push(withQuery(`query ${name} characters`, name, value));
    if (isDateName(name)) for (const value of DATE_CORE) core.push(withQuery(`query ${name} date`, name, value));
    if (FULL_TEXT_FIELDS.has(name)) for (const value of FULL_TEXT_CORE) core.push(withQuery(`full text ${name}`, name, value));
  }
  for (const { name, catchAll } of route.params)
    for (const value of FORBIDDEN_CHARACTERS) core.push(withParam(`param ${name} characters`, name, catchAll, value));
  if (takesBody) {
    for (const [field, value] of Object.entries(seed.body ?? {})) {
      if (typeof value === 'string') for (const hostile of FORBIDDEN_CHARACTERS) core.push(withField(`${field} characters`, field, hostile));
      if (typeof value === 'number') for (const hostile of NUMBER_CORE) core.push(withField(`${field} number`, field, hostile));
      if (isDateName(field)) for (const hostile of DATE_CORE) core.push(withField(`${field} date`, field, hostile));
      if (FULL_TEXT_FIELDS.has(field)) for (const text of FULL_TEXT_CORE) core.push(withField(`full text ${field}`, field, text));
    }
  }

  const lists: FuzzCase[][] = [];
  lists.push(
    shuffled([{ ...base('no token'), authorization: null }, ...AUTH_HEADERS.map((authorization) => ({ ...base('bad token'), authorization }))], random).slice(
      0,
      FEW,
    ),
  );
  lists.push(
    shuffled(
      UNKNOWN_QUERY.map((name) => ({ ...base('unknown query'), query: [...validQuery, [name, pick(STRINGS)] as [string, string]] })),
      random,
    ).slice(0, FEW),
  );
  lists.push(
    validQuery.flatMap(([name, value]) => [
      { ...base('repeated query'), query: [...validQuery, [name, value] as [string, string]] },
      ...[...STRINGS, ...DATES, ...NUMBERS.map(String)].map((hostile) => withQuery(`query ${name}`, name, hostile)),
    ]),
  );
  lists.push(route.params.flatMap(({ name, catchAll }) => PATH_PARAMS.map((value) => withParam(`param ${name}`, name, catchAll, value))));
  if (takesBody) {
    lists.push([
      ...RAW_BODIES.map((body) => ({ ...base('raw body'), body })),
      { ...base('no body'), body: undefined },
      { ...base('2 MB body'), body: JSON.stringify({ ...seed.body, padding: HUGE }) },
      { ...base('text/plain body'), contentType: 'text/plain' },
    ]);
    if (seed.body) lists.push(fieldCases(seed, base));
    lists.push(
      Object.keys(seed.body ?? {})
        .filter((field) => FULL_TEXT_FIELDS.has(field))
        .flatMap((field) => FULL_TEXT.map((text) => withField(`full text ${field}`, field, text))),
    );
  }
  lists.push(
    validQuery.filter(([name]) => FULL_TEXT_FIELDS.has(name)).flatMap(([name]) => FULL_TEXT.map((text) => withQuery(`full text ${name}`, name, text))),
  );

  const cases = core.slice(0, MAX_CORE);
  const queues = lists.filter((list) => list.length).map((list) => shuffled(list, random));
  for (let round = 0; cases.length < cap && queues.some((queue) => queue.length > round); round++) {
    for (const queue of queues) if (queue[round] && cases.length < cap) cases.push(queue[round]);
  }
  return cases.map((c) => spoilDelete(method, c));
}

/**
 * A DELETE whose path holds a valid id could delete the fixture: an unknown
 * query parameter makes it a 400 once the path is validated. A path value
 * that is not an id is left alone, so that it reaches the database.
 */
function spoilDelete(method: string, c: FuzzCase): FuzzCase {
  if (
    method !== 'DELETE' ||
    !Object.values(c.params)
      .flat()
      .some((value) => /^\d+$/.test(value))
  )
    return c;
  return { ...c, query: [...c.query, ['fuzz', '1']] };
}

/** One field of the valid body spoiled at a time: wrong type, hostile text, extreme number or date, missing, unknown. */
function fieldCases(seed: Seed, base: (kind: string) => FuzzCase): FuzzCase[] {
  const body = seed.body ?? {};
  const cases: FuzzCase[] = [];
  const withField = (kind: string, field: string, value: unknown) => ({ ...base(kind), body: JSON.stringify({ ...body, [field]: value }) });
  for (const field of Object.keys(body)) {
    for (const value of WRONG_TYPES) cases.push(withField(`${field} wrong type`, field, value));
    cases.push(withField(`${field} oversize`, field, 'y'.repeat(200_000)));
    cases.push(
      withField(
        `${field} long list`,
        field,
        Array.from({ length: 20_000 }, (_, i) => `item-${i}@test.local`),
      ),
    );
    const without = { ...body };
    delete without[field];
    cases.push({ ...base(`${field} missing`), body: JSON.stringify(without) });
    for (const value of [...STRINGS, ...NUMBERS, ...DATES]) cases.push(withField(`${field} hostile`, field, value));
    if (typeof body[field] === 'object' && body[field] !== null && !Array.isArray(body[field])) {
      for (const inner of Object.keys(body[field] as JsonObject)) {
        for (const value of [...WRONG_TYPES, ...STRINGS.slice(0, 12), ...NUMBERS.slice(0, 6)])
          cases.push(withField(`${field}.${inner} hostile`, field, { ...(body[field] as JsonObject), [inner]: value }));
      }
    }
  }
  cases.push({ ...base('unknown field'), body: JSON.stringify({ ...body, fuzz_unknown: true }) });
  return cases;
}
