// The links of an HTML page, for a crawl: every <a href> (and <area href>),
// resolved against the page's URL or its <base href>. A scanner over the
// markup rather than a DOM: it runs on the main thread beside the download
// (the DOM is built in the parse thread for the text), and stays linear on
// the 2.5 MB pages of big documentation sites.
import { decodeXmlText } from './sitemap';

/** At most this many links are read from one page. */
export const MAX_LINKS_PER_PAGE = 5000;

const TAG = /<(a|area|base)\b([^>]*)>/gi;
const HREF = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const REL_NOFOLLOW = /\srel\s*=\s*(?:"[^"]*\bnofollow\b[^"]*"|'[^']*\bnofollow\b[^']*'|nofollow\b)/i;

export function linksOf(html: string, pageUrl: URL): URL[] {
  let base = pageUrl;
  const links: URL[] = [];
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const tag = match[1].toLowerCase();
    const href = HREF.exec(match[2]);
    if (!href) continue;
    const raw = decodeXmlText(href[1] ?? href[2] ?? href[3] ?? '');
    if (!raw || raw.startsWith('#') || /^(javascript|mailto|tel|data):/i.test(raw)) continue;
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      continue;
    }
    if (tag === 'base') {
      if (url.protocol === 'http:' || url.protocol === 'https:') base = url;
      continue;
    }
    if (REL_NOFOLLOW.test(match[2])) continue;
    links.push(url);
    if (links.length >= MAX_LINKS_PER_PAGE) break;
  }
  TAG.lastIndex = 0;
  return links;
}
