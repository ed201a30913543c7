// Passages: bounded token size, paragraph/sentence boundaries, overlap, headings.
import { describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer';
import { chunkDocument, sentencesOf } from '@/lib/ingest/chunk';
import type { ParsedDocument } from '@/lib/ingest/document';

const doc = (sections: ParsedDocument['sections'], qa: ParsedDocument['qa'] = []): ParsedDocument => ({ format: 'text', title: null, sections, qa });
const sentence = (i: number) => `Sentence number ${i} tells about the valve ${i} and its pressure rating of ${i * 7} bar.`;

describe('chunkDocument', () => {
  it('keeps short paragraphs of a section together in one passage with its heading path', () => {
    const chunks = chunkDocument(
      doc([{ heading: ['Guide', 'Setup'], paragraphs: ['First step.', 'Second step.'] }]),
      { maxTokens: 100, overlapTokens: 10 },
      countTokens,
    );
    expect(chunks).toEqual([
      {
        heading: 'Guide › Setup',
        text: 'First step.\n\nSecond step.',
        answer: '',
        tokenCount: countTokens('Guide › Setup') + countTokens('First step.\n\nSecond step.'),
      },
    ]);
  });

  it('starts a passage that opens with a code block with the label and paragraph that introduce it, past the overlap', () => {
    const intro =
      'When you are in the middle of massive changes and you find some unrelated issue that you do not want to forget to fix, you can do the change, stage it, and stash it away for future use.';
    const code = '```\n$ git add --patch foo\n$ git stash push --staged\n$ git commit -m Massive\n$ git stash pop\n```';
    const filler = Array.from({ length: 6 }, (_, i) => sentence(i)).join(' ');
    const section = { heading: ['git-stash(1)', 'EXAMPLES'], paragraphs: [filler, 'Saving unrelated changes for future use', intro, code] };
    const chunks = chunkDocument(doc([section]), { maxTokens: 200, overlapTokens: 10 }, countTokens);
    const withCode = chunks.find((c) => c.text.includes('git stash push --staged'))!;
    expect(withCode.text.startsWith(`Saving unrelated changes for future use\n\n${intro}\n\n${code}`)).toBe(true);
    expect(withCode.tokenCount).toBeLessThanOrEqual(200);
    // Without code next, the overlap alone decides what is carried.
    const prose = chunkDocument(
      doc([{ ...section, paragraphs: [filler, 'Saving unrelated changes for future use', intro, filler] }]),
      { maxTokens: 200, overlapTokens: 10 },
      countTokens,
    );
    expect(prose.at(-1)!.text.startsWith('Saving unrelated')).toBe(false);
  });

  it('never passes the token bound, breaks between sentences and overlaps neighbours', () => {
    const paragraph = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkDocument(doc([{ heading: ['Valves'], paragraphs: [paragraph] }]), { maxTokens: 80, overlapTokens: 25 }, countTokens);
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBe(countTokens(chunk.heading) + countTokens(chunk.text));
      expect(chunk.tokenCount).toBeLessThanOrEqual(80);
      expect(chunk.heading).toBe('Valves');
      expect(chunk.text).toMatch(/^Sentence number \d+ .* bar\.$/);
    }
    for (let i = 1; i < chunks.length; i++) {
      const lastOfPrevious = sentencesOf(chunks[i - 1].text).at(-1)!;
      expect(chunks[i].text.startsWith(lastOfPrevious)).toBe(true);
    }
    // Every sentence is somewhere.
    const all = chunks.map((c) => c.text).join(' ');
    for (let i = 0; i < 60; i++) expect(all).toContain(sentence(i));
  });

  it("keeps a long list's items and a long table's rows on lines of their own when it cuts them into passages", () => {
    const items = Array.from({ length: 40 }, (_, i) => `• option${i} {string} ${sentence(i)}`);
    const rows = Array.from({ length: 40 }, (_, i) => `limit${i} | ${i * 10} | ${sentence(i)}`);
    for (const paragraph of [items.join('\n'), rows.join('\n')]) {
      const chunks = chunkDocument(doc([{ heading: ['Options'], paragraphs: [paragraph] }]), { maxTokens: 120, overlapTokens: 20 }, countTokens);
      expect(chunks.length).toBeGreaterThan(5);
      // Every line of every passage is one whole item or row, as written: none runs into the next.
      const lines = new Set(paragraph.split('\n'));
      for (const chunk of chunks) for (const line of chunk.text.split('\n')) expect(lines.has(line)).toBe(true);
    }
  });

  it('cuts a sentence longer than a passage between words, and a word longer than a passage by characters', () => {
    const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const blob = 'x9Qz'.repeat(400);
    const chunks = chunkDocument(doc([{ heading: [], paragraphs: [long, blob] }]), { maxTokens: 50, overlapTokens: 0 }, countTokens);
    for (const chunk of chunks) expect(chunk.tokenCount).toBeLessThanOrEqual(50);
    expect(
      chunks
        .map((c) => c.text)
        .join(' ')
        .replace(/\s+/g, ' '),
    ).toContain('word0 word1');
    expect(chunks.map((c) => c.text).join('')).toContain(blob.slice(0, 100));
  });

  it('makes one passage per question–answer row, with the answer', () => {
    const chunks = chunkDocument(doc([], [{ question: 'Open?', answer: 'From nine.' }]), { maxTokens: 50, overlapTokens: 5 }, countTokens);
    expect(chunks).toEqual([{ heading: '', text: 'Open?', answer: 'From nine.', tokenCount: countTokens('Open?') + countTokens('From nine.') }]);
  });
});

