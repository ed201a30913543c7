// Markdown: inline HTML never runs two words together, and a table keeps its rows.
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '@/lib/ingest/formats/markdown';

const paragraphs = (source: string) => parseMarkdown(source).sections.flatMap((s) => s.paragraphs);

describe('parseMarkdown', () => {
  it('parts the words a line break or a block tag separates, and drops inline tags', () => {
    expect(paragraphs('# Limits\n\nUp to 50 files<br>per upload, <b>each</b> under 20 MB.<div>Larger files are refused.</div>\n')).toEqual([
      'Up to 50 files per upload, each under 20 MB. Larger files are refused.',
    ]);
  });

  it('keeps a table as its rows, one a line', () => {
    expect(paragraphs('# Ops\n\n| Operator | Example |\n|---|---|\n| % | a % b |\n')).toEqual(['| Operator | Example |\n|---|---|\n| % | a % b |']);
  });
});
