// Code blocks in passage text are Markdown fences: parsers write them so
// (HTML <pre>, Markdown fences), the chunker keeps them whole or cuts them
// between lines, and answers quote them verbatim as code.

const FENCE_LINE = /^(`{3,}|~{3,})/;

/** The code as a fenced block, with a fence longer than any backtick run inside it. */
export function fenceCode(code: string): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${code}\n${fence}`;
}

/** Code as written: tabs and non-breaking spaces made spaces, trailing blanks and blank edge lines dropped, indentation kept. */
export function cleanCode(text: string): string {
  return (
    text
      .replace(/\u00a0/g, ' ')
      .replace(/\t/g, '    ')
      .replace(/\r\n?/g, '\n')
      .split('\n')
      // trimEnd, not /\s+$/: the pattern is retried at every space of a line of spaces before its last word (quadratic).
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/^\n+|\n+$/g, '')
  );
}

export type TextBlock = { text: string; code: boolean };

/**
 * A passage's text as blocks: fenced code (inner text, without the fences;
 * an unclosed fence runs to the end, as a passage may end inside one) and
 * prose paragraphs split on blank lines.
 */
export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const lines = text.split('\n');
  let prose: string[] = [];
  const flushProse = () => {
    for (const paragraph of prose.join('\n').split(/\n\s*\n/)) if (paragraph.trim()) blocks.push({ text: paragraph.trim(), code: false });
    prose = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE_LINE.exec(lines[i].trim());
    if (!fence) {
      prose.push(lines[i]);
      continue;
    }
    flushProse();
    const code: string[] = [];
    for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) code.push(lines[i]);
    if (code.some((line) => line.trim())) blocks.push({ text: code.join('\n'), code: true });
  }
  flushProse();
  return blocks;
}

export const isFenced = (paragraph: string) => FENCE_LINE.test(paragraph.trimStart());