describe('sentencesOf', () => {
  it('splits on sentence ends, not on abbreviations of one letter or decimals', () => {
    expect(sentencesOf('Dr. J. Smith paid 3.5 euros. Then he left! Did he? Yes.')).toEqual([
      'Dr. J. Smith paid 3.5 euros.',
      'Then he left!',
      'Did he?',
      'Yes.',
    ]);
  });

  it('reads hostile text in one pass: marks without spaces, and a sentence of abbreviations that keeps growing', () => {
    expect(sentencesOf('ab!'.repeat(200_000))).toHaveLength(1);
    const abbreviations = sentencesOf('x Dr. '.repeat(200_000));
    expect(abbreviations).toHaveLength(1);
    expect(abbreviations[0].length).toBe('x Dr. '.repeat(200_000).trim().length);
  });
});

describe('code blocks', () => {
  it('keep their indentation and stay fenced when a long block is cut between lines', async () => {
    const { chunkDocument } = await import('@/lib/ingest/chunk');
    const { SectionBuilder } = await import('@/lib/ingest/document');
    const { textBlocks } = await import('@/lib/text/code-blocks');
    const builder = new SectionBuilder();
    builder.heading(1, 'Loops');
    builder.paragraph('A loop:');
    const code = Array.from({ length: 60 }, (_, i) => `for i in range(${i}):\n    print(i)`).join('\n');
    builder.code(`\t${code}\n\n`);
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const chunks = chunkDocument({ format: 'markdown', title: 'Loops', sections: builder.sections, qa: [] }, { maxTokens: 60, overlapTokens: 0 }, words);
    expect(chunks.length).toBeGreaterThan(3);
    const blocks = chunks.flatMap((c) => textBlocks(c.text));
    const codeLines = blocks.filter((b) => b.code).flatMap((b) => b.text.split('\n'));
    // Every line once, indentation intact (the leading tab became four spaces).
    expect(codeLines.filter((l) => l.startsWith('    print('))).toHaveLength(60);
    expect(codeLines).toContain('    for i in range(0):');
    for (const chunk of chunks) expect((chunk.text.match(/^```$/gm) ?? []).length % 2).toBe(0);
  });
});

describe('chunkDocument: reference entries', () => {
  const entry = (name: string, words: number): ParsedDocument['sections'][number] => ({
    heading: ['os.path', name],
    paragraphs: [name, `${name} ${Array.from({ length: words }, (_, i) => `word${i}`).join(' ')}.`],
    entry: true,
  });

  it('packs consecutive small entries of one parent, each whole, under the parent path; a lone entry keeps its own', () => {
    const sections = [
      entry('join(path, *paths)', 20),
      entry('split(path)', 20),
      entry('normcase(path)', 20),
      { heading: ['os.path', 'Notes'], paragraphs: ['A plain section is never packed.'] },
      entry('exists(path)', 20),
    ];
    const chunks = chunkDocument(doc(sections), { maxTokens: 200, overlapTokens: 10 }, countTokens);
    expect(chunks.map((c) => c.heading)).toEqual(['os.path', 'os.path › Notes', 'os.path › exists(path)']);
    expect(chunks[0].text.split('\n\n').filter((p) => p.endsWith(')'))).toEqual(['join(path, *paths)', 'split(path)', 'normcase(path)']);
  });

  it('starts a new passage at an entry boundary rather than cutting an entry in two', () => {
    const sections = [entry('first()', 60), entry('second()', 60), entry('third()', 60)];
    const chunks = chunkDocument(doc(sections), { maxTokens: 200, overlapTokens: 10 }, countTokens);
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(200);
      // Every passage opens with an entry's term: none starts in the middle of one.
      expect(chunk.text).toMatch(/^(first|second|third)\(\)\n\n/);
    }
    expect(chunks.length).toBeGreaterThan(1);
  });
});
