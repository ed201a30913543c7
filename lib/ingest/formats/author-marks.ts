// Before a page is read: its markup made what a browser would make of it, and what its author marked as
// not for search taken out.
import { parseHTML } from 'linkedom';
import { closeHeadingsAsBrowsersDo } from './heading-tags';
import type { NodeLike, Queryable } from './dom';

/**
 * What the page's author marked as not for search: SQLite's `<div class=nosearch>` around its tagline, page
 * title and table of contents on every page, Pagefind's `data-pagefind-ignore`, MkDocs Material's
 * `data-search-exclude`, Yahoo's `robots-nocontent`, Yandex's `<noindex>`. Removed before anything reads the
 * page: Readability rewrites a block of text as a `<p>` without its attributes. A mark that would take half the
 * page's text or more is not a box of chrome (a site marking the whole page, or its article) and is ignored: the
 * page was uploaded to be searched.
 */
const NOT_FOR_SEARCH = [
  ...['nosearch', 'no-search', 'noindex', 'no-index', 'robots-nocontent', 'search-exclude'].map((name) => `.${name}`),
  '[data-pagefind-ignore]',
  '[data-search-exclude]',
  'noindex',
].join(', ');

/** The page parsed, without what its author marked as not for search. */
export function parsePage(page: string) {
  const html = closeHeadingsAsBrowsersDo(page);
  const { document } = parseHTML(html);
  const marked = Array.from(document.querySelectorAll(NOT_FOR_SEARCH)).filter((node) => !['HTML', 'BODY'].includes(node.tagName.toUpperCase()));
  if (!marked.length) return document;
  const before = textLengthOf(document.body as unknown as NodeLike & Queryable);
  for (const node of marked) node.remove();
  return textLengthOf(document.body as unknown as NodeLike & Queryable) * 2 > before ? document : parseHTML(html).document;
}

/** Letters and digits of the page's text, scripts and styles not counted. */
function textLengthOf(body: (NodeLike & Queryable) | null): number {
  const count = (text: string | null) => (text ?? '').replace(/[^\p{L}\p{N}]+/gu, '').length;
  const code = Array.from(body?.querySelectorAll('script, style, noscript, template') ?? []) as NodeLike[];
  return count(body?.textContent ?? null) - code.reduce((sum, node) => sum + count(node.textContent), 0);
}
