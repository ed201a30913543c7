// How deep a page's elements nest, counted from its tags before it is parsed.
// The HTML parser keeps its open elements in an array it shifts and unshifts
// at the front, so its time grows with the square of the depth: 20,000 nested
// <table><tr><td> took it 10 s, 100,000 nested <div>s 20 s. Documents nest a
// few dozen deep; a page nested thousands deep is refused with a reason
// instead of holding a parse thread for its whole time limit.

import { refuse } from '../errors';

/** Deeper than any page seen here by a hundredfold (41,720 pages of /usr/share/doc: 18 at most), and quick to parse. */
export const MAX_NESTING = 2_000;

/** Refuses markup nested deeper than MAX_NESTING, before the parser spends its time on it. */
export function assertShallowNesting(html: string): void {
  const depth = nestingDepth(html);
  if (depth > MAX_NESTING) {
    throw refuse(
      `The page nests its elements ${depth.toLocaleString('en')} deep, over the limit of ${MAX_NESTING.toLocaleString('en')} (documents nest a few dozen deep)`,
    );
  }
}

/** Elements that have no end tag, or whose end tag may be left out (the parser closes them itself): they do not deepen. */
const NOT_NESTING = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'caption',
  'option',
  'optgroup',
  'rt',
  'rp',
  'html',
  'head',
  'body',
]);
/** Elements whose content is text up to their end tag, as the HTML parser reads them (noscript is not one): tags inside them are not tags. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp']);

/**
 * The most elements open at once in `html`, reading each tag once: opened minus closed, for elements that must be
 * closed. An upper bound of the parser's depth (an end tag it would match further up counts one level here).
 */
export function nestingDepth(html: string): number {
  const lower = html.toLowerCase();
  let depth = 0;
  let deepest = 0;
  let at = lower.indexOf('<');
  while (at >= 0) {
    if (lower.startsWith('<!--', at)) {
      const end = lower.indexOf('-->', at + 4);
      if (end < 0) break;
      at = lower.indexOf('<', end + 3);
      continue;
    }
    const closing = lower[at + 1] === '/';
    const nameStart = at + (closing ? 2 : 1);
    let nameEnd = nameStart;
    while (nameEnd - nameStart < 20 && isNameChar(lower.charCodeAt(nameEnd))) nameEnd++;
    // "a < b" in text: no tag here.
    if (nameEnd === nameStart || !isLetter(lower.charCodeAt(nameStart))) {
      at = lower.indexOf('<', at + 1);
      continue;
    }
    const tagEnd = lower.indexOf('>', nameEnd);
    if (tagEnd < 0) break;
    const name = lower.slice(nameStart, nameEnd);
    if (!closing && RAW_TEXT.has(name)) {
      const end = lower.indexOf(`</${name}`, tagEnd);
      if (end < 0) break;
      at = lower.indexOf('<', end + 2);
      continue;
    }
    if (!NOT_NESTING.has(name) && lower[tagEnd - 1] !== '/') {
      depth = closing ? Math.max(0, depth - 1) : depth + 1;
      if (depth > deepest) deepest = depth;
    }
    at = lower.indexOf('<', tagEnd + 1);
  }
  return deepest;
}

const isLetter = (code: number) => code >= 97 && code <= 122;
const isNameChar = (code: number) => isLetter(code) || (code >= 48 && code <= 57);
