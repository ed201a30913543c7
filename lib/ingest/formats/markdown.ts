// Markdown: ATX and setext headings give the heading path; paragraphs,
// lists and code blocks (fenced, or indented four spaces) become paragraphs;
// inline markup is removed. What a renderer never shows is not text: HTML
// comments (Node.js's API pages open every entry with a YAML block of
// versions and pull-request addresses in one) and link reference definitions
// ("[`path.parse()`]: #pathparsepath"), nor kramdown's attribute lists
// ("{:.warning}", "## Usage {#usage}"), nor a Jekyll page's Liquid `{% raw %}` tags. A pipe table becomes one paragraph
// per row with its cells set apart, as HTML tables are read (html.ts). As GitHub renders it: HTML blocks are read
// as HTML (markdown-html.ts), the boxes of MkDocs, Docusaurus and GitHub as a label over their text
// (markdown-boxes.ts), a line's text with entities decoded and badges left out (markdown-inline.ts).
import { SectionBuilder, type ParsedDocument } from '../document';
import { readsAsTitle } from './bold-titles';
import { BOLD_TITLE_LEVEL } from './html';
import { withBoxesUnwrapped } from './markdown-boxes';
import { HtmlBlocks, htmlBlockEnd, opensHtmlBlock } from './markdown-html';
import { BADGE, IMAGE, inline } from './markdown-inline';
import { declaredTitle, FRONT_MATTER, LINK_DEFINITION, withoutClosingRun, withoutComments, withoutLiquidRaw } from './markdown-lines';

