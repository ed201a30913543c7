// Re-ranking the full-text candidates in TypeScript. Pure: no database, and
// the same on SQLite and PostgreSQL (the databases only choose candidates).
//
// score = (0.40 · lexical   (BM25F over the fields below plus term
//                            dependence — the question's adjacent term pairs
//                            found in order within two words, and any two of
//                            its terms within eight words in either order
//                            at 0.3, IDF-weighted — divided by the best
//                            candidate's; k1 1.2, b 0.75)
//        + 0.25 · coverage  (IDF-weighted share of the question's terms found
//                            anywhere in the passage; a paraphrase counts 0.6)
//        + 0.15 · title     (the same share, in content name, subject, heading)
//        + 0.10 · proximity (terms found / width of the smallest window of
//                            body words holding all of them)
//        + 0.10 · support   (the other candidates of the same document, their
//                            lexical parts decaying by half: a page that
//                            answers in several places beats a stray passage)
//        + 0.10 · lead)     (the same share, in the passage's first six body
//                            words: a passage that opens with the question's
//                            words — "wal_level (enum)" — is about them)
//        / 1.10
// A one-term question has no proximity: its weight goes to coverage. Every
// part is in 0..1, so the score is too. Measured on bench/quality (both
// halves, both databases) against plain BM25: see bench/quality/results.md.
import { cachedStem, isStopWord, words } from '../text/words';

export type RankTerm = { stem: string; alternatives: string[]; idf: number };

/** `document` groups passages of one page (content) for the support part; omitted, each passage stands alone. */
export type RankDocument = { name: string; subject: string; heading: string; body: string; answer: string; document?: number };

export type RankParts = { lexical: number; coverage: number; title: number; proximity: number; support: number; lead: number };

const PARAPHRASE_CREDIT = 0.6;
const K1 = 1.2;
const B = 0.75;
type FieldKey = 'name' | 'subject' | 'heading' | 'body' | 'answer';
const FIELD_KEYS: FieldKey[] = ['name', 'subject', 'heading', 'body', 'answer'];

/**
 * The tuned weights (bench/quality, tune half). Exported so that
 * bench/quality/tune.ts can try other values in-process; the app never
 * changes them.
 */
export const RANK_SETTINGS = {
  // Field weights of BM25F: a word in the content's name says more than one in the body.
  fields: { name: 3.0, subject: 1.5, heading: 2.0, body: 1.0, answer: 1.2 } as Record<FieldKey, number>,
  // Divided by their sum, so the score stays in 0..1.
  parts: { lexical: 0.4, coverage: 0.25, title: 0.15, proximity: 0.1, support: 0.1, lead: 0.1 },
  /** Body words that open a passage (the `lead` part). */
  leadTokens: 6,
  /** Weight of the unordered pairs in the lexical part, and their window in content words. */
  unordered: 0.3,
  unorderedWindow: 8,
};

