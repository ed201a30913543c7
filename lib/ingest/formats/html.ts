// HTML: the main text (no navigation, sidebars or footers), the title, and
// the heading path of every paragraph. A page that marks its main content
// (an ARIA main landmark, <main>, or a single <article>) is read from there
// with the chrome inside removed: exact and fast. Only pages without such a
// mark go through Readability's scoring, which is slow on big pages, and its
// pick is checked against the whole page: Readability keeps one subtree, and
// on documentation split into sibling sections (DocBook's sect2 divs) that
// subtree was a fifth of the page.
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { SectionBuilder, type ParsedDocument, type Section } from '../document';
import { LINKED_SHARE, letters, linkListsOf } from './link-lists';
import { boldTitleOf } from './bold-titles';
import { CHROME_NAME, headingText, type El, type NodeLike, type Queryable } from './dom';
import { pageReader } from './author-marks';
import { assertShallowNesting } from './nesting';
import { asLabel } from '../../text/box-labels';
import { cleanTitle, withPurpose, withoutSiteName } from './page-title';

const HEADING = /^H([1-6])$/;
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'NAV', 'BUTTON', 'FORM', 'IFRAME', 'SELECT']);
const LEAF_BLOCKS = new Set(['P', 'PRE', 'LI', 'DT', 'DD', 'BLOCKQUOTE', 'TD', 'TH', 'FIGCAPTION', 'CAPTION', 'ADDRESS']);
const BLOCKS = new Set([
  ...['P', 'PRE', 'UL', 'OL', 'DL', 'DIV', 'SECTION', 'ARTICLE', 'BLOCKQUOTE', 'FIGURE', 'DETAILS', 'SUMMARY', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6'],
  ...['TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR'],
]);
// Chrome is skipped while walking (a CSS query per kind was slower than the walk itself).
const CHROME_TAGS = new Set(['NAV', 'FOOTER', 'ASIDE']);
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search']);
// Inside the main landmark a <header> is the article's own header (it holds the <h1>): keep it there only.
const PAGE_CHROME_TAGS = new Set([...CHROME_TAGS, 'HEADER']);
/** Readability scores every node; past this size a page without landmarks is read whole, without its chrome. */
const READABILITY_MAX_CHARS = 1_000_000;
/**
 * Readability's pick must hold at least this share of the page's text
 * (without chrome and link lists), else the page is read whole: an article
 * is nearly all of such a text, a manual page cut to one of its sections
 * 20–80 % of it.
 */
const READABILITY_MIN_SHARE = 0.85;

/**
 * Class names of what documentation generators add to an entry or a heading for the reader's browser: Sphinx's
 * permalink (¶) and its link to the generated source listing ("[source]"); rustdoc's version and source link beside
 * every item ("1.0.0 · source · [−]", "const: 1.39.0 · source"), its "Run" button on examples, the "Expand
 * description" toggle and the notable-traits tooltip it writes into a method's signature. Kept through Readability
 * (which drops class names) so the walk still knows them: on Django's pages every entry read "Page.object_list¶"
 * or "class ModelForm[source]¶", in the answer and in the source's title; on Rust's standard library every method
 * was headed "pub const fn new() -> Vec<T, Global>ⓘNotable traits for Vec<u8, A>impl<A: Allocator> Write for …".
 * Doxygen writes the page's title again above its text, in no heading tag (`div.headertitle`): the page's name;
 * and a "◆" permalink before every member's heading (`span.permalink`). RDoc's "click to toggle source" beside
 * every method's name (`span.method-click-advice`).
 */
const GENERATOR_MARK_CLASSES = [
  'headerlink',
  'viewcode-link',
  'srclink',
  'rightside',
  'out-of-band',
  'notable-traits',
  'test-arrow',
  'hideme',
  'headertitle',
  'permalink',
  'method-click-advice',
];
const GENERATOR_MARK = new RegExp(`(?:^|\\s)(?:${GENERATOR_MARK_CLASSES.join('|')})(?:\\s|$)`);
/** The elements such marks are written as (rustdoc's toggle is a <summary>). */
const GENERATOR_MARK_TAGS = new Set(['A', 'SPAN', 'SUMMARY', 'BUTTON', 'DIV']);

/** Class names of the boxes documentation sets apart inside a section (DocBook, Docusaurus, Bootstrap, …). */
const ADMONITION_CLASSES = new Set([
  'note',
  'tip',
  'warning',
  'caution',
  'important',
  'hint',
  'attention',
  'danger',
  'notice',
  'admonition',
  'callout',
  'alert',
]);

export function parseHtml(html: string): ParsedDocument {
  assertShallowNesting(html);
  const read = pageReader(html);
  const document = read();
  const pageTitle = withoutSiteName(cleanTitle(document.title ?? null), document as unknown as Queryable);
  const landmark = mainLandmark(document as unknown as Queryable);
  if (landmark) {
    const sections = sectionsOf(landmark as unknown as El, null, CHROME_TAGS);
    return page(pageTitle ?? firstHeading(sections), sections);
  }
  // Readability changes the document it reads: the whole page is read from a copy of its own.
  const fresh = read();
  const body = fresh.body as unknown as El;
  let whole = sectionsOf(body, pageTitle, PAGE_CHROME_TAGS, linkListsOf(body, LINK_LIST_TAGS));
  // A page that is nothing but links (an index) is its links.
  if (!whole.length) whole = sectionsOf(body, pageTitle, PAGE_CHROME_TAGS);
  if (html.length <= READABILITY_MAX_CHARS && !nestedDeeperThan(body, READABILITY_MAX_DEPTH)) {
    const article = readable(document as unknown as Document);
    const picked = (article?.textContent ?? '').replace(/\s+/g, ' ').trim().length;
    if (article?.content && picked > 40 && picked >= READABILITY_MIN_SHARE * textLength(whole)) {
      const title = articleTitle(pageTitle, cleanTitle(document.title ?? null), cleanTitle(article.title ?? null));
      // Readability drops the <h1> that repeats the title: put the title back as the top of the heading path.
      const sections = articleSections(article.content, title);
      return page(title, [...leadLeftOut(whole, sections, title), ...sections]);
    }
  }
  // No landmark, and Readability found nothing or only part of the page (or it is too big for it): the body without its chrome.
  return page(pageTitle ?? firstHeading(whole), whole);
}

/**
 * The page's name on the Readability path: the one read before Readability changed the document, which has lost
 * the <h1> that tells the page's name from the site's (Readability's own took "core - Apache HTTP Server Version
 * 2.4" for the site's name alone and "HTTP/2 guide" for "2 guide"). Readability's only where the <title> names
 * nothing — a few words kept whole, "No Title", "Introduction" — and it found the page's one <h1> instead.
 */
function articleTitle(pageTitle: string | null, documentTitle: string | null, readabilityTitle: string | null): string | null {
  if (!pageTitle) return readabilityTitle;
  const namesNothing = pageTitle === documentTitle && pageTitle.length < BARE_TITLE_CHARS;
  return namesNothing && readabilityTitle && readabilityTitle.length > pageTitle.length ? readabilityTitle : pageTitle;
}

/** Readability's own bound: a title shorter than this, with no site's name to cut, is looked up in the page's <h1>. */
const BARE_TITLE_CHARS = 15;

/** The parsed page: its sections under its title, completed by a manual page's name line. */
function page(title: string | null, sections: Section[]): ParsedDocument {
  return { format: 'html', title: withPurpose(title, sections), sections, qa: [] };
}

/**
 * Readability's time grows much faster than the page when elements nest deep (it reads each one's whole
 * text): 5,000 nested <div>s took four minutes. Pages nested past this are read whole; documentation and
 * articles nest a few dozen deep.
 */
const READABILITY_MAX_DEPTH = 200;

/** Whether any element under `root` sits more than `limit` elements below it (stops as soon as one does). */
function nestedDeeperThan(root: NodeLike, limit: number): boolean {
  const stack: [NodeLike, number][] = [[root, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    if (depth > limit) return true;
    for (const child of children(node)) if (child.nodeType === 1) stack.push([child, depth + 1]);
  }
  return false;
}

/** Readability's pick, or null when it finds none or cannot read the page (it recurses: a page nested thousands deep overflows it). */
function readable(document: Document): ReturnType<Readability['parse']> {
  try {
    return new Readability(document, {
      charThreshold: 100,
      classesToPreserve: [...ADMONITION_CLASSES, ...GENERATOR_MARK_CLASSES, 'memname', 'method-heading'],
    }).parse();
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** At most this much text before the article counts as the page's lead; more is not a lead (and is left out as before). */
const LEAD_MAX_CHARS = 1_000;
const LEAD_MIN_WORDS = 4;
/** Words of three letters or more: a language bar's "en | fr | ja" has none. */
const LEAD_MIN_LONG_WORDS = 3;
/** A numbered section title, as a table of contents lists them ("61.2.1. Custom Scan Plan Callbacks", "I.1. Getting the Source"). */
const NUMBERED_TITLE = /^(?:[A-Z]|\d+)(?:\.\d+)*\.\s[^.!?]*$/;

/**
 * What the page says before the first paragraph Readability kept, that
 * Readability left out: the page's lead. Readability drops a page's header
 * block, and asciidoc writes a manual page's one-line summary there, under
 * its <h1> ("git-cherry-pick - Apply the changes introduced by some existing
 * commits"): the one line that says what the page is for was never indexed.
 * The lead is the whole page's text (already without chrome and link lists)
 * up to the article's first paragraph; nothing when that paragraph is not
 * found as it is, or when the text before it is longer than a lead.
 */
function leadLeftOut(whole: Section[], picked: Section[], title: string | null): Section[] {
  const kept = new Set(picked.flatMap((s) => s.paragraphs));
  const lead: Section[] = [];
  let chars = 0;
  for (const section of whole) {
    const paragraphs: string[] = [];
    for (const paragraph of section.paragraphs) {
      if (kept.has(paragraph)) {
        if (paragraphs.length) lead.push({ heading: leadHeading(section.heading, title), paragraphs });
        return lead;
      }
      chars += paragraph.length;
      if (chars > LEAD_MAX_CHARS) return [];
      // What is left of a table of contents ("Table of Contents", "42.1. Installing Procedural Languages") says nothing of its own.
      if (readsAsLead(paragraph)) paragraphs.push(paragraph);
    }
    if (paragraphs.length) lead.push({ heading: leadHeading(section.heading, title), paragraphs });
  }
  return [];
}

/**
 * Whether a paragraph Readability left out says something of the page: words of a phrase ("git-stash - Stash the
 * changes in a dirty working directory away"), not what is left of a table of contents ("42.1. Installing
 * Procedural Languages"), a site's name in its header ("Apache HTTP Server Version 2.4", every word capitalised) or
 * a bar of links whose words are codes ("Available Languages: en | fr | ja | ko | tr").
 */
function readsAsLead(paragraph: string): boolean {
  if (NUMBERED_TITLE.test(paragraph)) return false;
  if (paragraph.split(/\s+/).length < LEAD_MIN_WORDS) return false;
  const words = paragraph.match(/\p{L}{3,}/gu) ?? [];
  return words.length >= LEAD_MIN_LONG_WORDS && words.some((word) => /^\p{Ll}/u.test(word));
}

/** A lead's heading path under the article's title, without the page's own headings that repeat it ("git-cherry-pick(1) Manual Page"). */
function leadHeading(heading: string[], title: string | null): string[] {
  if (!title) return heading;
  return [title, ...heading.filter((h) => !h.startsWith(title))];
}

/**
 * Doxygen lays a function's signature out as a table (`table.memname`: the return type and name, "(", then a row a
 * parameter): read as rows, "int open | ( | const char * | pathname," and "int | flags" were lines of their own.
 * It is one line, as the reader sees it.
 */
const SIGNATURE_TABLE = /(?:^|\s)memname(?:\s|$)/;

/**
 * RDoc writes a method's name and arguments in a div (`div.method-heading`: "new(parent, context, opts = {})")
 * over its description: a reference entry, as a definition term with an id is — the class's methods were one
 * section's paragraphs.
 */
const METHOD_HEADING = /(?:^|\s)method-heading(?:\s|$)/;

/** The heading of a page's table of contents, which no reader looks for text under. */
const CONTENTS_HEADING = /^(?:table of contents|contents|on this page|in this (?:article|page))$/i;

/** Blocks that may be link lists (menus, tables of contents, "previous / next" bars) on a page without landmarks. */
const LINK_LIST_TAGS = new Set(['DIV', 'UL', 'OL', 'DL', 'TABLE', 'SECTION', 'P']);

const textLength = (sections: Section[]) => sections.reduce((n, s) => n + s.paragraphs.reduce((m, p) => m + p.length + 1, 0), 0);

function mainLandmark(document: Queryable): Queryable | null {
  const main = document.querySelector('[role=main]') ?? document.querySelector('main');
  if (main) return main as Queryable;
  const articles = document.querySelectorAll('article');
  return articles.length === 1 ? (articles[0] as Queryable) : null;
}

/**
 * The sections of Readability's pick without the links that lead around the page: Readability keeps a table of
 * contents or a "Next: …, Previous: …, Up: …" bar that sits among the text (GNU Texinfo's manuals: every section
 * title again, under "Table of Contents", in the Bash manual's first passages). A pick that is nothing but such
 * links is kept as it is.
 */
function articleSections(content: string, title: string | null): Section[] {
  const body = fragmentBody(content);
  const lists = linkListsOf(body, LINK_LIST_TAGS, { withinPage: true });
  const sections = lists.size ? sectionsOf(body, title, CHROME_TAGS, lists, false) : [];
  return sections.some((s) => s.paragraphs.length) ? sections : sectionsOf(body, title);
}

/** Walks an HTML fragment into `builder`, after what it holds already (the HTML blocks of a Markdown page). */
export function readFragmentInto(fragment: string, builder: SectionBuilder): void {
  assertShallowNesting(fragment);
  walk(fragmentBody(fragment), builder, { tags: CHROME_TAGS });
}

/** Sections of an HTML fragment (also used for the HTML mammoth makes of a DOCX). */
export function sectionsFromHtml(fragment: string, title: string | null = null): Section[] {
  return sectionsOf(fragmentBody(fragment), title);
}

/** The body of a document holding nothing but the fragment. */
const fragmentBody = (fragment: string) => parseHTML(`<!doctype html><html><body>${fragment}</body></html>`).document.body as unknown as El;

function sectionsOf(
  root: El | null,
  title: string | null = null,
  chrome: ReadonlySet<string> = CHROME_TAGS,
  skipped?: ReadonlySet<unknown>,
  byName = skipped !== undefined,
): Section[] {
  const builder = new SectionBuilder();
  if (title) builder.heading(0, title);
  if (root) walk(root, builder, { tags: chrome, skipped, byName });
  return builder.sections;
}

/** What a walk leaves out: chrome by tag, particular nodes (link lists), and on a page without landmarks divs named as chrome. */
type Chrome = { tags: ReadonlySet<string>; skipped?: ReadonlySet<unknown>; byName?: boolean };
function isChrome(node: NodeLike, tag: string, chrome: Chrome): boolean {
  if (SKIP.has(tag) || chrome.tags.has(tag) || chrome.skipped?.has(node)) return true;
  const role = node.getAttribute?.('role');
  if (role && CHROME_ROLES.has(role)) return true;
  if (chrome.byName && tag === 'DIV' && CHROME_NAME.test(`${node.getAttribute?.('class') ?? ''} ${node.getAttribute?.('id') ?? ''}`)) return true;
  // Permalink anchors and source links of documentation generators (Sphinx's ¶ and [source]).
  return GENERATOR_MARK_TAGS.has(tag) && GENERATOR_MARK.test(node.getAttribute?.('class') ?? '');
}

/**
 * Entries of reference documentation: a definition term with an id (an
 * anchor other pages link to) followed by a description of some length —
 * Sphinx's functions and classes, DocBook's settings, glossaries. Each
 * becomes a heading of its own below the page's headings, so a passage
 * holds one entry and is titled by it ("os.path › os.path.join(path,
 * *paths)") instead of starting in the middle of the entry before it.
 * Index pages (terms or descriptions that are mostly links, or no
 * description) are left as they are.
 */
const ENTRY_LEVEL = 6;
/** A paragraph of bold text that titles what follows (bold-titles.ts): below every heading, as an entry is. */
export const BOLD_TITLE_LEVEL = ENTRY_LEVEL + 1;
/** Letters (spaces aside) an entry's description needs. */
const ENTRY_MIN_DESCRIPTION = 32;
const ENTRY_HEADING_CHARS = 120;

function isEntryTerm(dt: NodeLike, chrome: Chrome): boolean {
  if (!isAnchored(dt)) return false;
  let next = dt.nextSibling;
  while (next && next.nodeType !== 1) next = next.nextSibling;
  if (next?.tagName?.toUpperCase() !== 'DD') return false;
  // Text of nested terms does not count: an index's sub-entries are terms, not a description.
  if (letters(textOf(next, { ...chrome, tags: new Set([...chrome.tags, 'DT']) })) < ENTRY_MIN_DESCRIPTION || mostlyLinks(next, textOf(next, chrome)))
    return false;
  const term = textOf(dt, chrome);
  return letters(term) > 0 && !mostlyLinks(dt, term);
}

/**
 * Whether a term can be linked to: its own id, or an empty named anchor just before it or opening it, as pages
 * written before ids write it (SQLite's `<a name="changes"></a><dt>changes()</dt>`), or closing the description
 * before it (Doxygen's configuration options: `<p class="enddd"><a class="anchor" id="cfg_exclude"></a></p></dd>
 * <dt>EXCLUDE</dt>` — its 280 options were one section's paragraphs).
 */
function isAnchored(dt: NodeLike): boolean {
  if (dt.getAttribute?.('id')) return true;
  const element = dt as unknown as { previousElementSibling?: NodeLike | null; firstElementChild?: NodeLike | null };
  const before = element.previousElementSibling;
  if (before && (isNamedAnchor(before) || endsWithNamedAnchor(before))) return true;
  // Or opening its description (Doxygen again, once Readability has dropped the empty paragraph before the term).
  const after = (dt as unknown as { nextElementSibling?: NodeLike | null }).nextElementSibling;
  if (after?.tagName?.toUpperCase() === 'DD' && opensWithNamedAnchor(after)) return true;
  let first = element.firstElementChild;
  while (first && !isNamedAnchor(first) && !(first.textContent ?? '').trim()) first = (first as typeof element).firstElementChild ?? null;
  return !!first && isNamedAnchor(first);
}

/** Whether an element's first content, a few elements down and before any text, is an empty named anchor. */
function opensWithNamedAnchor(node: NodeLike): boolean {
  let parent: NodeLike | null = node;
  for (let depth = 0; parent && depth < 4; depth++) {
    let child: NodeLike | null = parent.firstChild;
    while (child && child.nodeType === 3 && !(child.textContent ?? '').trim()) child = child.nextSibling;
    if (!child || child.nodeType !== 1) return false;
    if (isNamedAnchor(child)) return !(child.textContent ?? '').trim();
    parent = child;
  }
  return false;
}

/** Whether an element's last element, through elements with no text, is an empty named anchor. */
function endsWithNamedAnchor(node: NodeLike): boolean {
  type Last = NodeLike & { lastElementChild?: Last | null };
  let last = (node as Last).lastElementChild ?? null;
  while (last && !isNamedAnchor(last) && !(last.textContent ?? '').trim()) last = last.lastElementChild ?? null;
  return !!last && isNamedAnchor(last);
}

const isNamedAnchor = (node: NodeLike) =>
  node.tagName?.toUpperCase() === 'A' && !node.getAttribute?.('href') && !!(node.getAttribute?.('name') || node.getAttribute?.('id'));

/** The link-list share (link-lists.ts) applied to one node: its link text against `text`, its text without chrome. */
const mostlyLinks = (node: NodeLike, text: string) => letters(linkTextOf(node)) >= LINKED_SHARE * letters(text);

function linkTextOf(node: NodeLike): string {
  if (node.nodeType !== 1 || !node.tagName) return '';
  if (node.tagName.toUpperCase() === 'A' && node.getAttribute?.('href')) return node.textContent ?? '';
  let text = '';
  for (const child of children(node)) text += linkTextOf(child);
  return text;
}

/**
 * Blocks nested deeper than this are read as one paragraph of text, as browsers' HTML parsers flatten what
 * is nested past 512 elements: walking them one call deeper each ran out of stack (a RangeError) on a page of
 * 10,000 nested <div>s, and the file failed.
 */
const MAX_WALK_DEPTH = 400;

function walk(el: El, builder: SectionBuilder, chrome: Chrome, lists = 0, depth = 0): void {
  const isProse = (block: NodeLike) => !mostlyLinks(block, textOf(block, chrome));
  if (depth > MAX_WALK_DEPTH) {
    builder.paragraph(textOf(el, chrome).replace(/\s+/g, ' '));
    return;
  }
  let loose = '';
  const flush = () => {
    builder.paragraph(loose);
    loose = '';
  };
  const items = listNumbering(el);
  for (const node of children(el)) {
    if (node.nodeType === 3) {
      // A page's own line breaks are spaces, as a browser shows them (javadoc wraps every description at 80 columns).
      loose += collapsed(node.textContent ?? '');
      continue;
    }
    if (node.nodeType !== 1 || !node.tagName) continue;
    const tag = node.tagName.toUpperCase();
    if (isChrome(node, tag, chrome)) continue;
    if (tag === 'LI') {
      flush();
      builder.listItem(items.next(node));
    }
    const level = HEADING.exec(tag);
    const boldTitle = tag === 'P' && lists === 0 ? boldTitleOf(node, isProse) : null;
    // Readability rewrites a <dl> as a <div>: its terms are terms still, one list deep.
    const termLists = Math.max(lists, 1);
    if (tag === 'DT') {
      // A new term of the list ends the entry before it, entry or not.
      flush();
      builder.close(ENTRY_LEVEL + termLists);
    }
    if (level && isAdmonition(el)) {
      // "Note", "Warning": the title of a box inside a section, not a section. As a heading it took
      // over everything after the box up to the next heading (DocBook's "8.1.4. Serial Types" was filed
      // under "Note"); as a label it opens the box's text.
      flush();
      const label = headingText(textOf(node, chrome));
      builder.paragraph(asLabel(label));
    } else if (level) {
      flush();
      const heading = headingText(textOf(node, chrome));
      // A table of contents' own heading titles no text: its list is left out (a link list, or Readability's
      // pick), and the page's first paragraphs were filed under "Table of Contents" (Doxygen's pages).
      if (!CONTENTS_HEADING.test(heading)) builder.heading(Number(level[1]), heading);
    } else if ((tag === 'DT' && isEntryTerm(node, chrome)) || (tag === 'DIV' && METHOD_HEADING.test(node.getAttribute?.('class') ?? ''))) {
      flush();
      const term = headingText(textOf(node, chrome));
      builder.entry(ENTRY_LEVEL + termLists, term.slice(0, ENTRY_HEADING_CHARS), term);
    } else if (tag === 'TABLE' && SIGNATURE_TABLE.test(node.getAttribute?.('class') ?? '')) {
      flush();
      builder.paragraph(textOf(node, chrome).replace(/\s+/g, ' ').trim());
    } else if (tag === 'TR') {
      flush();
      tableRow(node as El, builder, chrome, lists, depth + 1);
    } else if (boldTitle !== null) {
      flush();
      builder.heading(BOLD_TITLE_LEVEL, headingText(boldTitle));
    } else if (LEAF_BLOCKS.has(tag) && !containsBlock(node)) {
      flush();
      const text = textOf(node, chrome);
      if (tag === 'PRE') builder.code(text);
      else if (!(tag === 'P' && labelsNothing(node, text, chrome))) builder.paragraph(text.replace(/\s+/g, ' '));
    } else if (tag === 'DL') {
      flush();
      walk(node as El, builder, chrome, lists + 1, depth + 1);
      // The list's last entry ends with the list.
      builder.close(ENTRY_LEVEL + lists + 1);
    } else if (BLOCKS.has(tag) || LEAF_BLOCKS.has(tag) || containsBlock(node)) {
      flush();
      walk(node as El, builder, chrome, lists, depth + 1);
    } else {
      loose += textOf(node, chrome, true);
    }
  }
  flush();
}

/**
 * The markers of a list's items, in order: "•" in an unordered list, the item's number in an ordered one (from the
 * list's `start`, or an item's own `value`), as the Markdown parser writes items. Counted while the list is
 * walked, not by looking back over the items before each one.
 */
function listNumbering(list: El): { next: (item: NodeLike) => string } {
  const node = list as unknown as NodeLike;
  const ordered = node.tagName?.toUpperCase() === 'OL';
  let number = ordered ? (ordinal(node.getAttribute?.('start')) ?? 1) : 0;
  return {
    next(item) {
      if (!ordered) return '•';
      number = ordinal(item.getAttribute?.('value')) ?? number;
      return `${number++}.`;
    },
  };
}

/** A list's `start` or an item's `value`: a whole number, bounded (a page's "99999999999999999999" is no count). */
function ordinal(value: string | null | undefined): number | null {
  const n = value && /^\s*-?\d{1,9}\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * A table row is one line with its cells set apart ("ident::ident | Namespace
 * path"): read as loose text, the cells of a whole table ran together
 * ("OperatorExampleExplanation"), so neither a word of a cell nor the row it
 * belongs to could be found. A cell holding blocks of its own (PostgreSQL's
 * function tables: a signature paragraph, then a description) is read as
 * those blocks.
 */
function tableRow(row: El, builder: SectionBuilder, chrome: Chrome, lists: number, depth: number): void {
  const cells: string[] = [];
  const flushCells = () => {
    if (cells.length) builder.paragraph(cells.join(' | '));
    cells.length = 0;
  };
  for (const cell of children(row)) {
    if (cell.nodeType !== 1 || !cell.tagName || isChrome(cell, cell.tagName.toUpperCase(), chrome)) continue;
    const text = cellText(cell as El, chrome);
    if (text === null) {
      flushCells();
      walk(cell as El, builder, chrome, lists, depth + 1);
    } else if (text) cells.push(text);
  }
  flushCells();
}

/** A cell's text, when it is text or one paragraph (Sphinx writes `<td><p>…</p></td>`); null when it holds blocks of its own. */
function cellText(cell: El, chrome: Chrome): string | null {
  const blocks = [...children(cell)].filter(isBlock);
  if (blocks.length > 1 || (blocks.length === 1 && (blocks[0].tagName?.toUpperCase() !== 'P' || hasBlockChild(blocks[0] as El)))) return null;
  return textOf(cell, chrome).replace(/\s+/g, ' ').trim();
}

/** Whether the element is such a box (or a part of one, as Docusaurus's `admonitionHeading`). */
function isAdmonition(el: El): boolean {
  const classes = (el as NodeLike).getAttribute?.('class') ?? '';
  return classes.split(/\s+/).some((name) => {
    const lower = name.toLowerCase();
    return ADMONITION_CLASSES.has(lower) || /^(admonition|callout)/.test(lower);
  });
}

/** A label is short and ends with a colon ("analyze-stmt:", "Figure:"). */
const LABEL = /^[^\n]{1,60}:$/;
/** What a page shows without text of its own. */
const MEDIA = 'svg, img, picture, canvas, video, audio, object, embed, iframe';

/**
 * Whether a paragraph labels only something without text, which the import does not keep: SQLite titles each
 * syntax diagram (an SVG) "analyze-stmt:", and the label alone opened passages and answers. Empty blocks and
 * anchors between the two are passed over; a label before text, code or nothing stays.
 */
function labelsNothing(paragraph: NodeLike, text: string, chrome: Chrome): boolean {
  if (!LABEL.test(text.trim())) return false;
  for (let next = paragraph.nextSibling; next; next = next.nextSibling) {
    if (textOf(next, chrome).trim()) return false;
    if (next.nodeType === 1 && (isMedia(next) || (next as unknown as Queryable).querySelector?.(MEDIA))) return true;
  }
  return false;
}

const isMedia = (node: NodeLike) => MEDIA.split(', ').includes((node.tagName ?? '').toLowerCase());

/**
 * The text of a node without its chrome, depth first; `collapse`: the page's own white space as single spaces
 * (a <br> still a line). Iterative: a page may nest inline elements thousands deep.
 */
function textOf(node: NodeLike, chrome: Chrome, collapse = false): string {
  let text = '';
  const stack: NodeLike[] = [node];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.nodeType === 3) {
      text += collapse ? collapsed(next.textContent ?? '') : (next.textContent ?? '');
      continue;
    }
    if (next.nodeType !== 1 || !next.tagName || isChrome(next, next.tagName.toUpperCase(), chrome)) continue;
    // A line break parts words ("a<br>b" is two words), and keeps its line in code.
    if (next.tagName.toUpperCase() === 'BR') {
      text += '\n';
      continue;
    }
    const kids = [...children(next)];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return text;
}

/** Runs of white space as one space; a <br> (a line break textOf writes itself) is kept. */
const collapsed = (text: string) => text.replace(/\s+/g, ' ');

// Siblings, not `childNodes`: linkedom builds childNodes by scanning the
// whole subtree, which made deeply nested pages (tables of contents) slow.
function* children(el: NodeLike): Generator<NodeLike> {
  for (let node = el.firstChild; node; node = node.nextSibling) yield node;
}

const isBlock = (n: NodeLike) => n.nodeType === 1 && !!n.tagName && (BLOCKS.has(n.tagName.toUpperCase()) || LEAF_BLOCKS.has(n.tagName.toUpperCase()));

/**
 * Whether an element holds a block anywhere inside it — read as a container of blocks, as a browser lays it out,
 * not as a run of inline text. An unknown element does not close itself: SQLite's FTS page writes `"<language-id>
 * = <integer>"` unescaped, and everything after it (eleven headings, forty paragraphs) sat inside two such
 * elements and was read as one paragraph of loose text under "6.3. The languageid= option". Worked out once per
 * element, after its children (a WeakMap kept across calls), so a page costs one pass however it nests.
 */
const holdsBlock = new WeakMap<object, boolean>();
function containsBlock(el: NodeLike): boolean {
  const known = holdsBlock.get(el);
  if (known !== undefined) return known;
  // Post-order without recursion: a page may nest elements thousands deep.
  const stack: { node: NodeLike; expanded: boolean }[] = [{ node: el, expanded: false }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (!top.expanded) {
      top.expanded = true;
      for (const child of children(top.node)) if (child.nodeType === 1 && !holdsBlock.has(child)) stack.push({ node: child, expanded: false });
      continue;
    }
    stack.pop();
    let found = false;
    for (const child of children(top.node)) {
      if (child.nodeType === 1 && (isBlock(child) || holdsBlock.get(child))) {
        found = true;
        break;
      }
    }
    holdsBlock.set(top.node, found);
  }
  return holdsBlock.get(el) ?? false;
}

function hasBlockChild(el: El): boolean {
  for (const n of children(el)) if (isBlock(n)) return true;
  return false;
}

const firstHeading = (sections: Section[]) => sections.find((s) => s.heading.length)?.heading[0] ?? null;
