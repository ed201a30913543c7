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
//        + 0.20 · support   (the other candidates of the same document, their
//                            lexical parts decaying by half, plus half the
//                            passage's own times its share of the page: a
//                            page that answers in several places, or that is
//                            all about it, beats a stray passage; scaled by
//                            √(20,000 ÷ the page's tokens) past 20,000: an
//                            omnibus page matches every question somewhere)
//        + 0.10 · lead      (the same share, in the passage's first six body
//                            words: a passage that opens with the question's
//                            words — "wal_level (enum)" — is about them)
//        + 0.25 · named)    (the share found in the content's name times the
//                            square of the share of the name's words that are
//                            the question's: "CMAKE_PREFIX_PATH" names that
//                            page, not CMAKE_SYSTEM_PREFIX_PATH)
//        / 1.45
// A one-term question has no proximity: its weight goes to coverage. Every
// part is in 0..1, so the score is too. Measured on bench/quality (both
// halves, both databases) against plain BM25: see bench/quality/results.md.
import { BREAK, currentNumbering, FIELD_KEYS, type FieldKey, passageTokens, stemId, type PassageTokens } from './passage-tokens';
import { pageKindShare, RELEASE_NOTES, SOURCE_LISTING, type PageKind } from './page-kinds';
import { templated } from './templates';

/** `forms`: other stems of the same word, full credit (an adverb's: strictli for strict); `alternatives`: paraphrases. */
export type RankTerm = { stem: string; forms?: string[]; alternatives: string[]; idf: number };

/**
 * `document` groups passages of one page (content) for the support part; omitted, each passage stands alone.
 * `id` (the passage's) lets its tokens be kept between questions (passage-tokens.ts).
 * `pageShare`: the passage's share of its page's tokens (1 when it is the whole page), and `pageTokens`: the page's
 * length in tokens, for the support part.
 */
export type RankDocument = {
  id?: number;
  name: string;
  subject: string;
  heading: string;
  body: string;
  answer: string;
  document?: number;
  pageShare?: number;
  pageTokens?: number;
};

export type RankParts = { lexical: number; coverage: number; title: number; proximity: number; support: number; lead: number; named: number };

const PARAPHRASE_CREDIT = 0.6;
const K1 = 1.2;
const B = 0.75;

/**
 * The tuned weights (bench/quality, tune half). Exported so that
 * bench/quality/tune.ts can try other values in-process; the app never
 * changes them.
 */
export const RANK_SETTINGS = {
  // Field weights of BM25F: a word in the content's name says more than one in the body.
  fields: { name: 3.0, subject: 1.5, heading: 2.0, body: 1.0, answer: 1.2 } as Record<FieldKey, number>,
  // Divided by their sum, so the score stays in 0..1.
  parts: { lexical: 0.4, coverage: 0.25, title: 0.15, proximity: 0.1, support: 0.2, lead: 0.1, named: 0.25 },
  /** Body words that open a passage (the `lead` part). */
  leadTokens: 6,
  /** Weight of the unordered pairs in the lexical part, and their window in content words. */
  unordered: 0.3,
  unorderedWindow: 8,
  /** A passage that only lists terms (an index, a table of contents: term-lists.ts) counts this share of its score. */
  listFactor: 0.5,
  /** A release-notes page (page-kinds.ts) counts this share, unless the question asks what changed. */
  releaseFactor: 0.5,
  /** A generated listing of a module's source (page-kinds.ts) counts this share, unless the question asks for the source. */
  sourceFactor: 0.5,
  /** A passage whose text other pages repeat (templates.ts), among the best TEMPLATE_WINDOW, counts this share. */
  templateFactor: 0.7,
  /** How much a passage's own lexical part, times its share of its page, counts as support (supportOf). */
  ownPageShare: 0.5,
  /**
   * A page longer than this many tokens has its support scaled by √(this ÷ its length): an omnibus page (Flask's
   * whole API on one page, 55,000 tokens) holds matching passages for nearly any question, so that several of
   * its passages match says less than it does of a page about one subject. 0: no scaling.
   */
  supportPageTokens: 20_000,
  /** The `named` part's precision (share of the name's words that are terms) is raised to this power. */
  namedPower: 2,
};

/** How many of the best candidates are compared with one another for repeated text. */
const TEMPLATE_WINDOW = 30;

