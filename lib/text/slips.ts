// Slips of the keyboard: the words one slip away from a word (a letter left
// out, added, struck for another, or two letters swapped), and which words
// of a question may be such slips. Retrieval reads a word the dataset does
// not hold as its most used neighbour (lib/search/spelling.ts); the answer
// composer reads it as the word its sources use.
import type { QueryTerm } from './words';

/** Shorter words have too many neighbours one slip away ("cach": cache, each, catch) to choose among. */
const MIN_LENGTH = 5;
/** Longer words are identifiers or pasted noise, not typing. */
const MAX_LENGTH = 30;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every word one slip from `word` (deletion, transposition, substitution, insertion of a letter), without `word`. */
export function oneSlipAway(word: string): string[] {
  const found = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) found.add(head + tail.slice(1));
    if (tail.length > 1) found.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      if (tail) found.add(head + letter + tail.slice(1));
      found.add(head + letter + tail);
    }
  }
  found.delete(word);
  return [...found];
}

/** A word that may be a slip of the keyboard: plain letters (no digits, no code), long enough to tell. */
export function mayBeMisspelt(term: QueryTerm): boolean {
  return !term.keyword && term.word.length >= MIN_LENGTH && term.word.length <= MAX_LENGTH && /^[a-z]+$/.test(term.word);
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
