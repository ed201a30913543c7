// Re-ranking the full-text candidates in TypeScript. Pure: no database, and
// the same on SQLite and PostgreSQL (the databases only choose candidates).
//
// score = 0.40 · lexical   (BM25F over the fields below, divided by the best
//                           candidate's; k1 1.2, b 0.75)
//       + 0.30 · coverage  (IDF-weighted share of the question's terms found
//                           anywhere in the passage; a paraphrase counts 0.6)
//       + 0.15 · title     (the same share, in content name, subject, heading)
//       + 0.10 · proximity (terms found / width of the smallest window of
//                           body words holding all of them)
//       + 0.05 · phrase    (share of the question's adjacent term pairs that
//                           appear adjacent and in order)
// A one-term question has no proximity or phrase: their weight goes to
// coverage. Every part is in 0..1, so the score is too.
import { stemsOf } from './text';

export type RankTerm = { stem: string; alternatives: string[]; idf: number };

export type RankDocument = { name: string; subject: string; heading: string; body: string; answer: string };

export type RankParts = { lexical: number; coverage: number; title: number; proximity: number; phrase: number };

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

type Tokenised = { fields: Record<(typeof FIELDS)[number]['key'], string[]>; title: Set<string>; all: Set<string>; body: string[] };

// A passage's first 3,000 characters decide its rank: long passages (code
// listings, tables) would otherwise dominate the re-ranking time.
const RANKED_CHARS = 3_000;

function tokenise(doc: RankDocument): Tokenised {
  const fields = {
    name: stemsOf(doc.name),
    subject: stemsOf(doc.subject),
    heading: stemsOf(doc.heading),
    body: stemsOf(doc.body.slice(0, RANKED_CHARS)),
    answer: stemsOf(doc.answer.slice(0, RANKED_CHARS)),
  };
  const title = new Set([...fields.name, ...fields.subject, ...fields.heading]);
  return { fields, title, all: new Set([...title, ...fields.body, ...fields.answer]), body: [...fields.body, ...fields.answer] };
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

function phrase(terms: RankTerm[], tokens: string[]): number {
  if (terms.length < 2) return 0;
  const wanted = new Map<string, number>();
  for (let i = 0; i + 1 < terms.length; i++) wanted.set(`${terms[i].stem} ${terms[i + 1].stem}`, i);
  const found = new Set<number>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const pair = wanted.get(`${tokens[i]} ${tokens[i + 1]}`);
    if (pair !== undefined) found.add(pair);
  }
  return found.size / (terms.length - 1);
}

export function combine(parts: RankParts, termCount: number): number {
  const multi = termCount >= 2;
  const score =
    0.4 * parts.lexical + (multi ? 0.3 : 0.45) * parts.coverage + 0.15 * parts.title + (multi ? 0.1 * parts.proximity + 0.05 * parts.phrase : 0);
  return Math.round(Math.max(0, Math.min(1, score)) * 10_000) / 10_000;
}

/** Sorts documents by re-ranked score, best first; ties keep the input order. */
export function rerank<D extends RankDocument>(terms: RankTerm[], docs: D[]): (D & { score: number; parts: RankParts })[] {
  if (!docs.length || !terms.length) return docs.map((d) => ({ ...d, score: 0, parts: { lexical: 0, coverage: 0, title: 0, proximity: 0, phrase: 0 } }));
  const tokenised = docs.map(tokenise);
  const avgLength: Record<string, number> = {};
  for (const field of FIELDS) avgLength[field.key] = tokenised.reduce((sum, d) => sum + d.fields[field.key].length, 0) / docs.length;
  const index = termIndex(terms);
  const lexical = tokenised.map((d) => bm25f(terms, index, d, avgLength));
  const best = Math.max(...lexical);
  return docs
    .map((doc, i) => {
      const d = tokenised[i];
      const parts: RankParts = {
        lexical: best > 0 ? lexical[i] / best : 0,
        coverage: share(terms, d.all),
        title: share(terms, d.title),
        proximity: proximity(terms, index, d.body),
        phrase: phrase(terms, d.body),
      };
      return { ...doc, score: combine(parts, terms.length), parts, order: i };
    })
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ order: _order, ...rest }) => rest as unknown as D & { score: number; parts: RankParts });
}
