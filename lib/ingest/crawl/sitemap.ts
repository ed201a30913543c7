// sitemap.xml (sitemaps.org): a <urlset> of <loc> pages, or a
// <sitemapindex> of further sitemaps. Read with a scanner for <loc>
// elements rather than an XML parser: the format is that simple, and the
// input is bounded (SITEMAP_MAX_BYTES, each file; SITEMAP_MAX_FILES in all).
import zlib from 'node:zlib';

export const SITEMAP_MAX_BYTES = 10 * 1024 * 1024;
export const SITEMAP_MAX_FILES = 10;

export type Sitemap = { kind: 'urlset' | 'index'; locations: string[] };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** The <loc> entries of a sitemap (gzip-compressed ones are inflated, within the size limit). */
export function parseSitemap(bytes: Buffer, limit: number, maxEntries: number): Sitemap {
  let data = bytes;
  if (data[0] === 0x1f && data[1] === 0x8b) {
    try {
      data = zlib.gunzipSync(data, { maxOutputLength: limit });
    } catch {
      return { kind: 'urlset', locations: [] };
    }
  }
  const text = data.toString('utf8');
  const kind = /<sitemapindex[\s>]/i.test(text) ? 'index' : 'urlset';
  const locations: string[] = [];
  const pattern = /<loc>([\s\S]*?)<\/loc>/gi;
  for (let match = pattern.exec(text); match && locations.length < maxEntries; match = pattern.exec(text)) {
    const loc = decodeXmlText(match[1]);
    if (loc) locations.push(loc);
  }
  return { kind, locations };
}