export function idf(total: number, df: number): number {
  const n = Math.max(total, df, 1);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

type Tokenised = { fields: Record<FieldKey, string[]>; title: Set<string>; all: Set<string>; body: string[]; sequence: string[]; lead: Set<string> };

// A passage's first 3,000 characters decide its rank: long passages (code
// listings, tables) would otherwise dominate the re-ranking time.
const RANKED_CHARS = 3_000;
const BREAK = '\u0000';

/** A field's stems, and its content words' stems (stop words out) for the pairs, from one pass over its words. */
function fieldTokens(text: string): { stems: string[]; content: string[] } {
  const list = words(text);
  return { stems: list.map(cachedStem), content: list.filter((w) => !isStopWord(w)).map(cachedStem) };
}

function tokenise(doc: RankDocument, chars = RANKED_CHARS): Tokenised {
  const name = fieldTokens(doc.name);
  const subject = fieldTokens(doc.subject);
  const heading = fieldTokens(doc.heading);
  const bodyTokens = fieldTokens(doc.body.slice(0, chars));
  const answer = fieldTokens(doc.answer.slice(0, chars));
  const fields = { name: name.stems, subject: subject.stems, heading: heading.stems, body: bodyTokens.stems, answer: answer.stems };
  const title = new Set([...fields.name, ...fields.subject, ...fields.heading]);
  const body = [...fields.body, ...fields.answer];
  // Content words only (a pair may have stop words between: "results to a
  // file"), fields joined with a break token so a pair never spans two.
  const sequence = [...name.content, BREAK, ...subject.content, BREAK, ...heading.content, BREAK, ...bodyTokens.content, BREAK, ...answer.content];
  return { fields, title, all: new Set([...title, ...body]), body, sequence, lead: new Set(fields.body.slice(0, RANK_SETTINGS.leadTokens)) };
}

function share(terms: RankTerm[], present: Set<string>): number {
  let got = 0;
  let all = 0;
  for (const term of terms) {
    all += term.idf;
    if (present.has(term.stem)) got += term.idf;
    else if (term.alternatives.some((a) => present.has(a))) got += term.idf * PARAPHRASE_CREDIT;
  }
  return all > 0 ? got / all : 0;
}

/** IDF-weighted shares of the terms found in a document: anywhere, and in its title fields (content name, subject, heading). */
export function termShares(terms: RankTerm[], doc: RankDocument, chars = RANKED_CHARS): { all: number; title: number } {
  const d = tokenise(doc, chars);
  return { all: share(terms, d.all), title: share(terms, d.title) };
}

/** stem → [term index, credit]: the question's stems count 1, paraphrases 0.6. */
type TermIndex = Map<string, [number, number]>;

function termIndex(terms: RankTerm[]): TermIndex {
  const index: TermIndex = new Map();
  terms.forEach((t, i) => index.set(t.stem, [i, 1]));
  terms.forEach((t, i) => t.alternatives.forEach((a) => index.has(a) || index.set(a, [i, PARAPHRASE_CREDIT])));
  return index;
}

function bm25f(terms: RankTerm[], index: TermIndex, doc: Tokenised, avgLength: Record<string, number>): number {
  const tf = new Float64Array(terms.length);
  const hits = new Float64Array(terms.length);
  for (const key of FIELD_KEYS) {
    const tokens = doc.fields[key];
    if (!tokens.length) continue;
    hits.fill(0);
    for (const token of tokens) {
      const entry = index.get(token);
      if (entry) hits[entry[0]] += entry[1];
    }
    const norm = 1 - B + (B * tokens.length) / Math.max(1, avgLength[key]);
    const weight = RANK_SETTINGS.fields[key];
    for (let i = 0; i < terms.length; i++) if (hits[i]) tf[i] += (weight * hits[i]) / norm;
  }
  let score = 0;
  for (let i = 0; i < terms.length; i++) if (tf[i] > 0) score += (terms[i].idf * tf[i] * (K1 + 1)) / (tf[i] + K1);
  return score;
}

/** Terms found / width of the smallest window of tokens holding every term found. */
function proximity(terms: RankTerm[], index: TermIndex, tokens: string[]): number {
  const hits: { pos: number; term: number }[] = [];
  tokens.forEach((token, pos) => {
    const entry = index.get(token);
    if (entry) hits.push({ pos, term: entry[0] });
  });
  const distinct = new Set(hits.map((h) => h.term)).size;
  if (distinct < 2) return 0;
  const counts = new Map<number, number>();
  let covered = 0;
  let best = Infinity;
  let left = 0;
  for (let right = 0; right < hits.length; right++) {
    const t = hits[right].term;
    counts.set(t, (counts.get(t) ?? 0) + 1);
    if (counts.get(t) === 1) covered++;
    while (covered === distinct) {
      best = Math.min(best, hits[right].pos - hits[left].pos + 1);
      const lt = hits[left].term;
      counts.set(lt, counts.get(lt)! - 1);
      if (counts.get(lt) === 0) covered--;
      left++;
    }
  }
  return (distinct / terms.length) * Math.min(1, distinct / best);
}

/**
 * Term dependence (the "sequential dependence" idea of Metzler and Croft):
 * each adjacent pair of the question's terms found in that order, next to
 * each other or one word apart ("create *unique* index"), adds
 * log(1 + occurrences) times the pair's mean IDF. A question's words that
 * belong together are worth more together than scattered.
 */
function pairs(terms: RankTerm[], index: TermIndex, tokens: string[]): number {
  if (terms.length < 2) return 0;
  const positions: number[][] = terms.map(() => []);
  tokens.forEach((token, pos) => {
    const entry = index.get(token);
    if (entry && entry[1] === 1) positions[entry[0]].push(pos);
  });
  let score = 0;
  for (let i = 0; i + 1 < terms.length; i++) {
    const next = new Set(positions[i + 1]);
    let found = 0;
    for (const pos of positions[i]) if (next.has(pos + 1) || next.has(pos + 2)) found++;
    if (found) score += Math.log(1 + found) * ((terms[i].idf + terms[i + 1].idf) / 2);
  }
  return score;
}

/**
 * Unordered pairs (the other half of sequential dependence): any two of the
 * question's terms within `window` content words of each other, in either
 * order, add log(1 + occurrences) × their mean IDF — "block … readers" as
 * well as "readers … block".
 */
function unorderedPairs(terms: RankTerm[], index: TermIndex, tokens: string[], window: number): number {
  if (terms.length < 2) return 0;
  const hits: { pos: number; term: number }[] = [];
  tokens.forEach((token, pos) => {
    const entry = index.get(token);
    if (entry && entry[1] === 1) hits.push({ pos, term: entry[0] });
  });
  const counts = new Map<string, number>();
  for (let a = 0; a < hits.length; a++) {
    for (let b = a + 1; b < hits.length && hits[b].pos - hits[a].pos < window; b++) {
      if (hits[a].term === hits[b].term) continue;
      const key = hits[a].term < hits[b].term ? `${hits[a].term},${hits[b].term}` : `${hits[b].term},${hits[a].term}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  let score = 0;
  for (const [key, n] of counts) {
    const [i, j] = key.split(',').map(Number);
    score += Math.log(1 + n) * ((terms[i].idf + terms[j].idf) / 2);
  }
  return score;
}

/** Per passage: the lexical parts of the other candidates of its document, best first, each counting half the one before. */
function supportOf(docs: RankDocument[], lexical: number[]): number[] {
  const byDocument = new Map<number, number[]>();
  docs.forEach((d, i) => {
    if (d.document === undefined) return;
    const list = byDocument.get(d.document) ?? [];
    list.push(lexical[i]);
    byDocument.set(d.document, list);
  });
  for (const list of byDocument.values()) list.sort((a, b) => b - a);
  return docs.map((d, i) => {
    const list = d.document === undefined ? undefined : byDocument.get(d.document);
    if (!list) return 0;
    let sum = 0;
    let weight = 1;
    let skipped = false;
    for (const value of list) {
      // The passage's own value is not support for itself.
      if (!skipped && value === lexical[i]) {
        skipped = true;
        continue;
      }
      sum += weight * value;
      weight /= 2;
    }
    return Math.min(1, sum);
  });
}

export function combine(parts: RankParts, termCount: number): number {
  const multi = termCount >= 2;
  const w = RANK_SETTINGS.parts;
  const total = w.lexical + w.coverage + w.title + w.proximity + w.support + w.lead;
  // A one-term question has no proximity: its weight goes to coverage.
  const weighted =
    w.lexical * parts.lexical +
    (multi ? w.coverage : w.coverage + w.proximity) * parts.coverage +
    w.title * parts.title +
    (multi ? w.proximity * parts.proximity : 0) +
    w.support * parts.support +
    w.lead * parts.lead;
  const score = weighted / total;
  return Math.round(Math.max(0, Math.min(1, score)) * 10_000) / 10_000;
}

/** Sorts documents by re-ranked score, best first; ties keep the input order. */
export function rerank<D extends RankDocument>(terms: RankTerm[], docs: D[]): (D & { score: number; parts: RankParts })[] {
  if (!docs.length || !terms.length)
    return docs.map((d) => ({ ...d, score: 0, parts: { lexical: 0, coverage: 0, title: 0, proximity: 0, support: 0, lead: 0 } }));
  const tokenised = docs.map((d) => tokenise(d));
  const avgLength: Record<string, number> = {};
  for (const key of FIELD_KEYS) avgLength[key] = tokenised.reduce((sum, d) => sum + d.fields[key].length, 0) / docs.length;
  const index = termIndex(terms);
  const { unordered, unorderedWindow } = RANK_SETTINGS;
  const raw = tokenised.map(
    (d) =>
      bm25f(terms, index, d, avgLength) +
      pairs(terms, index, d.sequence) +
      (unordered ? unordered * unorderedPairs(terms, index, d.sequence, unorderedWindow) : 0),
  );
  const best = Math.max(...raw);
  const lexical = raw.map((value) => (best > 0 ? value / best : 0));
  const support = supportOf(docs, lexical);
  const scored = docs.map((doc, i) => {
    const d = tokenised[i];
    const parts: RankParts = {
      lexical: lexical[i],
      coverage: share(terms, d.all),
      title: share(terms, d.title),
      proximity: proximity(terms, index, d.body),
      support: support[i],
      lead: share(terms, d.lead),
    };
    return { ...doc, score: combine(parts, terms.length), parts, order: i };
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ order: _order, ...rest }) => rest as unknown as D & { score: number; parts: RankParts });
}
