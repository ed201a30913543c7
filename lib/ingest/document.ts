// What every format parser produces: a title when the file has one, text
// sections under their heading path, and question–answer rows for FAQ tables.
import { cleanCode, fenceCode } from '../text/code-blocks';

/** `entry`: a reference entry (a function, a setting) whose first paragraph is its term, as HTML definition lists give them. */
export type Section = { heading: string[]; paragraphs: string[]; entry?: boolean };
export type QaRow = { question: string; answer: string };
export type ParsedDocument = { format: Format; title: string | null; sections: Section[]; qa: QaRow[] };

export const FORMATS = ['pdf', 'docx', 'html', 'markdown', 'text', 'csv', 'xlsx'] as const;
export type Format = (typeof FORMATS)[number];

/**
 * Characters of Unicode's private use areas, and what separates a run of them: an icon font's glyphs
 * (Django's console tabs "\uf17c/\uf179 \uf17a" are the Linux, Apple and Windows logos). No reader sees
 * them as text, and between an introduction and its code they hid that the one introduces the other.
 */
const ICON_GLYPHS = /\p{Co}(?:[\s/|·,-]*\p{Co})*/gu;

export const withoutIconGlyphs = (text: string) => text.replace(ICON_GLYPHS, '');

/** Collapses runs of spaces and trims; keeps no empty strings. */
export function cleanText(text: string): string {
  return withoutIconGlyphs(text)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/**
 * A paragraph's lines joined by single spaces (the lines of a text or a PDF page wrap one paragraph). Split
 * and trimmed rather than replaced by a pattern of optional spaces around a line break: that was retried at
 * every space of a run of spaces, so a line of 80,000 spaces took 6 s.
 */
export function joinedLines(paragraph: string): string {
  return paragraph
    .split('\n')
    .map((line) => line.trim())
    .join(' ');
}

/** Adds a paragraph under the current heading path, opening a new section when the path changed. */
export class SectionBuilder {
  readonly sections: Section[] = [];
  private path: string[] = [];
  private levels: number[] = [];
  /** The marker of a list item whose first paragraph is still to come ("•", "3."). */
  private marker: string | null = null;

  /**
   * A heading closes the open headings of its level and below: an <h3> after
   * an <h2> nests under it even when the page has no <h1>. Level 0 is a
   * title above every heading of the file.
   */
  heading(level: number, text: string): void {
    this.marker = null;
    const clean = cleanText(text).replace(/\n/g, ' ');
    if (!clean) return;
    const keep = this.openAbove(level);
    this.path = this.path.slice(0, keep);
    this.levels = this.levels.slice(0, keep);
    // A page's first heading often repeats its title, given as the path's root. It still ends the headings it
    // follows at its level: a site's name in an <h1> above the page's own (Sphinx's header) is not the page's section.
    if (keep > 0 && this.path[keep - 1] === clean) return;
    this.path.push(clean);
    this.levels.push(level);
  }

  /** A reference entry: a heading of its own (`title`, the term or its start) whose term is also its first line. */
  entry(level: number, title: string, term: string): void {
    this.heading(level, title);
    this.add(cleanText(term), true);
  }

  /** Ends the headings of `level` and deeper: what follows belongs to the heading above them again. */
  close(level: number): void {
    const keep = this.openAbove(level);
    this.path = this.path.slice(0, keep);
    this.levels = this.levels.slice(0, keep);
  }

  /** How many open headings sit above `level` (those of a lower level), the ones it keeps. */
  private openAbove(level: number): number {
    let keep = this.levels.length;
    while (keep > 0 && this.levels[keep - 1] >= level) keep--;
    return keep;
  }

  paragraph(text: string): void {
    const clean = cleanText(text);
    if (clean && this.marker) {
      this.add(`${this.marker} ${clean}`);
      this.marker = null;
    } else this.add(clean);
  }

  /**
   * A list item starts: its first paragraph opens with `marker` ("•" for an unordered list, "3." for an ordered
   * one), as the Markdown parser writes items and the answer shows them as a Markdown list again. An item that
   * opens with code or a heading has none.
   */
  listItem(marker: string): void {
    this.marker = marker;
  }

  /** Preformatted code: indentation kept, written as a fenced block. */
  code(text: string): void {
    this.marker = null;
    const clean = cleanCode(text);
    if (clean.trim()) this.add(fenceCode(clean));
  }

  private add(clean: string, entry = false): void {
    if (!clean) return;
    const last = this.sections.at(-1);
    if (last && sameHeading(last.heading, this.path) && !entry) last.paragraphs.push(clean);
    else this.sections.push(entry ? { heading: [...this.path], paragraphs: [clean], entry } : { heading: [...this.path], paragraphs: [clean] });
  }
}

const sameHeading = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
