// Decides a file's format from its bytes first (PDF and ZIP signatures,
// the ZIP's directory for DOCX vs XLSX, HTML markup), then from its
// Content-Type, and only last from the URL's extension. A file declared
// as one thing but sniffed as another is judged by its bytes.
import { isZip, readZipDirectory } from './zip-guard';
import { refuse } from './errors';
import type { Format } from './document';

export type Sniffed = { format: Format; text?: string };

const OFFICE_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
};

export function sniffFormat(bytes: Buffer, contentType: string, url: URL): Sniffed {
  const mime = contentType.split(';')[0].trim().toLowerCase();
  const extension = /\.([a-z0-9]{1,8})$/i.exec(url.pathname)?.[1].toLowerCase() ?? '';
  if (!bytes.length) throw refuse('The file is empty');
  if (bytes.subarray(0, 1024).includes('%PDF-')) return { format: 'pdf' };
  if (isZip(bytes)) {
    const names = new Set(readZipDirectory(bytes).map((e) => e.name));
    if (names.has('word/document.xml')) return { format: 'docx' };
    if (names.has('xl/workbook.xml')) return { format: 'xlsx' };
    throw refuse('The file is a ZIP archive that is neither a Word document nor an Excel workbook');
  }
  if (OFFICE_TYPES[mime]) throw refuse(`The file is declared as a ${OFFICE_TYPES[mime]} (${mime}) but its content is not one (corrupt file)`);
  const text = decodeText(bytes, contentType);
  if (text === null) throw refuse(`Unsupported file type${mime ? ` (${mime})` : ''}: supported are PDF, DOCX, HTML, Markdown, plain text, CSV and XLSX`);
  const head = text.slice(0, 2048).trimStart().toLowerCase();
  if (
    mime === 'text/html' ||
    mime === 'application/xhtml+xml' ||
    /^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/.test(head) ||
    (/^<!--/.test(head) && head.includes('<html'))
  ) {
    return { format: 'html', text };
  }
  if (mime === 'text/markdown' || mime === 'text/x-markdown' || ['md', 'markdown', 'mdown'].includes(extension)) return { format: 'markdown', text };
  if (mime === 'text/csv' || mime === 'text/tab-separated-values' || ['csv', 'tsv'].includes(extension)) return { format: 'csv', text };
  if (mime && !mime.startsWith('text/') && !['application/octet-stream', 'application/json', 'application/xml'].includes(mime)) {
    throw refuse(`Unsupported file type (${mime})`);
  }
  return { format: 'text', text };
}

/** The text of a file, or null when it is binary. */
function decodeText(bytes: Buffer, contentType: string): string | null {
  if (bytes.subarray(0, 8192).includes(0)) return null;
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  try {
    return new TextDecoder(charset && charset !== 'utf-8' && charset !== 'utf8' ? charset : 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not valid in the declared charset: accept latin-1 only for text that says it is text.
    return contentType.toLowerCase().startsWith('text/') ? new TextDecoder('latin1').decode(bytes) : null;
  }
}

export const SUPPORTED_FORMATS = 'PDF, Word (DOCX), Excel (XLSX), HTML, Markdown, plain text and CSV';

/**
 * A first look at an uploaded file's opening bytes, before it is stored:
 * the reason it can never be imported (empty, or binary that is neither a
 * PDF nor a ZIP), or null when the full sniff in the parse thread should
 * decide. Text must be UTF-8, as sniffFormat reads a file that declares no
 * charset. The file name plays no part.
 */
export function refusalOfHead(head: Buffer, size: number): string | null {
  if (size === 0 || head.length === 0) return 'The file is empty';
  if (head.subarray(0, 1024).includes('%PDF-') || isZip(head)) return null;
  const binary = `The file's content is not a supported type (it is binary, not text): supported are ${SUPPORTED_FORMATS}`;
  if (head.includes(0)) return binary;
  // A multi-byte character may be cut at the end of the head: judge only whole characters.
  const whole = head.length < size ? head.subarray(0, head.length - incompleteTail(head)) : head;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(whole);
    return null;
  } catch {
    return `The file's content is neither a supported document nor UTF-8 text: supported are ${SUPPORTED_FORMATS}`;
  }
}

/** Bytes of an unfinished UTF-8 sequence at the end of `bytes` (0–3). */
function incompleteTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}