export function idf(total: number, df: number): number {
  const n = Math.max(total, df, 1);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

// A passage's first 3,000 characters decide its rank: long passages (code
// listings, tables) would otherwise dominate the re-ranking time.
const RANKED_CHARS = 3_000;
const TITLE_END = 2; // name, subject, heading: fields 0..2
const BODY = 3;

/**
 * The question's terms by stem id. `first`: the one term a stem counts for
 * in BM25F and the pairs (the question's own stems before paraphrases, 1 or
 * 0.6); `all`: every term a stem is found for (a paraphrase of one term may
 * be another term's own stem), for the shares.
 */
type TermIndex = { first: Map<number, [number, number]>; all: Map<number, [number, number][]> };

function termIndex(terms: RankTerm[]): TermIndex {
  const first: TermIndex['first'] = new Map();
  const all: TermIndex['all'] = new Map();
  const add = (stem: string, term: number, credit: number) => {
    const id = stemId(stem);
    if (!first.has(id)) first.set(id, [term, credit]);
    const list = all.get(id) ?? [];
    list.push([term, credit]);
    all.set(id, list);
  };
  terms.forEach((t, i) => add(t.stem, i, 1));
  terms.forEach((t, i) => t.forms?.forEach((f) => add(f, i, 1)));
  terms.forEach((t, i) => t.alternatives.forEach((a) => add(a, i, PARAPHRASE_CREDIT)));
  return { first, all };
}

/** Credit of each term (1 its own stem, 0.6 a paraphrase only, 0 neither) among tokens[from, to). */
function found(terms: RankTerm[], index: TermIndex, tokens: Int32Array, from: number, to: number): Float64Array {
  const credit = new Float64Array(terms.length);
  for (let k = from; k < to; k++) {
    const entries = index.all.get(tokens[k]);
    if (!entries) continue;
    for (const [term, value] of entries) if (value > credit[term]) credit[term] = value;
  }
  return credit;
}

/** IDF-weighted share of the terms found, merging several token ranges. */
function share(terms: RankTerm[], ...credits: Float64Array[]): number {
  // Plain loops: this runs several times for each of a question's ~200 candidates, and a closure and a spread
  // array per term made garbage on every call (re-ranking CMake's questions: 4.5 → 4.2 ms each).
  let got = 0;
  let all = 0;
  for (let i = 0; i < terms.length; i++) {
    let best = 0;
    for (const credit of credits) if (credit[i] > best) best = credit[i];
    all += terms[i].idf;
    got += terms[i].idf * best;
  }
  return all > 0 ? got / all : 0;
}

/** IDF-weighted shares of the terms found in a document: anywhere, and in its title fields (content name, subject, heading). */
export function termShares(terms: RankTerm[], doc: RankDocument, chars = RANKED_CHARS): { all: number; title: number } {
  return fieldShares(terms, termIndex(terms), passageTokens({ ...doc, id: undefined }, chars));
}

/** The shares of the terms found anywhere in a passage and in its title fields (content name, subject, heading). */
function fieldShares(terms: RankTerm[], index: TermIndex, d: PassageTokens): { all: number; title: number } {
  const title = found(terms, index, d.tokens, 0, d.ends[TITLE_END]);
  const rest = found(terms, index, d.tokens, d.ends[TITLE_END], d.tokens.length);
  return { all: share(terms, title, rest), title: share(terms, title) };
}

const fieldStart = (d: PassageTokens, f: number) => (f === 0 ? 0 : d.ends[f - 1]);

function bm25f(terms: RankTerm[], index: TermIndex, d: PassageTokens, avgLength: Float64Array): number {
  const tf = new Float64Array(terms.length);
  const hits = new Float64Array(terms.length);
  FIELD_KEYS.forEach((key, f) => {
    const from = fieldStart(d, f);
    const length = d.ends[f] - from;
    if (!length) return;
    hits.fill(0);
    for (let k = from; k < d.ends[f]; k++) {
      const entry = index.first.get(d.tokens[k]);
      if (entry) hits[entry[0]] += entry[1];
    }
    const norm = 1 - B + (B * length) / Math.max(1, avgLength[f]);
    const weight = RANK_SETTINGS.fields[key];
    for (let i = 0; i < terms.length; i++) if (hits[i]) tf[i] += (weight * hits[i]) / norm;
  });
  let score = 0;
  for (let i = 0; i < terms.length; i++) if (tf[i] > 0) score += (terms[i].idf * tf[i] * (K1 + 1)) / (tf[i] + K1);
  return score;
}

/** Terms found / width of the smallest window of body tokens holding every term found. */
function proximity(terms: RankTerm[], index: TermIndex, d: PassageTokens): number {
  const hits: { pos: number; term: number }[] = [];
  for (let k = d.ends[TITLE_END]; k < d.tokens.length; k++) {
    const entry = index.first.get(d.tokens[k]);
    if (entry) hits.push({ pos: k, term: entry[0] });
  }
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

/** Positions in the content-word sequence of the question's own stems (not paraphrases), per term. */
function ownHits(index: TermIndex, sequence: Int32Array): { pos: number; term: number }[] {
  const hits: { pos: number; term: number }[] = [];
  for (let k = 0; k < sequence.length; k++) {
    if (sequence[k] === BREAK) continue;
    const entry = index.first.get(sequence[k]);
    if (entry && entry[1] === 1) hits.push({ pos: k, term: entry[0] });
  }
  return hits;
}

/**
 * Term dependence (the "sequential dependence" idea of Metzler and Croft):
 * each adjacent pair of the question's terms found in that order, next to
 * each other or one word apart ("create *unique* index"), adds
 * log(1 + occurrences) times the pair's mean IDF. A question's words that
 * belong together are worth more together than scattered.
 */
function pairs(terms: RankTerm[], hits: { pos: number; term: number }[]): number {
  if (terms.length < 2) return 0;
  const positions: Set<number>[] = terms.map(() => new Set());
  for (const h of hits) positions[h.term].add(h.pos);
  let score = 0;
  for (let i = 0; i + 1 < terms.length; i++) {
    const next = positions[i + 1];
    let count = 0;
    for (const pos of positions[i]) if (next.has(pos + 1) || next.has(pos + 2)) count++;
    if (count) score += Math.log(1 + count) * ((terms[i].idf + terms[i + 1].idf) / 2);
  }
  return score;
}

/**
 * Unordered pairs (the other half of sequential dependence): any two of the
 * question's terms within `window` content words of each other, in either
 * order, add log(1 + occurrences) × their mean IDF — "block … readers" as
 * well as "readers … block".
 */
function unorderedPairs(terms: RankTerm[], hits: { pos: number; term: number }[], window: number): number {
  if (terms.length < 2) return 0;
  const counts = new Map<number, number>();
  for (let a = 0; a < hits.length; a++) {
    for (let b = a + 1; b < hits.length && hits[b].pos - hits[a].pos < window; b++) {
      if (hits[a].term === hits[b].term) continue;
      const key = Math.min(hits[a].term, hits[b].term) * terms.length + Math.max(hits[a].term, hits[b].term);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  let score = 0;
  for (const [key, n] of counts) {
    const i = Math.floor(key / terms.length);
    const j = key % terms.length;
    score += Math.log(1 + n) * ((terms[i].idf + terms[j].idf) / 2);
  }
  return score;
}

/**
 * Per passage: the lexical parts of the other candidates of its document,
 * best first, each counting half the one before, plus its own lexical part
 * times its share of the page. A passage that is the whole page (a short
 * reference page: one command, one function) is the page's whole answer,
 * not a stray passage of a long page.
 */
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
    let sum = RANK_SETTINGS.ownPageShare * (d.pageShare ?? 0) * lexical[i];
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
    const longest = RANK_SETTINGS.supportPageTokens;
    const scale = longest && d.pageTokens && d.pageTokens > longest ? Math.sqrt(longest / d.pageTokens) : 1;
    return Math.min(1, sum) * scale;
  });
}

export function combine(parts: RankParts, termCount: number): number {
  const multi = termCount >= 2;
  const w = RANK_SETTINGS.parts;
  const total = w.lexical + w.coverage + w.title + w.proximity + w.support + w.lead + w.named;
  // A one-term question has no proximity: its weight goes to coverage.
  const weighted =
    w.lexical * parts.lexical +
    (multi ? w.coverage : w.coverage + w.proximity) * parts.coverage +
    w.title * parts.title +
    (multi ? w.proximity * parts.proximity : 0) +
    w.support * parts.support +
    w.lead * parts.lead +
    w.named * parts.named;
  const score = weighted / total;
  return Math.round(Math.max(0, Math.min(1, score)) * 10_000) / 10_000;
}

/** Sorts documents by re-ranked score, best first; ties keep the input order. */
export function rerank<D extends RankDocument>(terms: RankTerm[], docs: D[]): (D & { score: number; parts: RankParts })[] {
  if (!docs.length || !terms.length)
    return docs.map((d) => ({ ...d, score: 0, parts: { lexical: 0, coverage: 0, title: 0, proximity: 0, support: 0, lead: 0, named: 0 } }));
  const numbering = currentNumbering();
  const ranked = rankOnce(terms, docs);
  // The stems were numbered afresh midway (a vocabulary past a million stems): rank again in the new numbering.
  return numbering === currentNumbering() ? ranked : rankOnce(terms, docs);
}

function rankOnce<D extends RankDocument>(terms: RankTerm[], docs: D[]): (D & { score: number; parts: RankParts })[] {
  const index = termIndex(terms);
  const tokenised = docs.map((d) => passageTokens(d, RANKED_CHARS));
  const avgLength = new Float64Array(FIELD_KEYS.length);
  for (const d of tokenised) FIELD_KEYS.forEach((_, f) => (avgLength[f] += d.ends[f] - fieldStart(d, f)));
  for (let f = 0; f < avgLength.length; f++) avgLength[f] /= docs.length;
  const { unordered, unorderedWindow, leadTokens } = RANK_SETTINGS;
  const hits = tokenised.map((d) => ownHits(index, d.sequence));
  const raw = tokenised.map(
    (d, i) => bm25f(terms, index, d, avgLength) + pairs(terms, hits[i]) + (unordered ? unordered * unorderedPairs(terms, hits[i], unorderedWindow) : 0),
  );
  const best = Math.max(...raw);
  const lexical = raw.map((value) => (best > 0 ? value / best : 0));
  const support = supportOf(docs, lexical);
  const stems = terms.map((t) => t.stem);
  const kindShares: [PageKind, number][] = [
    [RELEASE_NOTES, RANK_SETTINGS.releaseFactor],
    [SOURCE_LISTING, RANK_SETTINGS.sourceFactor],
  ];
  const scored = docs.map((doc, i) => {
    const d = tokenised[i];
    const bodyStart = d.ends[TITLE_END];
    const shares = fieldShares(terms, index, d);
    const parts: RankParts = {
      lexical: lexical[i],
      coverage: shares.all,
      title: shares.title,
      proximity: proximity(terms, index, d),
      support: support[i],
      lead: share(terms, found(terms, index, d.tokens, bodyStart, Math.min(d.ends[BODY], bodyStart + leadTokens))),
      named: named(terms, index, d),
    };
    const listed = d.listsTerms ? RANK_SETTINGS.listFactor : 1;
    const ofKind = pageKindShare(doc.name, stems, kindShares);
    return { ...doc, score: Math.round(combine(parts, terms.length) * listed * ofKind * 10_000) / 10_000, parts, order: i };
  });
  const byScore = (a: { score: number; order: number }, b: { score: number; order: number }) => b.score - a.score || a.order - b.order;
  scored.sort(byScore);
  if (RANK_SETTINGS.templateFactor < 1) {
    const best = scored.slice(0, TEMPLATE_WINDOW);
    const repeated = templated(best.map((s) => ({ document: s.document, words: bodyWords(tokenised[s.order]) })));
    best.forEach((s, i) => {
      if (repeated[i]) s.score = Math.round(s.score * RANK_SETTINGS.templateFactor * 10_000) / 10_000;
    });
    scored.sort(byScore);
  }
  return scored.map(({ order: _order, ...rest }) => rest as unknown as D & { score: number; parts: RankParts });
}

/**
 * How far the content's name is the question's terms and nothing else: the IDF share of the terms found in the name
 * times the share of the name's distinct content words that are terms (own stems or forms). "CMAKE_PREFIX_PATH" asked
 * names the page CMAKE_PREFIX_PATH (1), not CMAKE_SYSTEM_PREFIX_PATH (0.75), though both hold every term in their name.
 */
function named(terms: RankTerm[], index: TermIndex, d: PassageTokens): number {
  const nameWords = new Set<number>();
  for (const id of d.sequence) {
    if (id === BREAK) break;
    nameWords.add(id);
  }
  if (!nameWords.size) return 0;
  let own = 0;
  for (const id of nameWords) if (index.all.get(id)?.some(([, credit]) => credit === 1)) own++;
  if (!own) return 0;
  return share(terms, found(terms, index, d.tokens, 0, d.ends[0])) * (own / nameWords.size) ** RANK_SETTINGS.namedPower;
}

/** The distinct content words (stem ids, stop words out) of a passage's body: the sequence's fourth field. */
function bodyWords(d: PassageTokens): Set<number> {
  const words = new Set<number>();
  let field = 0;
  for (const id of d.sequence) {
    if (id === BREAK) field++;
    else if (field === BODY) words.add(id);
    else if (field > BODY) break;
  }
  return words;
}
