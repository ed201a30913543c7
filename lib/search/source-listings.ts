// A documentation generator's listing of a module's source ("Source code for django.db.models.query", as
// Sphinx's viewcode extension names every such page) holds every identifier of the module, so a question's
// words find it before the guide that explains them; it shows the code, not how to use it. A page of the
// kind is told by its name; a question that asks for the source or the implementation keeps it at full weight.
import { porterStem } from '../text/stem';

const SOURCE_LISTING = /^source code for\b/i;

/** Stems of the words of a question that asks for the code itself: "where is … implemented", "show the source". */
const ABOUT_SOURCE = new Set(['source', 'implementation', 'implemented', 'implement'].map(porterStem));

export const isSourceListing = (pageName: string): boolean => SOURCE_LISTING.test(pageName);

/** Whether the question, by its terms' stems, asks for source code (then a listing is an answer like any page). */
export function asksForSource(stems: readonly string[]): boolean {
  return stems.some((stem) => ABOUT_SOURCE.has(stem));
}
