// The name a browser or client sends with an uploaded file is untrusted
// text: it may carry directories (`../../etc/passwd`), control characters,
// NUL, bidirectional overrides or thousands of characters. It is never used
// as a path (files are spooled under random names and kept in the database);
// it is only shown, so it is cleaned into a short, printable display name.
import { truncateUtf16, withoutXmlForbidden } from '../text/xml-chars';

export const MAX_FILE_NAME = 255;
const FALLBACK = 'unnamed file';

// C0/C1 controls and DEL, and the invisible formatting characters that can
// make a name display as something else (bidi overrides and isolates,
// zero-width joiners, the byte-order mark).
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

export function cleanFileName(raw: string | undefined | null): string {
  if (!raw) return FALLBACK;
  // Only the last segment of a path, whichever separator the client used.
  const last = raw.split(/[/\\]/).at(-1) ?? '';
  const printable = withoutXmlForbidden(last.normalize('NFC')).replace(INVISIBLE, '').replace(/\s+/g, ' ');
  // Leading dots and spaces (".." and hidden-file names) and trailing ones say nothing.
  const trimmed = printable.replace(/^[\s.]+/, '').replace(/[\s.]+$/, '');
  if (!trimmed) return FALLBACK;
  return shorten(trimmed, MAX_FILE_NAME);
}

/** At most `max` characters, keeping a short extension (`….pdf`) so the type stays visible. */
function shorten(name: string, max: number): string {
  if (name.length <= max) return name;
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(name)?.[0] ?? '';
  return `${truncateUtf16(name.slice(0, name.length - extension.length), max - extension.length - 1).trimEnd()}…${extension}`;
}

/** The key a file's content is stored under in its dataset: the same name uploaded again replaces it. */
export const uploadKeyOf = (name: string) => `upload:${encodeURIComponent(name)}`;

/** Whether a content's import key is an uploaded file's (uploadKeyOf), not a URL. */
export const isUploadKey = (key: string) => key.startsWith('upload:');

/** A file: URL whose path ends in the name, so the parser sees its extension (a hint for Markdown and CSV only). */
export const parseUrlOf = (name: string) => new URL(`file:///${encodeURIComponent(name)}`);

/** Content-Disposition of a download: an ASCII fallback name and the exact one (RFC 6266 / 5987). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
