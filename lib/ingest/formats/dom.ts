// The parts of a parsed HTML page the import reads, as linkedom gives them, and what several readers share.
import { withoutIconGlyphs } from '../document';

export type NodeLike = {
  nodeType: number;
  textContent: string | null;
  tagName?: string;
  firstChild: NodeLike | null;
  nextSibling: NodeLike | null;
  getAttribute?(name: string): string | null;
};
export type El = NodeLike & { tagName: string };
export type Queryable = { querySelectorAll(selector: string): ArrayLike<unknown>; querySelector(selector: string): unknown };

// Class or id words of navigation bars, menus, breadcrumbs, footers and sidebars ("navheader", "site-menu", "site-footer"),
// and Doxygen's project banner (`#titlearea`: the project's name, logo and one-line brief on every page).
export const CHROME_NAME =
  /(^|[\s_-])(nav[a-z]*|[a-z]*menu|breadcrumbs?|pagination|pager|skip-?links?|[a-z]*footer|sidebar[a-z]*|banner|titlearea|cookies?|comments|advert[a-z]*)($|[\s_-])/i;

/**
 * Permalink markers are not part of a heading: Sphinx's ¶, and an icon font's glyph (MkDocs' theme writes a
 * Font Awesome link icon into every heading's permalink; the page's <h1> then matched no <title>).
 */
export const headingText = (text: string) =>
  withoutIconGlyphs(text)
    .replace(/[¶#]\s*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
