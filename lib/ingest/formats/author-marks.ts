// Before a page is read: its markup made what a browser would make of it, and what its author marked as
// not for search taken out.
import { parseHTML } from 'linkedom';
import { withDocumentFrame } from './document-frame';
import { closeHeadingsAsBrowsersDo } from './heading-tags';
import type { NodeLike, Queryable } from './dom';
import { letters } from './link-lists';

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

/**
 * The page's reader: each call parses it afresh (Readability changes the document it reads), with its markup made
 * what a browser would make of it and without what its author marked as not for search. The markup is mended and
 * the half-page guard decided once, on the first read.
 */
export function pageReader(page: string): () => Document {
  const html = closeHeadingsAsBrowsersDo(withDocumentFrame(page));
  let strip: boolean | undefined;
  return () => {
    const { document } = parseHTML(html);
    const marked = Array.from(document.querySelectorAll(NOT_FOR_SEARCH)).filter((node) => !['HTML', 'BODY'].includes(node.tagName.toUpperCase()));
    if (!marked.length || strip === false) return document as unknown as Document;
    const before = strip === undefined ? textLengthOf(document.body as unknown as NodeLike & Queryable) : 0;
    for (const node of marked) node.remove();
    strip ??= textLengthOf(document.body as unknown as NodeLike & Queryable) * 2 > before;
    return (strip ? document : parseHTML(html).document) as unknown as Document;
  };
}

/** The page's text without spaces, scripts and styles not counted (link-lists' `letters`). */
function textLengthOf(body: (NodeLike & Queryable) | null): number {
  const code = Array.from(body?.querySelectorAll('script, style, noscript, template') ?? []) as NodeLike[];
  return letters(body?.textContent ?? null) - code.reduce((sum, node) => sum + letters(node.textContent), 0);
}
