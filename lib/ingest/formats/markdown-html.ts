// HTML blocks in Markdown. CommonMark hands a block that opens with a block-level tag to the page as HTML, and
// GitHub READMEs, Jekyll and Docusaurus pages write their tables, disclosures and centred banners so: a <table> a
// row per <tr>, "<details><summary>…</summary>" around Markdown. Stripped of its tags as inline markup, such a
// table was one paragraph of all its cells with its entities still escaped ("memory=L&lt;inf, memory-swap=inf");
// read as the HTML reader reads a page, each row is a paragraph of its cells under their header, and a
// disclosure's summary is handed to the Markdown reader, which may take it for the title of what the disclosure hides.
import type { SectionBuilder } from '../document';
import { readFragmentInto } from './html';
import { MAX_NESTING, nestingDepth } from './nesting';

/** CommonMark's sixth kind of HTML block: a line that opens or closes one of these tags starts one. */
const BLOCK_TAG =
  /^ {0,3}<\/?(?:address|article|aside|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|html|legend|li|main|menu|nav|ol|p|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)(?:[\s/>]|$)/i;

export const opensHtmlBlock = (line: string) => BLOCK_TAG.test(line);

/**
 * A table runs on to its end tag past blank lines (authors space its rows out, and kramdown reads it whole), for at
 * most this many lines; any other block ends at a blank line, as CommonMark says.
 */
const MAX_TABLE_LINES = 5_000;

/** The index of the first line after the HTML block that starts at line `start`. */
export function htmlBlockEnd(lines: string[], start: number): number {
  if (!/^ {0,3}<table\b/i.test(lines[start])) {
    let i = start;
    while (i < lines.length && lines[i].trim()) i++;
    return i;
  }
  let open = 0;
  const last = Math.min(lines.length, start + MAX_TABLE_LINES);
  for (let i = start; i < last; i++) {
    open += occurrences(lines[i], '<table') - occurrences(lines[i], '</table');
    if (open <= 0) return i + 1;
  }
  return last;
}

const occurrences = (line: string, tag: string) => line.toLowerCase().split(tag).length - 1;

/**
 * A page's `<details>`, `</details>` and `<summary>…</summary>`, taken apart from the HTML between them: a
 * disclosure usually holds Markdown, so its tags stand in blocks of their own, opened in one and closed in another.
 * A summary is read up to 1,000 characters: a block of summaries never closed is not scanned to its end for each.
 */
const DISCLOSURE = /<details\b[^<>]*>|<\/details\s*>|<summary\b[^<>]*>([\s\S]{0,1000}?)<\/summary\s*>/gi;

/**
 * HTML blocks read through the HTML parser, at most this many a page: a page of 100,000 one-line blocks would
 * otherwise parse 100,000 documents. Past it a block is read as inline markup is, its tags stripped.
 */
const MAX_PARSED_BLOCKS = 2_000;

/** What the Markdown reader does with a disclosure's parts: its summary may title the Markdown inside it. */
export type Disclosure = { summary: (text: string) => void; end: () => void };

/** Reads a page's HTML blocks into its sections; `inline` is the Markdown reader's text of a line (tags out, entities decoded). */
export class HtmlBlocks {
  private parsed = 0;

  constructor(
    private readonly builder: SectionBuilder,
    private readonly inline: (text: string) => string,
    private readonly disclosure: Disclosure,
  ) {}

  read(html: string): void {
    let at = 0;
    for (const match of html.matchAll(DISCLOSURE)) {
      this.fragment(html.slice(at, match.index));
      at = match.index + match[0].length;
      if (match[1] !== undefined) this.disclosure.summary(this.inline(match[1]));
      else if (match[0][1] === '/') this.disclosure.end();
    }
    this.fragment(html.slice(at));
  }

  private fragment(html: string): void {
    if (!html.trim()) return;
    // A block nested past what any page nests (nesting.ts) is read as text: the rest of the page is Markdown still.
    if (this.parsed >= MAX_PARSED_BLOCKS || nestingDepth(html) > MAX_NESTING) {
      this.builder.paragraph(this.inline(html));
      return;
    }
    this.parsed++;
    readFragmentInto(html, this.builder);
  }
}
