// What reads as a list of terms (an index, a table of contents) and what does not.
import { describe, expect, it } from 'vitest';
import { listsTerms } from '@/lib/search/term-lists';

const lines = (items: string[]) => items.join('\n\n');
const INDEX = [
  'A (in module re)',
  'abc',
  'module',
  'ABC (class in abc)',
  'abort()',
  '(asyncio.Barrier method)',
  '(in module os)',
  'abs',
  'built-in function, [1]',
  'accept()',
  'access() (in module os)',
  'accumulate()',
];

describe('listsTerms', () => {
  it("takes a book's index for a list of terms", () => {
    expect(listsTerms(lines(INDEX))).toBe(true);
  });

  it('does not take prose, code, table rows or a short list for one', () => {
    expect(listsTerms(lines(INDEX.slice(0, 8)))).toBe(false);
    expect(listsTerms(lines(INDEX.map((term) => `${term} returns the value it is given.`)))).toBe(false);
    expect(listsTerms(`${lines(INDEX)}\n\n\`\`\`\nimport os\n\`\`\``)).toBe(false);
    expect(listsTerms(lines(INDEX.map((term) => `${term} | yes`)))).toBe(false);
  });
});
