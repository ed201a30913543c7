// PDF through unpdf (pdf.js without eval). What its compressed streams
// inflate to is checked before pdf.js reads them (pdf-streams.ts), and the
// page count before any text is extracted: a decompression bomb or a
// document with thousands of pages is refused.
import { SectionBuilder, type ParsedDocument, type Section } from '../document';
import { ImportError, refuse } from '../errors';
import { assertPdfInflatesWithin } from './pdf-streams';
import {
  blocksOf,
  bodySize,
  brokenWord,
  furnitureOf,
  lineSteps,
  linesOf,
  sizeKey,
  withRunningTitles,
  type PdfBlock,
  type PdfLine,
  type PdfRun,
} from './pdf-layout';

export type PdfLimits = { maxPages: number; maxInflatedBytes: number };

export async function parsePdf(bytes: Buffer, limits: PdfLimits): Promise<ParsedDocument> {
  const { maxPages } = limits;
  await assertPdfInflatesWithin(bytes, limits.maxInflatedBytes);
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
  } catch (error) {
    throw refuse(`The PDF could not be read (corrupt or encrypted): ${(error as Error).message.slice(0, 200)}`);
  }
  try {
    if (pdf.numPages > maxPages) throw refuse(`The PDF has ${pdf.numPages} pages, over the limit of ${maxPages}`);
    const title = await pdfTitle(pdf);
    const pages: PdfLine[][] = [];
    for (let number = 1; number <= pdf.numPages; number++) pages.push(linesOf(await runsOf(await pdf.getPage(number))));
    return { format: 'pdf', title, sections: sectionsOf(pages), qa: [] };
  } catch (error) {
    // pdf.js finds most damage only while reading the pages (a page tree that points back at itself): the
    // file's fault, said as such, not an "unexpected error" of ours.
    if (error instanceof ImportError) throw error;
    throw refuse(`The PDF could not be read (damaged): ${(error as Error).message.slice(0, 200)}`);
  } finally {
    await pdf.destroy();
  }
}

/**
 * One section a page ("Page 12", as the reader cites it), its headings under it: a heading set larger than the
 * body's type opens a section of its own, a level for each size (the largest first), and goes on over the pages
 * after it until the next, so a section that turns the page keeps its name.
 */
function sectionsOf(pages: PdfLine[][]): Section[] {
  const repeated = furnitureOf(pages);
  const body = bodySize(pages, repeated);
  const layout = { body, furniture: withRunningTitles(repeated, pages, body), steps: lineSteps(pages) };
  const blocks = withParagraphsOverPageBreaks(pages.map((lines) => blocksOf(lines, layout)));
  const sizes = [...new Set(blocks.flat().flatMap((b) => (b.kind === 'heading' ? [sizeKey(b.size)] : [])))].sort((a, b) => b - a);
  const levelOf = (size: number) => 2 + sizes.indexOf(sizeKey(size));
  const builder = new SectionBuilder();
  let open: { level: number; text: string }[] = [];
  blocks.forEach((page, index) => {
    builder.heading(1, `Page ${index + 1}`);
    for (const heading of open) builder.heading(heading.level, heading.text);
    for (const block of page) {
      if (block.kind === 'heading') {
        const level = levelOf(block.size);
        open = [...open.filter((h) => h.level < level), { level, text: block.text }];
        builder.heading(level, block.text);
      } else if (block.kind === 'code') builder.code(block.text);
      else builder.paragraph(block.text);
    }
  });
  return builder.sections;
}

/**
 * A paragraph the page break cuts is one paragraph, on the page it starts on: a page ending without a sentence's end
 * and the next opening in lower case ("These type of comment" | "blocks are more in line…"). Each half alone was
 * quoted as an answer cut mid-sentence.
 */
function withParagraphsOverPageBreaks(pages: PdfBlock[][]): PdfBlock[][] {
  for (let i = 0; i + 1 < pages.length; i++) {
    const last = pages[i].at(-1);
    const next = pages[i + 1][0];
    // The last few characters looked at alone: a pattern anchored at the end is tried along the whole paragraph.
    const end = last?.text.slice(-8) ?? '';
    if (last?.kind === 'paragraph' && next?.kind === 'paragraph' && !/[.!?:;]["')\]]*$/.test(end) && /^\p{Ll}/u.test(next.text)) {
      last.text = brokenWord(end, next.text) ? last.text.slice(0, -1) + next.text : `${last.text} ${next.text}`;
      pages[i + 1] = pages[i + 1].slice(1);
    }
  }
  return pages;
}

/** A page's runs of text: where pdf.js places each, and its type size (the text matrix's vertical scale). */
async function runsOf(page: { getTextContent(): Promise<{ items: unknown[]; styles?: Record<string, { fontFamily?: string }> }> }): Promise<PdfRun[]> {
  const { items, styles = {} } = await page.getTextContent();
  const runs: PdfRun[] = [];
  for (const item of items) {
    const run = item as { str?: unknown; transform?: number[]; width?: number; height?: number; hasEOL?: boolean; fontName?: string };
    if (typeof run.str !== 'string' || !Array.isArray(run.transform)) continue;
    const [, , c = 0, d = 0, x = 0, y = 0] = run.transform;
    const mono = styles[run.fontName ?? '']?.fontFamily === 'monospace';
    runs.push({ text: run.str, x, y, width: run.width ?? 0, size: Math.hypot(c, d) || run.height || 0, endsLine: !!run.hasEOL, mono });
  }
  return runs;
}

async function pdfTitle(pdf: { getMetadata(): Promise<{ info: unknown }> }): Promise<string | null> {
  try {
    const { info } = await pdf.getMetadata();
    const title = (info as { Title?: unknown } | null)?.Title;
    return typeof title === 'string' && title.trim() ? title.trim() : null;
  } catch {
    return null;
  }
}
