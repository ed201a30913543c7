// Citations a model invents are removed; code and expressions are untouched.
import { describe, expect, it } from 'vitest';
import { withValidCitations } from '@/lib/generation/citations';

describe('withValidCitations', () => {
  it.each([
    ['Use sorted() [1]. It is stable [7].', 'Use sorted() [1]. It is stable.'],
    ['Both agree [2][9] here.', 'Both agree [2] here.'],
    ['An element a[0][9] stays.', 'An element a[0][9] stays.'],
    ['See [0] and [3].', 'See and [3].'],
    ['Index with `lists[9]` or lists[9].', 'Index with `lists[9]` or lists[9].'],
    ['Code:\n\n```\nx = a[9]\nprint([9])\n```\n\nDone [8].', 'Code:\n\n```\nx = a[9]\nprint([9])\n```\n\nDone.'],
  ])('%j', (answer, expected) => expect(withValidCitations(answer, 3)).toBe(expected));
});