export function parseMarkdown(source: string): ParsedDocument {
  const text = source.replace(/\r\n?/g, '\n');
  const frontMatter = FRONT_MATTER.exec(text);
  const body = text.slice(frontMatter?.[0].length ?? 0);
  const lines = withBoxesUnwrapped((frontMatter?.[1] === '---' ? withoutLiquidRaw(body) : body).split('\n'));
  const builder = new SectionBuilder();
  let title: string | null = null;
  // A README that opens with its description and then heads its sections with '#' ("# Features", "# Quick Start":
  // ioredis') has no title heading: its first one names a section, not the page.
  let titleAfterText = false;
  let firstLevelHeadings = 0;
  // The page's first heading when nothing comes before it: its name when it has no `#` heading nor a declared title.
  let opening: string | null = null;
  let block: string[] = [];
  let inComment = false;
  // The paragraph above was a list (or went on with one): an indented paragraph after it continues an item, no code.
  let listAbove = false;
  // A paragraph of bold text alone, or a disclosure's summary, until what follows it says whether it titles that
  // (settle). Only prose is titled: a label over code or a table ("**Request**", "<summary>bun</summary>") stays
  // with it as its first line, or the code would be a passage of its own, away from the words that introduce it.
  let pending: { title: string; summary: boolean } | null = null;
  // A summary titles the Markdown up to its `</details>`.
  let summaryOpen = false;
  const settle = (titles: boolean) => {
    if (pending === null) return;
    if (titles) {
      builder.heading(BOLD_TITLE_LEVEL, pending.title);
      summaryOpen = pending.summary;
    } else builder.paragraph(pending.title);
    pending = null;
  };
  // A definition list's entry is open: its definition goes on with indented paragraphs (and any code or list); a
  // paragraph back at the margin ends the list, and what it says belongs to the section again.
  let definitionOpen = false;
  let definitionFirst = false;
  const flush = () => {
    if (!block.length) return;
    if (definitionOpen && !definitionFirst && !INDENTED.test(block[0])) {
      builder.close(BOLD_TITLE_LEVEL);
      definitionOpen = false;
    }
    const definitionGoesOn = definitionOpen;
    definitionFirst = false;
    listAbove = LIST_ITEM.test(block[0]) || (listAbove && INDENTED.test(block[0])) || definitionGoesOn;
    // A definition's indented paragraph is prose, its lines wrapped as any paragraph's.
    const text = unwrapped(definitionGoesOn && INDENTED.test(block[0]) ? block.map((l) => l.trimStart()) : block);
    block = [];
    const bold = boldOnly(text);
    // Two bold paragraphs in a row: the first titles nothing (HTML's rule, bold-titles.ts).
    settle(bold === null);
    if (bold !== null) pending = { title: bold, summary: false };
    else builder.paragraph(inline(text));
  };
  // What comes next is code, a table or HTML: no title.
  const flushForBlock = () => {
    flush();
    settle(false);
  };
  const htmlBlocks = new HtmlBlocks(builder, inline, {
    summary: (text) => {
      settle(false);
      if (readsAsTitle(text)) pending = { title: text, summary: true };
      else builder.paragraph(text);
    },
    end: () => {
      settle(false);
      if (summaryOpen) builder.close(BOLD_TITLE_LEVEL);
      summaryOpen = false;
    },
  });
  const heading = (level: number, text: string) => {
    flush();
    settle(false);
    listAbove = false;
    definitionOpen = false;
    const clean = inline(withoutHeadingId(withoutClosingRun(text, '#')).replace(BADGE, '').replace(IMAGE, ''));
    if (level === 1) {
      firstLevelHeadings++;
      if (!title) {
        title = clean;
        titleAfterText = builder.sections.some((section) => section.paragraphs.length > 0);
      }
    }
    // No section yet: nothing shown comes before this heading (the paragraph above was flushed into one).
    if (opening === null && builder.sections.length === 0) opening = clean;
    builder.heading(level, clean);
  };
  for (let i = 0; i < lines.length; i++) {
    const uncommented = withoutComments(lines[i], inComment);
    inComment = uncommented.open;
    // A line that was all comment is no line: it neither ends a paragraph nor adds to it.
    if (uncommented.text !== lines[i] && !uncommented.text.trim()) continue;
    const line = uncommented.text;
    if (LINK_DEFINITION.test(line) && block.length === 0) continue;
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      flushForBlock();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) code.push(lines[i]);
      builder.code(code.join('\n'));
      continue;
    }
    const quotedFence = QUOTED_FENCE.exec(line);
    if (quotedFence) {
      // Code inside a quotation (a GitHub alert's example): the fence and its lines read without their "> ".
      flushForBlock();
      const code: string[] = [];
      for (i++; i < lines.length && QUOTED.test(lines[i]); i++) {
        const inner = lines[i].replace(QUOTED, '');
        if (inner.trim().startsWith(quotedFence[1])) break;
        code.push(inner);
      }
      builder.code(code.join('\n'));
      continue;
    }
    if (ATTRIBUTE_LIST_LINE.test(line)) continue;
    if (block.length === 0 && line.length <= MDX_STATEMENT_MAX_CHARS && (MDX_IMPORT.test(line) || MDX_EXPORT.test(line))) {
      // An MDX module statement runs to the next blank line (an exported object spans lines).
      while (i + 1 < lines.length && lines[i + 1].trim()) i++;
      continue;
    }
    if (opensHtmlBlock(line)) {
      flushForBlock();
      const end = htmlBlockEnd(lines, i);
      const html = [line, ...lines.slice(i + 1, end)].join('\n');
      // A README that opens with a centred `<h1 align="center">` is named by it, as by a `#` heading.
      if (!title) title = inline(HTML_H1.exec(html)?.[1] ?? '') || null;
      htmlBlocks.read(html);
      i = end - 1;
      listAbove = false;
      continue;
    }
    if (line.includes('|') && !INDENTED.test(line) && delimits(lines[i + 1] ?? '', line)) {
      flushForBlock();
      i = table(lines, i, builder) - 1;
      listAbove = false;
      continue;
    }
    const atx = /^\s{0,3}(#{1,6})\s+(.*)$/.exec(line);
    if (atx) {
      heading(atx[1].length, atx[2]);
      continue;
    }
    const next = lines[i + 1] ?? '';
    if (line.trim() && block.length === 0 && /^\s{0,3}(=+|-+)\s*$/.test(next) && !/^\s*[-*+]\s/.test(line)) {
      heading(next.trim().startsWith('=') ? 1 : 2, line);
      i++;
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      settle(false);
      continue;
    }
    if (block.length === 0 && INDENTED.test(line) && !listAbove) {
      settle(false);
      i = indentedCode(lines, i, builder) - 1;
      continue;
    }
    const definition = DEFINITION.exec(line);
    if (definition && block.length > 0 && block.length <= MAX_TERM_LINES && !LIST_ITEM.test(block[0])) {
      // A definition list (Pandoc's, kramdown's, PHP Markdown Extra's: "term" then ": definition"): the term is a
      // reference entry over its definition, as an HTML <dt> is, so small entries share a passage under their section.
      settle(false);
      const term = block.map((termLine) => inline(termLine.trim())).join(', ');
      block = [];
      builder.entry(BOLD_TITLE_LEVEL, term.slice(0, ENTRY_TITLE_CHARS), term);
      if (definition[1]) block.push(definition[1]);
      definitionOpen = true;
      definitionFirst = definition[1] !== undefined;
      listAbove = true;
      continue;
    }
    block.push(line);
  }
  flush();
  settle(false);
  // A page without a `#` heading is named by its front matter's title (Jekyll, Hugo and Docusaurus show it as the
  // heading), else by the heading it opens with, whatever its level ("### Work with a development container").
  const declared = frontMatter ? declaredTitle(frontMatter[2]) : null;
  const named = titleAfterText && firstLevelHeadings > 1 ? null : title;
  return { format: 'markdown', title: named ?? declared ?? (opening || null), sections: builder.sections, qa: [] };
}

