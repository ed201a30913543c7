// A page's name: its <title> without the site's name, or the page's own heading where the title adds the
// site to it.
import { CHROME_NAME, headingText, type NodeLike, type Queryable } from './dom';
import { letters } from './link-lists';
import type { Section } from '../document';

export function cleanTitle(title: string | null): string | null {
  const clean = title?.replace(/\s+/g, ' ').replace(/\s*¶$/, '').trim();
  return clean ? clean.slice(0, 500) : null;
}

/** Where a site's own name sits: an <h1> inside these names the site, not the page. */
const PAGE_CHROME = 'header, nav, footer, aside, [role=banner], [role=navigation], [role=contentinfo]';

/**
 * "os.path — Common pathname manipulations — Python 3.11.2 documentation"
 * names the page and then the site: when the title is the page's <h1>
 * with the site's name before or after a separator, the <h1> names the
 * page. Otherwise every page of a site would share the site's words in its
 * name (every content of the Python manual matched "python").
 * When the title writes the page's name otherwise than its heading does
 * ("What is Ownership? - The Rust Programming Language" over "What Is
 * Ownership?"), the site's name is known from where a site writes it (an
 * <h1> in its chrome, `og:site_name`) and cut off.
 */
export function withoutSiteName(title: string | null, document: Queryable): string | null {
  if (!title) return title;
  const separator = /^\s*[—–|·»:-]\s*\S/;
  // Each level's headings are found once (an ancestor walk per heading) and only when asked for.
  const found = new Map<'h1' | 'h2', Element[]>();
  const elements = (tag: 'h1' | 'h2') => found.get(tag) ?? found.set(tag, pageHeadings(document, tag)).get(tag)!;
  const headings = (tag: 'h1' | 'h2') =>
    elements(tag)
      .map((element) => headingText(element.textContent ?? ''))
      .filter((h) => h.length >= 3);
  // The page's <h1>s first; a page whose only <h1> names the site may head its content with an <h2> (mdBook).
  // The <h2>s are looked at only when no <h1> fits: a long page has many.
  const named = titleBeforeSite(title);
  for (const tag of ['h1', 'h2'] as const) {
    for (const heading of headings(tag)) {
      if (heading === title) continue;
      if (title.startsWith(heading) && separator.test(title.slice(heading.length))) return heading;
      if (title.endsWith(heading) && separator.test([...title.slice(0, -heading.length)].reverse().join(''))) return heading;
      if (named && extendsName(heading, named)) return heading;
    }
  }
  let rest = texinfoNode(title, document) ?? withoutNamedSite(title, siteNames(document, elements('h1')));
  if (rest === title) rest = withoutSiteSuffix(title, new Set([...headerTexts(document, elements('h1')), ...bannerTexts(document)]));
  if (rest === title) return title;
  // The page's own heading, when it says what the rest of the title says ("Appendix A: Keywords" for "A - Keywords").
  const restWords = looseWords(rest);
  for (const tag of ['h1', 'h2'] as const) {
    const heading = headings(tag)[0];
    if (!heading) continue;
    const headingWords = new Set(looseWords(heading));
    if (restWords.every((w) => headingWords.has(w)) && headingWords.size <= 2 * restWords.length + 1) return heading;
  }
  return rest;
}

/**
 * GNU Texinfo's pages (`makeinfo`, `texi2any`: the manuals of Bash, GCC, Make…) are titled "node (manual)" —
 * "Closure Example (libffi: the portable foreign function interface library)": the node names the page, the
 * manual every page of it. The top node names nothing but the manual ("Top (libffi: …)").
 */
function texinfoNode(title: string, document: Queryable): string | null {
  const generator = Array.from(document.querySelectorAll('meta[name]') as ArrayLike<NodeLike>).find((m) => /^generator$/i.test(m.getAttribute?.('name') ?? ''));
  if (!/^(?:makeinfo|texi2any)\b/i.test(generator?.getAttribute?.('content') ?? '')) return null;
  const parts = /^(.*\S) \((.+)\)$/.exec(title);
  if (!parts) return null;
  return parts[1] === 'Top' ? parts[2] : parts[1];
}

