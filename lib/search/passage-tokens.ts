// Passages as arrays of stem ids, kept between questions. Turning a
// passage's text into stems was two thirds of the re-ranking's time (a
// regular expression, a case fold and a stem lookup per word, for ~200
// candidates a question), and the same passages come back question after
// question. A tokenised passage is a few kilobytes in typed arrays (outside
// the JavaScript heap); at most MAX_PASSAGES are kept, the least recently
// used going first.
import { listsTerms } from './term-lists';
import { cachedStem, isStopWord, words } from '../text/words';

/** Marks the end of a field in a passage's sequence of content words: a pair of words never spans two fields. */
export const BREAK = -1;

/** The five fields of a passage, in the order they are stored. */
export const FIELD_KEYS = ['name', 'subject', 'heading', 'body', 'answer'] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

export type TokenSource = { id?: number; name: string; subject: string; heading: string; body: string; answer: string };

/**
 * tokens: the stem ids of every word (stop words included) of the five fields, one after another;
 * ends[f]: where field f ends in `tokens`;
 * sequence: the content words' stem ids (stop words out), fields separated by BREAK.
 */
/** `listsTerms`: the body only lists terms (term-lists.ts), decided once with the tokens. */
export type PassageTokens = { tokens: Int32Array; ends: Int32Array; sequence: Int32Array; listsTerms: boolean };

const MAX_PASSAGES = 10_000;
/** Distinct stems known before everything is forgotten and numbered afresh (about 100 bytes each). */
const MAX_STEMS = 1_000_000;
/** Words remembered with their stem id and whether they are stop words. */
const MAX_WORDS = 200_000;

const stemIds = new Map<string, number>();
// word → stem id × 2 + (1 if a stop word)
const wordCodes = new Map<string, number>();
const kept = new Map<number, { fingerprint: string; tokens: PassageTokens; chars: number }>();

/** The id of a stem, numbered on first sight. */
export function stemId(stem: string): number {
  let id = stemIds.get(stem);
  if (id === undefined) {
    if (stemIds.size >= MAX_STEMS) forgetAll();
    id = stemIds.size;
    stemIds.set(stem, id);
  }
  return id;
}

function wordCode(word: string): number {
  let code = wordCodes.get(word);
  if (code === undefined) {
    if (wordCodes.size >= MAX_WORDS) wordCodes.clear();
    code = stemId(cachedStem(word)) * 2 + (isStopWord(word) ? 1 : 0);
    wordCodes.set(word, code);
  }
  return code;
}

let numbering = 0;
/** Changes whenever the stems are numbered afresh: ids of two numberings must not meet. */
export const currentNumbering = () => numbering;

/** Drops every kept passage and number: ids are only comparable within one numbering. */
export function forgetAll(): void {
  numbering++;
  stemIds.clear();
  wordCodes.clear();
  kept.clear();
}

function tokenise(source: TokenSource, chars: number): PassageTokens {
  const all: number[] = [];
  const sequence: number[] = [];
  const ends = new Int32Array(FIELD_KEYS.length);
  FIELD_KEYS.forEach((key, f) => {
    const text = key === 'body' || key === 'answer' ? source[key].slice(0, chars) : source[key];
    for (const word of words(text)) {
      const code = wordCode(word);
      all.push(code >> 1);
      if (!(code & 1)) sequence.push(code >> 1);
    }
    ends[f] = all.length;
    if (f < FIELD_KEYS.length - 1) sequence.push(BREAK);
  });
  return { tokens: Int32Array.from(all), ends, sequence: Int32Array.from(sequence), listsTerms: listsTerms(source.body) };
}

/**
 * A cheap check that a kept passage is still the same text: the short
 * fields whole (a content or subject can be renamed), the long ones by
 * length and a sample of their characters.
 */
function fingerprintOf(source: TokenSource): string {
  return `${source.name}\u0000${source.subject}\u0000${source.heading}\u0000${sample(source.body)}\u0000${sample(source.answer)}`;
}

function sample(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i += 16) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return `${text.length}:${hash}`;
}

/** The passage's stem ids: kept ones when it has an id and has not changed, else tokenised (and kept). */
export function passageTokens(source: TokenSource, chars: number): PassageTokens {
  if (source.id === undefined) return tokenise(source, chars);
  const fingerprint = fingerprintOf(source);
  const entry = kept.get(source.id);
  if (entry && entry.fingerprint === fingerprint && entry.chars === chars) {
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    kept.delete(source.id);
    kept.set(source.id, entry);
    return entry.tokens;
  }
  const tokens = tokenise(source, chars);
  kept.delete(source.id);
  kept.set(source.id, { fingerprint, tokens, chars });
  while (kept.size > MAX_PASSAGES) {
    const oldest = kept.keys().next().value;
    if (oldest === undefined) break;
    kept.delete(oldest);
  }
  return tokens;
}

/** Passages kept (tests). */
export const keptPassages = () => kept.size;
