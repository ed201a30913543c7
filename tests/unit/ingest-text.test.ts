// Plain text: blank lines part paragraphs, a paragraph's wrapped lines are joined; hostile spacing is read in one pass.
import { describe, expect, it } from 'vitest';
import { parseText } from '@/lib/ingest/formats/text';

const paragraphs = (source: string) => parseText(source).sections.flatMap((s) => s.paragraphs);

describe('parseText', () => {
  it('joins the wrapped lines of a paragraph with single spaces, and parts paragraphs at blank lines', () => {
    expect(paragraphs('Pumps are checked\n   every morning.  \r\n\r\n  Valves weekly.\n')).toEqual(['Pumps are checked every morning.', 'Valves weekly.']);
  });

  it('reads a line of 500,000 spaces in one pass (a pattern around line breaks was retried at every space)', () => {
    expect(paragraphs(`a${' '.repeat(500_000)}x\n\nmore`)).toEqual(['a x', 'more']);
  });
});
