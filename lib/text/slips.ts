// Slips of the keyboard: the words one slip away from a word (a letter left
// out, added, struck for another, or two letters swapped), and which words
// of a question may be such slips. Retrieval reads a word the dataset does
// not hold as its most used neighbour (lib/search/spelling.ts); the answer
// composer reads it as the word its sources use.
import { isStopWord, type QueryTerm } from './words';

/**
 * A word this short has too many neighbours one slip away ("cach": cache, each, catch) to choose among, so only
 * two letters swapped are read ("lsit" → list, "jion" → join): a four-letter word has three such neighbours.
 */
const SWAPS_ONLY_BELOW = 5;
/** Shorter words ("teh", "hwo") are read as written. */
const MIN_LENGTH = 4;
/** Longer words are identifiers or pasted noise, not typing. */
const MAX_LENGTH = 30;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every word one slip from `word` (deletion, transposition, substitution, insertion of a letter), without `word`;
 * for a word shorter than SWAPS_ONLY_BELOW, its transpositions only.
 */
export function oneSlipAway(word: string): string[] {
  const found = new Set<string>();
  const swapsOnly = word.length < SWAPS_ONLY_BELOW;
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail.length > 1) found.add(head + tail[1] + tail[0] + tail.slice(2));
    if (swapsOnly) continue;
    if (tail) found.add(head + tail.slice(1));
    for (const letter of LETTERS) {
      if (tail) found.add(head + letter + tail.slice(1));
      found.add(head + letter + tail);
    }
  }
  found.delete(word);
  return [...found];
}

/**
 * A word that may be a slip of the keyboard: plain letters (no digits, no code), long enough to tell, and no stop
 * word (a question of stop words alone searches them as they are).
 */
export function mayBeMisspelt(term: QueryTerm): boolean {
  return !term.keyword && !isStopWord(term.word) && term.word.length >= MIN_LENGTH && term.word.length <= MAX_LENGTH && /^[a-z]+$/.test(term.word);
}

/**
 * The stop word one slip from `word` ("whihc" → which, "waht" → what), or null: a word the dataset does not
 * hold that is one slip from one of English's commonest words is that word mistyped, and is left out of the
 * search as the word would be. (Looked up in the dataset instead, it was read as the stop word on SQLite, whose
 * index holds stop words, and left unknown on PostgreSQL, whose English index does not.)
 */
export function stopWordMeant(word: string): string | null {
  return oneSlipAway(word).find(isStopWord) ?? null;
}

/** Of the words one slip from `word`, the one `count` gives most (ties: the alphabetically first); null when it gives none any. */
export function likeliestNeighbour<T extends { word: string }>(neighbours: T[], count: (neighbour: T) => number): T | null {
  let best: T | null = null;
  let bestCount = 0;
  for (const neighbour of neighbours) {
    const n = count(neighbour);
    if (n > bestCount || (n === bestCount && n > 0 && best && neighbour.word < best.word)) [best, bestCount] = [neighbour, n];
  }
  return best;
}
