// Re-ranking the full-text candidates in TypeScript. Pure: no database, and
// the same on SQLite and PostgreSQL (the databases only choose candidates).
//
// score = 0.40 · lexical   (BM25F over the fields below plus term
//                           dependence — the question's adjacent term pairs
//                           found in order within two words, IDF-weighted —
//                           divided by the best candidate's; k1 1.2, b 0.75)
//       + 0.25 · coverage  (IDF-weighted share of the question's terms found
//                           anywhere in the passage; a paraphrase counts 0.6)
//       + 0.15 · title     (the same share, in content name, subject, heading)
//       + 0.10 · proximity (terms found / width of the smallest window of
//                           body words holding all of them)
//       + 0.10 · support   (the other candidates of the same document, their
//                           lexical parts decaying by half: a page that
//                           answers in several places beats a stray passage)
// A one-term question has no proximity: its weight goes to coverage. Every
// part is in 0..1, so the score is too. Measured on bench/quality (both
// halves, both databases) against plain BM25: see bench/quality/results.md.
import { cachedStem, isStopWord, words } from './text';

export type RankTerm = { stem: string; alternatives: string[]; idf: number };

/** `document` groups passages of one page (content) for the support part; omitted, each passage stands alone. */
export type RankDocument = { name: string; subject: string; heading: string; body: string; answer: string; document?: number };

export type RankParts = { lexical: number; coverage: number; title: number; proximity: number; support: number };

const PARAPHRASE_CREDIT = 0.6;
const K1 = 1.2;
const B = 0.75;
// Field weights of BM25F: a word in the content's name says more than one in the body.
const FIELDS = [
  { key: 'name', weight: 3.0 },
  { key: 'subject', weight: 1.5 },
  { key: 'heading', weight: 2.0 },
  { key: 'body', weight: 1.0 },
  { key: 'answer', weight: 1.2 },
] as const;

export function idf(total: number, df: number): number {
  const n = Math.max(total, df, 1);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

type Tokenised = { fields: Record<(typeof FIELDS)[number]['key'], string[]>; title: Set<string>; all: Set<string>; body: string[]; sequence: string[] };

// A passage's first 3,000 characters decide its rank: long passages (code
// listings, tables) would otherwise dominate the re-ranking time.
const RANKED_CHARS = 3_000;
const BREAK = '\u0000';

/** A field's stems, and its content words' stems (stop words out) for the pairs, from one pass over its words. */
function fieldTokens(text: string): { stems: string[]; content: string[] } {
  const list = words(text);
  return { stems: list.map(cachedStem), content: list.filter((w) => !isStopWord(w)).map(cachedStem) };
}

function tokenise(doc: RankDocument): Tokenised {
  const name = fieldTokens(doc.name);
  const subject = fieldTokens(doc.subject);
  const heading = fieldTokens(doc.heading);
  const bodyTokens = fieldTokens(doc.body.slice(0, RANKED_CHARS));
  const answer = fieldTokens(doc.answer.slice(0, RANKED_CHARS));
  const fields = { name: name.stems, subject: subject.stems, heading: heading.stems, body: bodyTokens.stems, answer: answer.stems };
  const title = new Set([...fields.name, ...fields.subject, ...fields.heading]);
  const body = [...fields.body, ...fields.answer];
  // Content words only (a pair may have stop words between: "results to a
  // file"), fields joined with a break token so a pair never spans two.
  const sequence = [...name.content, BREAK, ...subject.content, BREAK, ...heading.content, BREAK, ...bodyTokens.content, BREAK, ...answer.content];
  return { fields, title, all: new Set([...title, ...body]), body, sequence };
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
export function termShares(terms: RankTerm[], doc: RankDocument): { all: number; title: number } {
  const d = tokenise(doc);
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
  for (const field of FIELDS) {
    const tokens = doc.fields[field.key];
    if (!tokens.length) continue;
    hits.fill(0);
    for (const token of tokens) {
      const entry = index.get(token);
      if (entry) hits[entry[0]] += entry[1];
    }
    const norm = 1 - B + (B * tokens.length) / Math.max(1, avgLength[field.key]);
    for (let i = 0; i < terms.length; i++) if (hits[i]) tf[i] += (field.weight * hits[i]) / norm;
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
  const score = 0.4 * parts.lexical + (multi ? 0.25 : 0.35) * parts.coverage + 0.15 * parts.title + (multi ? 0.1 * parts.proximity : 0) + 0.1 * parts.support;
  return Math.round(Math.max(0, Math.min(1, score)) * 10_000) / 10_000;
}

/** Sorts documents by re-ranked score, best first; ties keep the input order. */
export function rerank<D extends RankDocument>(terms: RankTerm[], docs: D[]): (D & { score: number; parts: RankParts })[] {
  if (!docs.length || !terms.length) return docs.map((d) => ({ ...d, score: 0, parts: { lexical: 0, coverage: 0, title: 0, proximity: 0, support: 0 } }));
  const tokenised = docs.map(tokenise);
  const avgLength: Record<string, number> = {};
  for (const field of FIELDS) avgLength[field.key] = tokenised.reduce((sum, d) => sum + d.fields[field.key].length, 0) / docs.length;
  const index = termIndex(terms);
  const raw = tokenised.map((d) => bm25f(terms, index, d, avgLength) + pairs(terms, index, d.sequence));
  const best = Math.max(...raw);
  const lexical = raw.map((value) => (best > 0 ? value / best : 0));
  const support = supportOf(docs, lexical);
  return docs
    .map((doc, i) => {
      const d = tokenised[i];
      const parts: RankParts = {
        lexical: lexical[i],
        coverage: share(terms, d.all),
        title: share(terms, d.title),
        proximity: proximity(terms, index, d.body),
        support: support[i],
      };
      return { ...doc, score: combine(parts, terms.length), parts, order: i };
    })
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ order: _order, ...rest }) => rest as unknown as D & { score: number; parts: RankParts });
}
