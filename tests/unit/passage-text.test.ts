// A content's passages back into one text ("Edit text"): headings where the
// path changes, the overlap between neighbouring passages left out, and the
// way they join (a space, a line, a paragraph) kept — so the text, parsed and
// split again as an uploaded Markdown file is, gives the same passages.
import { describe, expect, it } from 'vitest';
import { parseMarkdownAndChunk } from '@/lib/ingest/parse-job';
import { textOfPassages, withoutOverlap } from '@/lib/knowledge/passage-text';

const LIMITS = { maxPdfPages: 500, maxZipEntries: 2000, maxUnzippedBytes: 1e8, passageTokens: 120, overlapTokens: 30 };
const passagesOf = async (text: string) => (await parseMarkdownAndChunk(text, LIMITS)).chunks;

describe('textOfPassages', () => {
  it('writes heading paths as Markdown headings where they change', () => {
    const text = textOfPassages([
      { heading: 'Guide', text: 'Intro.', answer: '' },
      { heading: 'Guide › Install', text: 'Run it.', answer: '' },
      { heading: 'Guide › Use', text: 'Call it.', answer: '' },
      { heading: 'Other', text: 'Else.', answer: '' },
    ]);
    expect(text).toBe('# Guide\n\nIntro.\n\n## Install\n\nRun it.\n\n## Use\n\nCall it.\n\n# Other\n\nElse.');
  });

  it('leaves out the sentences a passage repeats from the one before, joining as they were joined', () => {
    expect(withoutOverlap('One is here. Two is there.', 'Two is there. Three follows.')).toEqual({ rest: 'Three follows.', joiner: ' ' });
    expect(withoutOverlap('First paragraph.\n\nSecond one.', 'Second one.\n\nThird one.')).toEqual({ rest: 'Third one.', joiner: '\n\n' });
    // A repeated word is no overlap: it must start where a sentence or line starts.
    expect(withoutOverlap('It works.', 'works. Then more.')).toEqual({ rest: 'works. Then more.', joiner: '\n\n' });
  });

  it('round trip: the joined text splits into the same passages', async () => {
    const sentences = Array.from({ length: 60 }, (_, i) => `Sentence ${i + 1} tells how berth ${i + 1} is used by the pilot boats.`);
    const markdown = [
      '# Harbour handbook',
      sentences.slice(0, 25).join(' '),
      sentences.slice(25, 30).join(' '),
      '## Moorings',
      sentences.slice(30).join(' '),
      '### Fees',
      'Fees are paid weekly at the office.',
    ].join('\n\n');
    const passages = await passagesOf(markdown);
    expect(passages.length).toBeGreaterThan(4);
    const joined = textOfPassages(passages);
    expect(joined).toBe(markdown);
    expect(await passagesOf(joined)).toEqual(passages);
  });

  it('an empty content has an empty text', () => {
    expect(textOfPassages([])).toBe('');
  });
});