/** The title's part before its last separator ("_pytest.capture" of "_pytest.capture — pytest documentation"). */
function titleBeforeSite(title: string): string | null {
  const cut = /^(.*\S)\s+[—–|·»-]\s+\S/.exec(title);
  return cut && cut[1].length >= 3 ? cut[1] : null;
}

/**
 * Whether a heading is the title's name with words before or after it: "Source code for _pytest.capture" over
 * "_pytest.capture — pytest documentation" (Sphinx's viewcode pages). The heading says what the page is; the title
 * only which module.
 */
function extendsName(heading: string, name: string): boolean {
  if (heading.length <= name.length) return false;
  if (heading.endsWith(name)) return heading[heading.length - name.length - 1] === ' ';
  return heading.startsWith(name) && heading[name.length] === ' ';
}

const looseWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The title without a site's name written before or after a separator; the title itself when none is. */
function withoutNamedSite(title: string, names: string[]): string {
  const lower = title.toLowerCase();
  for (const name of names.map((n) => n.toLowerCase())) {
    if (name.length < 3 || name.length >= lower.length) continue;
    if (lower.endsWith(name)) {
      const rest = /^(.*\S)\s*[—–|·»:-]\s*$/.exec(title.slice(0, title.length - name.length));
      if (rest) return rest[1];
    }
    if (lower.startsWith(name)) {
      const rest = /^\s*[—–|·»:-]\s*(\S.*)$/.exec(title.slice(name.length));
      if (rest) return rest[1];
    }
  }
  return title;
}

/** The title without a site's name written after its last separator ("mod_deflate - Apache HTTP Server Version 2.4"). */
function withoutSiteSuffix(title: string, names: ReadonlySet<string>): string {
  const cut = /^(.*\S)\s+[—–|·»-]\s+(\S.*)$/.exec(title);
  return cut && names.has(cut[2].toLowerCase()) ? cut[1] : title;
}

/** Elements read before the page's first <h1> when looking for the site's name in its header: a header is short. */
const HEADER_ELEMENTS = 300;

/**
 * The texts of a page's header: elements with no element inside, before the page's first <h1> ("<p
 * class="apache">Apache HTTP Server Version 2.4</p>", a logo's link text), lower-cased. A site whose name is
 * no heading and no metadata still writes it there on every page; only a title's last part is compared
 * with them, as a breadcrumb before the <h1> also holds the page's own name.
 */
function headerTexts(document: Queryable, pageH1s: Element[]): Set<string> {
  const first = pageH1s[0];
  const body = document.querySelector('body') as TreeElement | null;
  if (!first || !body) return new Set();
  const { texts, stopped } = leafTexts(body.firstElementChild, first);
  return stopped ? texts : new Set();
}

type TreeElement = { textContent: string | null; firstElementChild: TreeElement | null; nextElementSibling: TreeElement | null };

/**
 * The texts of the elements with no element inside, lower-cased, in document order from `first` and along its
 * siblings, at most HEADER_ELEMENTS elements (a page's own elements are never all listed); `stopped`: the walk came
 * to `stop` (not read).
 */
function leafTexts(first: TreeElement | null, stop: unknown = null): { texts: Set<string>; stopped: boolean } {
  const texts = new Set<string>();
  const stack: TreeElement[] = first ? [first] : [];
  for (let seen = 0; stack.length && seen < HEADER_ELEMENTS; seen++) {
    const element = stack.pop()!;
    if (stop !== null && (element as unknown) === stop) return { texts, stopped: true };
    if (element.nextElementSibling) stack.push(element.nextElementSibling);
    if (element.firstElementChild) {
      stack.push(element.firstElementChild);
      continue;
    }
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text.length >= 3 && text.length <= 120) texts.add(text.toLowerCase());
  }
  return { texts, stopped: false };
}

/**
 * The texts of the page's banners (`<header>`, `role=banner`), lower-cased, as headerTexts reads a header: where a
 * site's navigation comes before its pages's <h1> (MkDocs' Material theme lists every page of the site first), the
 * header is past HEADER_ELEMENTS, but its banner still writes the site's name ("Run - Docker Documentation").
 */
function bannerTexts(document: Queryable): Set<string> {
  const texts = new Set<string>();
  for (const banner of Array.from(document.querySelectorAll('header, [role=banner]') as ArrayLike<TreeElement>).slice(0, BANNERS)) {
    for (const text of leafTexts(banner.firstElementChild).texts) texts.add(text);
  }
  return texts;
}

