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
  if (['text/markdown', 'text/x-markdown', 'text/mdx'].includes(mime) || ['md', 'markdown', 'mdown', 'mdx'].includes(extension))
    return { format: 'markdown', text };
  if (mime === 'text/csv' || mime === 'text/tab-separated-values' || ['csv', 'tsv'].includes(extension)) return { format: 'csv', text };
  if (mime && !mime.startsWith('text/') && !['application/octet-stream', 'application/json', 'application/xml'].includes(mime)) {
    throw refuse(`Unsupported file type (${mime})`);
  }
  return { format: 'text', text };
}

/**
 * The text of a file, or null when it is binary: in the encoding a byte-order mark names (Notepad and Excel save
 * "Unicode" text as UTF-16), else the one the Content-Type declares, else UTF-8; text that is not valid UTF-8 in
 * the charset an HTML page's <meta> declares, else Windows-1252, as browsers read Latin-1 (Excel on Windows saves
 * CSV so).
 */
function decodeText(bytes: Buffer, contentType: string): string | null {
  const marked = markedEncoding(bytes);
  if (marked) return decodeWith(marked, bytes, false);
  if (bytes.subarray(0, 8192).includes(0)) return null;
  const declared = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  const served = declared ? decodeWith(declared, bytes, true) : null;
  if (served !== null) return served;
  // Valid UTF-8 is UTF-8 whatever a page's <meta> says (pages that declare Latin-1 and are saved as UTF-8 are common).
  const utf8 = decodeWith('utf-8', bytes, true);
  if (utf8 !== null) return utf8;
  if (!looksLikeText(bytes)) return null;
  // A <meta> that names UTF-16 is wrong about bytes it could be read in (browsers read it as UTF-8, which failed here).
  const meta = metaCharset(bytes)?.toLowerCase();
  return (meta && !meta.startsWith('utf-') ? decodeWith(meta, bytes, false) : null) ?? decodeWith('windows-1252', bytes, false);
}

/** The encoding a byte-order mark names, or null. */
function markedEncoding(bytes: Buffer): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** The charset an HTML page declares in its first kilobyte (<meta charset="…"> or http-equiv), or null. */
function metaCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 1024).toString('latin1');
  return /<meta[^>]{0,200}?charset\s*=\s*["']?([\w-]{1,40})/i.exec(head)?.[1] ?? null;
}

/** The bytes decoded in `encoding` (a mark it names is dropped), or null when it is unknown or, with `fatal`, they are not valid in it. */
function decodeWith(encoding: string, bytes: Buffer, fatal: boolean): string | null {
  const label = encoding.toLowerCase();
  if (WINDOWS_1252_LABELS.has(label)) return windows1252(bytes);
  try {
    return new TextDecoder(label, { fatal }).decode(bytes);
  } catch {
    return null;
  }
}

/** Labels browsers read as Windows-1252 (the WHATWG Encoding Standard's list, in part). */
const WINDOWS_1252_LABELS = new Set(['windows-1252', 'cp1252', 'x-cp1252', 'iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'ascii', 'us-ascii']);
/** Windows-1252's characters for the bytes 0x80–0x9F (Latin-1's control characters there); the other bytes are Latin-1's. */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Windows-1252 text (Node's decoder for that label reads Latin-1: 0x80 as U+0080, not €). */
function windows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/** Control characters other than tab, line feed, form feed and carriage return, per byte of text at most. */
const CONTROL_SHARE = 0.01;

/** Whether 8-bit bytes read as text: hardly any control characters in their first 64 KB (a binary file has many). */
function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 65_536);
  let controls = 0;
  for (const byte of sample) if ((byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13) || byte === 0x7f) controls++;
  return controls <= sample.length * CONTROL_SHARE;
}

export const SUPPORTED_FORMATS = 'PDF, Word (DOCX), Excel (XLSX), HTML, Markdown, plain text and CSV';

/**
 * A first look at an uploaded file's opening bytes, before it is stored:
 * the reason it can never be imported (empty, or binary that is neither a
 * PDF nor a ZIP), or null when the full sniff in the parse thread should
 * decide: documents, and text in any encoding sniffFormat reads. The file
 * name plays no part.
 */
export function refusalOfHead(head: Buffer, size: number): string | null {
  if (size === 0 || head.length === 0) return 'The file is empty';
  if (head.subarray(0, 1024).includes('%PDF-') || isZip(head) || markedEncoding(head)) return null;
  const binary = `The file's content is not a supported type (it is binary, not text): supported are ${SUPPORTED_FORMATS}`;
  if (head.includes(0)) return binary;
  // A multi-byte character may be cut at the end of the head: judge only whole characters.
  const whole = head.length < size ? head.subarray(0, head.length - incompleteTail(head)) : head;
  if (decodeWith('utf-8', whole, true) !== null || looksLikeText(head)) return null;
  return binary;
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
