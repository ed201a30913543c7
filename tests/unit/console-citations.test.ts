// Which "[n]" of an answer becomes a citation chip.
import { describe, expect, it } from 'vitest';
import { splitCitations } from '@/components/console/citations';

const cited = (text: string, sources = 5) =>
  splitCitations(text, sources)
    .filter((n) => n.type === 'link')
    .map((n) => n.url);

describe('splitCitations', () => {
  it.each([
    ['Use sorted(). [1]', ['#cite-1']],
    ['Two sources [1][2] agree.', ['#cite-1', '#cite-2']],
    ['See [2], [3].', ['#cite-2', '#cite-3']],
    ['(as [4] says)', ['#cite-4']],
  ])('%s → citations', (text, urls) => expect(cited(text)).toEqual(urls));

  it.each([['lists[1].append(5)'], ['the nested [[3],[5],[7]] list'], ['a[0][1] is an element'], ['more than we have [9]'], ['zero [0] is no source']])(
    '%s → no citation',
    (text) => expect(cited(text)).toEqual([]),
  );

  it('keeps the text around a citation', () => {
    expect(splitCitations('Use it [1] now', 1).map((n) => n.value ?? `<${n.url}>`)).toEqual(['Use it ', '<#cite-1>', ' now']);
  });
});
