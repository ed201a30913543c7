// Release notes ("What's New in Python 3.5", "E.20. Release 15.1", "Release History Of SQLite") name nearly
// every feature of a product in a line or two: they hold many of a question's words and answer a question
// only when it asks what changed. A page of the kind is told by its name; a question that asks about
// releases, versions or changes keeps them at full weight.
import { porterStem } from '../text/stem';

const RELEASE_NOTES = /\b(?:what['’]?s new|release notes?|release history|change ?log|changes in (?:version|release)|release \d+|version history)\b/i;

/** Stems of the words of a question about releases: "what is new in", "changed", "deprecated since", "upgrade". */
const ABOUT_RELEASES = new Set(
  ['new', 'change', 'changelog', 'release', 'version', 'deprecated', 'removed', 'added', 'introduced', 'since', 'upgrade', 'history'].map(porterStem),
);

export const isReleaseNotes = (pageName: string): boolean => RELEASE_NOTES.test(pageName);

/** Whether the question, by its terms' stems, asks about releases (then release notes are an answer like any page). */
export function asksAboutReleases(stems: readonly string[]): boolean {
  return stems.some((stem) => ABOUT_RELEASES.has(stem));
}
