// DOCX through mammoth, after the ZIP guard: Word headings keep their
// levels because mammoth turns them into <h1>…<h6>.
import { sectionsFromHtml } from './html';
import { assertShallowNesting } from './nesting';
import { guardZip, type ZipLimits } from '../zip-guard';
import { refuse } from '../errors';
import type { ParsedDocument } from '../document';

export async function parseDocx(bytes: Buffer, limits: ZipLimits): Promise<ParsedDocument> {
  const names = guardZip(bytes, limits);
  if (!names.has('word/document.xml')) throw refuse('The archive is not a Word document (no word/document.xml)');
  const mammoth = (await import('mammoth')).default;
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch (error) {
    // mammoth walks the document's XML recursively: tables or links nested tens of thousands deep overflow its stack.
    if (error instanceof RangeError && /call stack/i.test(error.message))
      throw refuse('The Word document nests its tables, lists or links too deep to read (documents nest a few levels deep)');
    throw refuse(`The Word document could not be read: ${(error as Error).message.slice(0, 200)}`);
  }
  assertShallowNesting(html);
  const sections = sectionsFromHtml(html);
  const title = sections.find((s) => s.heading.length)?.heading[0] ?? null;
  return { format: 'docx', title, sections, qa: [] };
}
