// Kinds of page that hold many of a question's words and answer it only when it asks about the kind itself. Each
// is told by its name; its passages count a share of their score (RANK_SETTINGS) unless the question's words ask
// about that kind.
// - Release notes ("What's New in Python 3.5", "E.20. Release 15.1", "Release History Of SQLite") name nearly every
//   feature of a product in a line or two; a question about releases, versions or changes keeps them whole. So do a
//   release's announcements, named by the product and the version alone ("pytest-7.1.0", "py.test 2.0.1: bug fixes").
// - A generated listing of a module's source ("Source code for django.db.models.query", as Sphinx's viewcode
//   extension names every such page) holds every identifier of the module, so a question's words found it before
//   the guide that explains them; it shows the code, not how to use it. A question for the source keeps it whole.
import { porterStem } from '../text/stem';

export type PageKind = { name: RegExp; askedBy: ReadonlySet<string> };

const stems = (words: string[]) => new Set(words.map(porterStem));

export const RELEASE_NOTES: PageKind = {
  name: /\b(?:what['’]?s new|release notes?|release history|change ?log|changes in (?:version|release)|release \d+|version history)\b|^[\w.]+[ -]v?\d+\.\d+(?:\.\d+)*(?:rc\d+)?(?::|$)/i,
  askedBy: stems(['new', 'change', 'changelog', 'release', 'version', 'deprecated', 'removed', 'added', 'introduced', 'since', 'upgrade', 'history']),
};

export const SOURCE_LISTING: PageKind = {
  name: /^source code for\b/i,
  askedBy: stems(['source', 'implementation', 'implemented', 'implement']),
};

export const isPageOf = (kind: PageKind, pageName: string): boolean => kind.name.test(pageName);

/** Whether the question, by its terms' stems, asks about the kind (then its pages are an answer like any other). */
export const asksAbout = (kind: PageKind, questionStems: readonly string[]): boolean => questionStems.some((stem) => kind.askedBy.has(stem));

/**
 * The share of its score a page keeps: the product of the shares of the kinds it is, each given with its share,
 * but for the kinds the question asks about.
 */
export function pageKindShare(pageName: string, questionStems: readonly string[], shares: readonly [PageKind, number][]): number {
  let kept = 1;
  for (const [kind, share] of shares) if (isPageOf(kind, pageName) && !asksAbout(kind, questionStems)) kept *= share;
  return kept;
}
