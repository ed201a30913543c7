// Typo tolerance in retrieval. A question word the dataset never uses
// ("contaner", "replucation") found nothing and, worse, left its question to
// the other words. Such a word is read as the word one slip away
// (lib/text/slips.ts) that the dataset's passages use most ("container",
// "replication"). Only words the dataset does not hold are touched, so a
// question spelt right is searched exactly as before; the words one slip
// away are looked up in one indexed query.
import { porterStem } from '../text/stem';
import { likeliestNeighbour, mayBeMisspelt, oneSlipAway, stopWordMeant } from '../text/slips';
import type { QueryTerm } from '../text/words';
import type { IndexTerm, LexicalIndex } from './lexical';
import { termKey } from './lexical';

/** Unknown words corrected in one question (about 53 neighbours a letter are looked up for each). */
const MAX_CORRECTED = 4;

/** `left` marks a stop word mistyped ("whihc"): the question is searched without it, as with the word itself. */
export type Correction = { from: QueryTerm; to: QueryTerm; left?: true };
/** A question's word as written (folded) and the word it was searched as. */
export type WordReading = { written: string; read: string };

/**
 * The corrections for the terms the dataset does not hold (`held` false): a
 * stop word mistyped is left out; any other such word is read as its most used neighbour one slip away (ties: the alphabetically
 * first, so every run reads a question alike). A word with no used neighbour
 * stays as it is.
 */
export async function correctSpelling(index: LexicalIndex, datasetId: number, terms: QueryTerm[], held: (t: QueryTerm) => boolean): Promise<Correction[]> {
  const corrections: Correction[] = [];
  const unknown: QueryTerm[] = [];
  for (const term of terms.filter((t) => mayBeMisspelt(t) && !held(t))) {
    const stopWord = stopWordMeant(term.word);
    if (stopWord) corrections.push({ from: term, to: { word: stopWord, stem: porterStem(stopWord) }, left: true });
    else if (unknown.length < MAX_CORRECTED) unknown.push(term);
  }
  if (!unknown.length) return corrections;
  const neighbours = new Map(unknown.map((t) => [t, oneSlipAway(t.word).map((word): IndexTerm => ({ word, stem: porterStem(word) }))]));
  const used = await index.usedWords(datasetId, [...neighbours.values()].flat());
  for (const [term, words] of neighbours) {
    const best = likeliestNeighbour(words, (w) => used.get(termKey(w)) ?? 0);
    if (best) corrections.push({ from: term, to: { word: fullestForm(words, best), stem: best.stem } });
  }
  return corrections;
}

/**
 * Of the neighbours with the chosen one's stem (counted alike, so they tie), the longest (then the alphabetically
 * first): "tupel" has both "tupl" and "tuple" one slip away, and the stem's truncation is no word to show a person
 * nor to look paraphrases and compounds up by.
 */
function fullestForm(words: IndexTerm[], best: IndexTerm): string {
  let fullest = best.word;
  for (const w of words)
    if (w.stem === best.stem && (w.word.length > fullest.length || (w.word.length === fullest.length && w.word < fullest))) fullest = w.word;
  return fullest;
}

/**
 * The question as it was searched: each word read as another replaced where the question writes it (its
 * capitals kept: "Contaner" → "Container"), so a person sees why the sources hold a word they did not type.
 * Null when no word of the question reads differently (a word read in an earlier turn of a follow-up is not in it).
 */
export function asSearched(question: string, readings: WordReading[]): string | null {
  let searched = question;
  for (const { written, read } of readings) {
    // `written` is plain letters (mayBeMisspelt): nothing in it is special to a pattern.
    searched = searched.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${written}(?![\\p{L}\\p{N}_])`, 'giu'), (found) => withCapitalsOf(found, read));
  }
  return searched === question ? null : searched;
}

function withCapitalsOf(found: string, read: string): string {
  if (found.length > 1 && found === found.toUpperCase()) return read.toUpperCase();
  return found[0] === found[0].toUpperCase() ? read[0].toUpperCase() + read.slice(1) : read;
}