/** Banners read for a site's name: a page has one or two (an article may head itself with a <header> too). */
const BANNERS = 4;

/** Where a site writes its own name: an <h1> of its chrome (a header bar, mdBook's menu title, a link home) and its metadata. */
function siteNames(document: Queryable, pageH1s: Element[]): string[] {
  const ofPage = new Set<unknown>(pageH1s);
  const chromeHeadings = Array.from(document.querySelectorAll('h1') as ArrayLike<NodeLike>)
    .filter((h) => !ofPage.has(h))
    .map((h) => headingText(h.textContent ?? ''));
  const meta = Array.from(document.querySelectorAll('meta[property="og:site_name"], meta[name="application-name"]') as ArrayLike<NodeLike>).map((m) =>
    (m.getAttribute?.('content') ?? '').trim(),
  );
  return [...chromeHeadings, ...meta].filter(Boolean);
}

type Element = NodeLike & { closest(selector: string): unknown; parentElement: Element | null; querySelectorAll(selector: string): ArrayLike<NodeLike> };

/** Where a generator writes a page's heading without a heading tag: Doxygen's title ("Doxygen: Special Commands" over "Special Commands"). */
const GENERATOR_TITLES = 'div.headertitle > div.title';

/**
 * The headings of a level that may name the page, not the site. A site's
 * name is often an <h1> too: in a header bar, in a menu bar (mdBook's
 * `menu-title`), or a link to the home page (Sphinx themes' "Django 3.2.25
 * documentation"). Taking it for the page's heading named every page after
 * the site. A heading that links to itself (a permalink) still counts.
 */
function pageHeadings(document: Queryable, tag: 'h1' | 'h2'): Element[] {
  return Array.from(document.querySelectorAll(tag === 'h1' ? `h1, ${GENERATOR_TITLES}` : tag) as ArrayLike<Element>).filter((heading) => {
    if (heading.closest(PAGE_CHROME)) return false;
    // Up to the body: a page's own classes ("sidebar-visible" on mdBook's <html>) say nothing of one heading.
    for (let el: Element | null = heading; el && !['BODY', 'HTML'].includes(el.tagName?.toUpperCase() ?? ''); el = el.parentElement) {
      if (CHROME_NAME.test(`${el.getAttribute?.('class') ?? ''} ${el.getAttribute?.('id') ?? ''}`)) return false;
    }
    const text = letters(heading.textContent ?? '');
    const away = Array.from(heading.querySelectorAll('a[href]')).filter((a) => !(a.getAttribute?.('href') ?? '').startsWith('#'));
    return text > 0 && away.reduce((n, a) => n + letters(a.textContent ?? ''), 0) < text;
  });
}

/** "git-stash - Stash the changes…", "SELECT, TABLE, WITH — retrieve rows…": names, a dash, what they do. */
const NAME_LINE = /^(\S.{0,119}?)\s+(?:-|–|—|--)\s+(\S.{2,199})$/;

/**
 * A manual page opens by naming itself and saying what it does: the NAME section of a man page
 * ("git-stash - Stash the changes in a dirty working directory away"), a DocBook reference page's
 * "pg_dump — extract a PostgreSQL database…". Its title is only the name ("git-stash(1)"), so the
 * words a reader would look for the page by are in no title: the page's name gets that line's
 * description. Only when the line names the page itself (one of its comma-separated names is the
 * title, less a man section number such as "(1)").
 */
export function withPurpose(title: string | null, sections: readonly Section[]): string | null {
  const opening = sections[0]?.paragraphs;
  if (!title || !opening?.length || opening.length > 2 || opening[0].length > 400) return title;
  const line = NAME_LINE.exec(opening[0].replace(/\s+/g, ' ').trim());
  if (!line) return title;
  const name = title.replace(/\s*\(\d\w*\)$/, '').toLowerCase();
  const names = line[1].split(/\s*,\s*/).map((n) => n.toLowerCase());
  const purpose = line[2].replace(/\.$/, '');
  if (!names.includes(name) || title.toLowerCase().includes(purpose.toLowerCase())) return title;
  return `${title} — ${purpose}`.slice(0, 500);
}
