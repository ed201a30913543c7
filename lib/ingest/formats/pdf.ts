// PDF through unpdf (pdf.js without eval). What its compressed streams
// inflate to is checked before pdf.js reads them (pdf-streams.ts), and the
// page count before any text is extracted: a decompression bomb or a
// document with thousands of pages is refused.
import { SectionBuilder, joinedLines, type ParsedDocument } from '../document';
import { ImportError, refuse } from '../errors';
import { assertPdfInflatesWithin } from './pdf-streams';

export type PdfLimits = { maxPages: number; maxInflatedBytes: number };

export async function parsePdf(bytes: Buffer, limits: PdfLimits): Promise<ParsedDocument> {
  const { maxPages } = limits;
  await assertPdfInflatesWithin(bytes, limits.maxInflatedBytes);
  const { getDocumentProxy, extractText } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
  } catch (error) {
    throw refuse(`The PDF could not be read (corrupt or encrypted): ${(error as Error).message.slice(0, 200)}`);
  }
  try {
    if (pdf.numPages > maxPages) throw refuse(`The PDF has ${pdf.numPages} pages, over the limit of ${maxPages}`);
    const title = await pdfTitle(pdf);
    const { text } = await extractText(pdf, { mergePages: false });
    const builder = new SectionBuilder();
    text.forEach((page, index) => {
      builder.heading(1, `Page ${index + 1}`);
      for (const paragraph of page.split(/\n\s*\n/)) builder.paragraph(joinedLines(paragraph));
    });
    return { format: 'pdf', title, sections: builder.sections, qa: [] };
  } catch (error) {
    // pdf.js finds most damage only while reading the pages (a page tree that points back at itself): the
    // file's fault, said as such, not an "unexpected error" of ours.
    if (error instanceof ImportError) throw error;
    throw refuse(`The PDF could not be read (damaged): ${(error as Error).message.slice(0, 200)}`);
  } finally {
    await pdf.destroy();
  }
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
