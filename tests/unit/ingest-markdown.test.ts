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

describe('parseMarkdown on hostile text', () => {
  // Each of these made a pattern retry at every opening: minutes for a file of a few hundred kilobytes.
  it.each([
    ['tags never closed', `${'<p '.repeat(200_000)}\n`],
    ['links never closed', `${'[a]( '.repeat(200_000)}\n`],
    ['images never closed', `${'![a]( '.repeat(200_000)}\n`],
    ['a heading of spaces', `# a${' '.repeat(200_000)}x\n\nbody`],
  ])('reads %s in one pass', (_, source) => {
    expect(parseMarkdown(source).sections.length).toBeGreaterThan(0);
  });

  it('still strips what it strips: links with parentheses in their address, closing hashes', () => {
    expect(paragraphs('# Wiki\n\nSee [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) and ![logo](a.png).\n')).toEqual(['See Foo and logo.']);
    expect(parseMarkdown('## Title ##\n\nbody').sections[0].heading).toEqual(['Title']);
    expect(parseMarkdown('# C# language\n\nbody').sections[0].heading).toEqual(['C# language']);
  });
});