/**
 * MDX (Markdown with JSX, Docusaurus's and Next.js's documentation) opens with module statements a reader never
 * sees: `import Tabs from '@theme/Tabs';`, `export const meta = {…}`. Its components' tags go as HTML tags do, their
 * text stays; a JSX comment (`{/* … *\/}`) goes too.
 */
const MDX_IMPORT = /^import\s+(?:[\w*{}\s,$]+\s+from\s+)?['"][^'"\n]+['"];?\s*$/;
const MDX_EXPORT = /^export\s+(?:const|let|default|function|async)\b/;
/** Statements are read on lines of at most this length: the import pattern backtracks over a line's spaces. */
const MDX_STATEMENT_MAX_CHARS = 500;

/** A definition's line under its term: ": text", or ":" alone when the definition opens with a block. */
const DEFINITION = /^ {0,3}:(?:[ \t]+(\S.*))?[ \t]*$/;
/** A term is at most this many lines (several terms of one definition, "-a" and "--all"). */
const MAX_TERM_LINES = 8;
/** An entry's heading holds this much of its term; the term stays whole as its first line. */
const ENTRY_TITLE_CHARS = 120;

/** A quotation's line, and one that opens a fence inside it ("> ```js"). */
const QUOTED = /^\s{0,3}> ?/;
const QUOTED_FENCE = /^\s{0,3}> ?\s*(```|~~~)/;

/** A kramdown block attribute list, alone on its line: "{:.warning}", "{: .note :}", "{:toc}". */
const ATTRIBUTE_LIST_LINE = /^\s{0,3}\{:[^{}\n]*\}\s*$/;

/** A table row's cells: the leading and trailing pipes are no cell's edge. */
const cellsOf = (line: string) =>
  splitCells(
    line
      .trim()
      .replace(/^\|/, '')
      .replace(/(?<!\\)\|$/, ''),
  );

/**
 * Whether `line` is the delimiter row under the header row `header` (GitHub's rule): "|:---|---:|", as many cells
 * as the header. Read cell by cell, not by one pattern of optional spaces and pipes, which is retried at every
 * space of a long line.
 */
function delimits(line: string, header: string): boolean {
  if (!line.includes('-') || INDENTED.test(line)) return false;
  const cells = cellsOf(line);
  return cells.length === cellsOf(header).length && cells.every((cell) => /^:?-+:?$/.test(cell.trim()));
}

/**
 * The pipe table whose header row is line `start` (the delimiter row under it is not text): each row one
 * paragraph of its cells joined by " | ", as HTML tables are read, so an answer quotes rows under their header.
 * An empty cell reads "—": dropped, it would shift the cells after it under the wrong header. Returns the index of
 * the first line after the table (a blank line or one without a pipe ends it).
 */
function table(lines: string[], start: number, builder: SectionBuilder): number {
  const row = (line: string) => {
    const cells = cellsOf(line).map((cell) => inline(cell.trim()));
    if (cells.some(Boolean)) builder.paragraph(cells.map((cell) => cell || '—').join(' | '));
  };
  row(lines[start]);
  let i = start + 2;
  for (; i < lines.length && lines[i].trim() && lines[i].includes('|'); i++) row(lines[i]);
  return i;
}

/** A row's cells: split on each pipe that is not escaped ("a \\| b" is one cell, shown as "a | b"). */
function splitCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  for (let k = 0; k < row.length; k++) {
    if (row[k] === '\\' && row[k + 1] === '|') {
      cell += '|';
      k++;
    } else if (row[k] === '|') {
      cells.push(cell);
      cell = '';
    } else cell += row[k];
  }
  cells.push(cell);
  return cells;
}

/** "Usage {#usage}", "Usage {: #usage .class}": a heading's id and attributes (kramdown, Pandoc, Hugo) are not its text. */
function withoutHeadingId(text: string): string {
  const open = text.lastIndexOf('{');
  // The id, then attributes only after a space: an id and attributes that could both take a letter were retried
  // at every letter of an id never closed.
  return open >= 0 && /^\{:?\s*#[\w:.-]+(?:\s[^{}]*)?\}\s*$/.test(text.slice(open)) ? text.slice(0, open).trimEnd() : text;
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;
/** Four spaces or a tab, then text: a line of an indented code block (outside a list). */
const INDENTED = /^(?: {4}|\t)\s*\S/;

/**
 * The indented code block starting at line `start`: its lines without their indentation, and the blank lines
 * between them (not after the last). Returns the index of the first line after it. Each line is read at most
 * twice (a run of blank lines once more to see whether code follows it).
 */
function indentedCode(lines: string[], start: number, builder: SectionBuilder): number {
  const code: string[] = [];
  let i = start;
  while (i < lines.length) {
    if (INDENTED.test(lines[i])) {
      code.push(lines[i].startsWith('\t') ? lines[i].slice(1) : lines[i].slice(4));
      i++;
      continue;
    }
    let after = i;
    while (after < lines.length && !lines[after].trim()) after++;
    if (after === i || after >= lines.length || !INDENTED.test(lines[after])) break;
    for (; i < after; i++) code.push('');
  }
  builder.code(code.join('\n'));
  return i;
}

/** A line that starts a list item, a table row or a quotation: it starts a line of its own. */
const startsLine = (line: string) => LIST_ITEM.test(line) || /^\s*[|>]/.test(line);

/**
 * A paragraph's lines as one text: a line break inside a paragraph is a soft wrap (CommonMark: rendered as a
 * space), so "…it is necessary\nto collect chunks…" reads as one sentence in a passage and an answer. Lines stay
 * apart where a list item, a table row or a quotation starts, after a table row or a hard break (two spaces or a
 * backslash at the end), and in a block indented as code.
 */
function unwrapped(lines: string[]): string {
  if (INDENTED.test(lines[0] ?? '')) return lines.join('\n');
  let text = lines[0] ?? '';
  for (let i = 1; i < lines.length; i++) {
    const previous = lines[i - 1];
    // A hard break read off the line's end: / {2,}$/ was retried at every space of a long run before a word.
    const apart = startsLine(lines[i]) || /^\s*\|/.test(previous) || previous.endsWith('  ') || previous.endsWith('\\');
    text += apart ? `\n${lines[i]}` : ` ${lines[i].trimStart()}`;
  }
  return text;
}

/** An `<h1>` in an HTML block, its text read up to 500 characters. */
const HTML_H1 = /<h1\b[^<>]*>([\s\S]{0,500}?)<\/h1\s*>/i;

/**
 * The text of a paragraph that is nothing but bold ("**Option 2: Use environment variables**") when it may title
 * what follows it, as `<p><b>…</b></p>` does in HTML (bold-titles.ts); else null.
 */
function boldOnly(paragraph: string): string | null {
  const text = paragraph.trim();
  const mark = text.slice(0, 2);
  if ((mark !== '**' && mark !== '__') || text.length <= 4 || !text.endsWith(mark) || text.includes('\n')) return null;
  if (text.slice(2, -2).includes(mark)) return null;
  const title = inline(text);
  return title && readsAsTitle(title) ? title : null;
}
