// Which found URLs a crawl follows: http(s) only, normalised (no fragment,
// default port dropped by URL), within the start page's host or its path
// folder, matching the include patterns (when any) and none of the exclude
// patterns, and not an obvious non-document (images, scripts, archives).
import { wildcardMatch } from './robots';

export type CrawlScope = { start: URL; scope: 'host' | 'path'; include: string[]; exclude: string[] };

const NOT_DOCUMENTS =
  /\.(png|jpe?g|gif|svg|webp|ico|bmp|tiff?|css|js|mjs|map|json|woff2?|ttf|otf|eot|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|dmg|msi|iso|mp3|mp4|m4a|ogg|wav|webm|avi|mov|wasm)$/i;

/** The key a page is deduplicated by: the URL without its fragment. */
export function normaliseUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/** The folder the start page is in: /docs/guide/intro.html → /docs/guide/ */
export function pathPrefixOf(start: URL): string {
  return start.pathname.endsWith('/') ? start.pathname : start.pathname.slice(0, start.pathname.lastIndexOf('/') + 1);
}

export type ScopeVerdict = 'ok' | 'outside' | 'excluded' | 'not-a-document';

export function judge(url: URL, crawl: CrawlScope): ScopeVerdict {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'outside';
  if (url.host !== crawl.start.host) return 'outside';
  if (crawl.scope === 'path' && !url.pathname.startsWith(pathPrefixOf(crawl.start))) return 'outside';
  if (NOT_DOCUMENTS.test(url.pathname)) return 'not-a-document';
  const target = url.pathname + url.search;
  if (crawl.include.length && !crawl.include.some((p) => patternMatches(p, target))) return 'excluded';
  if (crawl.exclude.some((p) => patternMatches(p, target))) return 'excluded';
  return 'ok';
}

/** A pattern matches anywhere in the path and query; `*` stands for any characters. */
export function patternMatches(pattern: string, pathAndQuery: string): boolean {
  return wildcardMatch(`*${pattern}*`, pathAndQuery, true);
}
