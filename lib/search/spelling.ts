// Typo tolerance in retrieval. A question word the dataset never uses
// ("contaner", "replucation") found nothing and, worse, left its question to
// the other words. Such a word is read as the word one slip away
// (lib/text/slips.ts) that the dataset's passages use most ("container",
// "replication"). Only words the dataset does not hold are touched, so a
// question spelt right is searched exactly as before; the words one slip
// away are looked up in one indexed query.
import { porterStem } from '../text/stem';
import { likeliestNeighbour, mayBeMisspelt, oneSlipAway } from '../text/slips';
import type { QueryTerm } from '../text/words';
import type { IndexTerm, LexicalIndex } from './lexical';
import { termKey } from './lexical';

/** Unknown words corrected in one question (about 53 neighbours a letter are looked up for each). */
const MAX_CORRECTED = 4;

export type Correction = { from: QueryTerm; to: QueryTerm };

/**
 * The corrections for the terms the dataset does not hold (`held` false): each
 * such word's most used neighbour one slip away (ties: the alphabetically
 * first, so every run reads a question alike). A word with no used neighbour
 * stays as it is.
 */
export async function correctSpelling(index: LexicalIndex, datasetId: number, terms: QueryTerm[], held: (t: QueryTerm) => boolean): Promise<Correction[]> {
  const unknown = terms.filter((t) => mayBeMisspelt(t) && !held(t)).slice(0, MAX_CORRECTED);
  if (!unknown.length) return [];
  const neighbours = new Map(unknown.map((t) => [t, oneSlipAway(t.word).map((word): IndexTerm => ({ word, stem: porterStem(word) }))]));
  const used = await index.usedWords(datasetId, [...neighbours.values()].flat());
  const corrections: Correction[] = [];
  for (const [term, words] of neighbours) {
    const best = likeliestNeighbour(words, (w) => used.get(termKey(w)) ?? 0);
    if (best) corrections.push({ from: term, to: { word: best.word, stem: best.stem } });
  }
  return corrections;
}
