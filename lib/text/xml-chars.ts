// Characters XML 1.0 forbids (§2.2 Char): C0 controls other than tab, line
// feed and carriage return, lone surrogates, U+FFFE and U+FFFF. One such
// character in a cell made the whole .xlsx unreadable, so every string that
// is stored or written into a file format passes through here.
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const HAS_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** The text without the characters XML 1.0 cannot carry. */
export function withoutXmlForbidden(text: string): string {
  return HAS_FORBIDDEN.test(text) ? text.replace(FORBIDDEN, '') : text;
}

/** The first character XML 1.0 cannot carry, as U+XXXX, or null. */
export function firstXmlForbidden(text: string): string | null {
  const match = HAS_FORBIDDEN.exec(text);
  if (!match) return null;
  return `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** At most `max` UTF-16 units, never ending in half a surrogate pair. */
export function truncateUtf16(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
