// What every format parser produces: a title when the file has one, text
// sections under their heading path, and question–answer rows for FAQ tables.
import { cleanCode, fenceCode } from '../text/code-blocks';

export type Section = { heading: string[]; paragraphs: string[] };
export type QaRow = { question: string; answer: string };
export type ParsedDocument = { format: Format; title: string | null; sections: Section[]; qa: QaRow[] };

export const FORMATS = ['pdf', 'docx', 'html', 'markdown', 'text', 'csv', 'xlsx'] as const;
export type Format = (typeof FORMATS)[number];

/** Collapses runs of spaces and trims; keeps no empty strings. */
export function cleanText(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** Adds a paragraph under the current heading path, opening a new section when the path changed. */
export class SectionBuilder {
  readonly sections: Section[] = [];
  private path: string[] = [];

  heading(level: number, text: string): void {
    const clean = cleanText(text).replace(/\n/g, ' ');
    if (!clean) return;
    this.path = [...this.path.slice(0, Math.max(0, level - 1)), clean];
  }

  paragraph(text: string): void {
    this.add(cleanText(text));
  }

  /** Preformatted code: indentation kept, written as a fenced block. */
  code(text: string): void {
    const clean = cleanCode(text);
    if (clean.trim()) this.add(fenceCode(clean));
  }

  private add(clean: string): void {
    if (!clean) return;
    const last = this.sections.at(-1);
    if (last && sameHeading(last.heading, this.path)) last.paragraphs.push(clean);
    else this.sections.push({ heading: [...this.path], paragraphs: [clean] });
  }
}

const sameHeading = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
