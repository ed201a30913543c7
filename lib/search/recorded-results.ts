// Reading back the `results` an interaction recorded in its `search` column
// (written by lib/search/stored-results.ts). The server (thread view,
// review queue) and the browser (the usage thread dialog) read them through
// here, so a record of an older shape reads the same everywhere. Pure.
import { asObject } from '../db/json-column';

/** The object entries of a recorded search's `results` (anything else is skipped). */
export function resultEntries(search: unknown): Record<string, unknown>[] {
  const results = asObject(search).results;
  return Array.isArray(results) ? results.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r)) : [];
}

/** What an answer was given to read: the content's name, the score and the passage text as recorded. */
export type CitedSource = { content: string; score: number; context: string };

export function citedSources(search: unknown): CitedSource[] {
  return resultEntries(search).flatMap(({ content, score, context }) =>
    typeof content === 'string' ? [{ content, score: typeof score === 'number' ? score : 0, context: typeof context === 'string' ? context : '' }] : [],
  );
}

/** The question as searched, recorded when some of its words were read as others (typing mistakes); else null. */
export function recordedSearchedFor(search: unknown): string | null {
  const value = asObject(search).searched_for;
  return typeof value === 'string' && value !== '' ? value : null;
}
