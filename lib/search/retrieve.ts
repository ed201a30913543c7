// Retrieval: question → terms → bounded full-text candidates → re-ranked,
// thresholded passages of one dataset. With an embeddings provider, the
// query's nearest passages by vector join the candidates and the two
// rankings are fused by reciprocal rank (fusion.ts).
//
// Bounding: the cost of ranking grows with the number of passages holding a
// term, so terms are split by document frequency. The rarest terms whose
// postings add up to at most CANDIDATE_BUDGET are ranked by the database
// (bm25 / ts_rank_cd); the common ones only re-rank. A question made of
// common words alone takes bounded unranked matches holding all of them.
import { db, Prisma } from '../db/client';
import { DF_COUNT_CAP, costIn, termKey, type Candidate, type Frequencies, type IndexTerm, type LexicalIndex } from './lexical';
import { correctSpelling, type WordReading } from './spelling';
import { lexicalIndex } from './choose-lexical-index';
import { idf, rerank, type RankParts, type RankTerm } from './rerank';
import { adverbRoot, queryTerms, queryWordSequence, type QueryTerm } from '../text/words';
import { synonymsOf } from '../text/synonyms';
import { porterStem } from '../text/stem';
import { embeddingsConfig, type EmbeddingsConfig } from '../embeddings/config';
import { embedTexts } from '../embeddings/client';
import { normalise } from '../embeddings/vectors';
import { fuseHybrid } from './fusion';
import { nearestPassages, type VectorHit } from './vector-index';

export const CANDIDATE_BUDGET = 2_000;
/** Share of the passages a capitalised stop-word keyword ("WHERE") is taken to be in, for its IDF. */
const KEYWORD_SHARE = 0.1;
/**
 * A word in more than this share of the dataset's passages says nothing
 * about which of them answers ("python" in every page title of the Python
 * manual): it does not choose candidates nor spend the ranking budget, and
 * its IDF makes it weigh almost nothing in the re-ranking. Only datasets
 * under 2 × DF_COUNT_CAP passages can show it: counts stop at the cap.
 */
const UBIQUITOUS_SHARE = 0.5;
/**
 * When all the question's terms hold at most this many postings together,
 * the database ranks every passage holding any of them (about 1 µs a
 * posting: ≤ 20 ms), and the best FULL_POOL go to the re-ranker: no word of
 * the question is left out of candidate selection. Past it, the bounded
 * plan below applies.
 */
export const FULL_RANK_BUDGET = DF_COUNT_CAP - 1;
// 200, not 100: on the quality bench PostgreSQL's first stage lost right pages at
// 100 (R@1 0.49 → 0.56 on the tune half), SQLite gained nothing either way.
const FULL_POOL = 200;
/** Best-ranked candidates kept from the rare-term query. */
const POOL = 40;
/** Unranked candidates taken when the question's words are common. */
const COMMON_LIMIT = 80;
/** Nearest passages by vector joined to the candidates when an embeddings provider is configured. */
const VECTOR_POOL = 40;
/**
 * Passages of one document (content) among the first results: more would
 * crowd other documents out of the list a person reads. Passages held back
 * fill the slots left when there are not enough other documents.
 */
export const PER_DOCUMENT = 2;

export type RetrieveOptions = { topK: number; minScore: number };

export type RetrievedPassage = {
  passageId: number;
  contentId: number;
  /** Its place in its content (0 first): the composer reads a neighbouring passage as the one that follows or precedes it. */
  position: number;
  heading: string;
  body: string;
  answer: string;
  createdAt: Date;
  content: { name: string; source: string; mediaVideo: string | null; mediaImage: string | null; createdAt: Date; updatedAt: Date };
  subject: string;
  score: number;
  parts: RankParts;
};

/**
 * ranked: rare terms (and paraphrases of unknown words) for the ranked query;
 * all: the question's terms found in the index, rarest first;
 * common: how many of `all` were too common to rank;
 * full: every term (and paraphrase) of `ranked`+`all` can be ranked at once;
 * shared: keys of the terms other datasets hold too (the index ranks their matches as well);
 * idf: the IDF of every term above (forms and paraphrases by their own counts), keyed by termKey;
 * readings: the question's words read as other words (typing mistakes, spelling.ts), as written → as searched.
 */
export type QueryPlan = {
  terms: RankTerm[];
  ranked: IndexTerm[];
  all: IndexTerm[];
  common: number;
  full: IndexTerm[] | null;
  shared: string[];
  idf: Map<string, number>;
  readings: WordReading[];
};

/** Splits the question's terms into ranked and common ones by document frequency. */
export async function planQuery(datasetId: number, question: string): Promise<QueryPlan | null> {
  const written = { ...adverbsAsRoots(queryTerms(question, undefined, { keywords: true })), sequence: queryWordSequence(question, { keywords: true }) };
  if (!written.terms.length) return null;
  const index = lexicalIndex();
  const { terms, asked: adverbs, joined, frequencies, readings } = await spelledRight(index, datasetId, written);
  // A phrasal verb's own verb ("turning" of "turning off" for "disable") is one of its term's paraphrases.
  const alternatives = terms.map((t) =>
    [...(t.written ? [t.written] : []), ...synonymsOf(t.word)].map((word) => ({ word, stem: porterStem(word) })).filter((a) => a.stem !== t.stem),
  );
  const { total, df } = frequencies;
  // Other forms of each term: its adverb, and the compounds the dataset writes of it and its neighbour.
  const asked = adverbs.map((forms, i) => [...forms, ...joined.filter((c) => c.of.includes(i) && df.get(termKey(c.word))).map((c) => c.word)]);
  // A keyword that is an English stop word ("WHERE") is not in PostgreSQL's
  // English index: it never chooses candidates, and on both databases it
  // weighs as a common word (in KEYWORD_SHARE of the passages) in the re-ranking.
  const dfOf = (t: QueryTerm) => (t.keyword ? Math.ceil(total * KEYWORD_SHARE) : (df.get(termKey(t)) ?? 0));
  const idfOf = new Map([...terms, ...asked.flat()].map((t) => [termKey(t), idf(total, dfOf(t))]));
  const rankTerms: RankTerm[] = terms.map((t, i) => ({
    stem: t.stem,
    forms: asked[i].map((a) => a.stem),
    alternatives: alternatives[i].map((a) => a.stem),
    idf: idf(total, Math.max(dfOf(t), ...asked[i].map(dfOf))),
  }));
  // What ranking a term costs the index (its matches beyond the dataset too, on SQLite): the budgets go by it.
  const costOf = (t: IndexTerm) => costIn(frequencies, t);
  const shared = [...terms, ...asked.flat()].filter((t) => costOf(t) > dfOf(t)).map(termKey);

  const ranked: IndexTerm[] = [];
  let spent = 0;
  const all = choosingTerms(terms, dfOf, total, costOf);
  for (const term of all) {
    if (spent + costOf(term) > CANDIDATE_BUDGET) break;
    ranked.push(term);
    spent += costOf(term);
  }
  const common = all.length - ranked.length;
  // A term's other forms (the adverb beside its root) find passages with it: beside it when it is ranked.
  const formsOf = (chosen: IndexTerm[]) => terms.flatMap((t, i) => (chosen.includes(t) ? asked[i].filter((f) => dfOf(f) > 0) : []));
  for (const form of formsOf(ranked)) {
    if (spent + costOf(form) > CANDIDATE_BUDGET) break;
    ranked.push(form);
    spent += costOf(form);
  }
  const forms = formsOf(all);
  const postings = [...all, ...forms].reduce((sum, t) => sum + costOf(t), 0);
  // Paraphrases widen the net only for words the dataset does not use at
  // all ("backwards" → "reverse"); otherwise they would pull in passages
  // matching a synonym alone. They still count, less, in the re-ranking.
  const paraphrases = terms.flatMap((t, i) => (dfOf(t) === 0 ? [...asked[i], ...alternatives[i]] : []));
  if (paraphrases.length) {
    const extra = await index.frequencies(datasetId, paraphrases);
    const dfAlt = (t: IndexTerm) => extra.df.get(termKey(t)) ?? 0;
    const costAlt = (t: IndexTerm) => costIn(extra, t);
    for (const alt of paraphrases.sort((a, b) => costAlt(a) - costAlt(b))) {
      if (dfAlt(alt) > 0 && spent + costAlt(alt) <= CANDIDATE_BUDGET) {
        idfOf.set(termKey(alt), idf(extra.total, dfAlt(alt)));
        ranked.push(alt);
        spent += costAlt(alt);
        if (costAlt(alt) > dfAlt(alt)) shared.push(termKey(alt));
      }
    }
  }
  // Paraphrases ranked above hold at most CANDIDATE_BUDGET postings more.
  const full = postings <= FULL_RANK_BUDGET ? [...all, ...forms, ...ranked.filter((t) => !all.includes(t) && !forms.includes(t))] : null;
  return { terms: rankTerms, ranked, all, common, full, shared, idf: idfOf, readings };
}

type Looked = { terms: QueryTerm[]; asked: IndexTerm[][]; joined: ReturnType<typeof compoundsOf>; frequencies: Frequencies; readings: WordReading[] };

/** The dataset's counts of the terms, their other forms and the compounds of neighbouring terms. */
async function lookUp(index: LexicalIndex, datasetId: number, terms: QueryTerm[], asked: IndexTerm[][], sequence: string[]): Promise<Looked> {
  const joined = compoundsOf(terms, asked, sequence);
  const frequencies = await index.frequencies(datasetId, [...terms.filter((t) => !t.keyword), ...asked.flat(), ...joined.map((c) => c.word)]);
  return { terms, asked, joined, frequencies, readings: [] };
}

/**
 * The terms as the dataset spells them: a word it holds in no form is read as its most used neighbour one
 * slip of the keyboard away (spelling.ts), and counted again. A question spelt right costs nothing more.
 */
async function spelledRight(
  index: LexicalIndex,
  datasetId: number,
  written: { terms: QueryTerm[]; asked: IndexTerm[][]; sequence: string[] },
): Promise<Looked> {
  const looked = await lookUp(index, datasetId, written.terms, written.asked, written.sequence);
  const counted = (t: IndexTerm) => (looked.frequencies.df.get(termKey(t)) ?? 0) > 0;
  const held = new Set(written.terms.filter((t, i) => counted(t) || written.asked[i].some(counted)));
  const corrections = await correctSpelling(index, datasetId, written.terms, (t) => held.has(t));
  if (!corrections.length) return looked;
  const terms: QueryTerm[] = [];
  const asked: IndexTerm[][] = [];
  const stems = new Set(written.terms.map((t) => t.stem));
  written.terms.forEach((term, i) => {
    const correction = corrections.find((c) => c.from === term);
    if (correction?.left) return;
    const to = correction?.to ?? term;
    // A slip that spells a word the question already has (or another slip already spelt) adds nothing.
    if (to !== term && stems.has(to.stem)) return;
    stems.add(to.stem);
    terms.push(to);
    asked.push(written.asked[i]);
  });
  // A stop word mistyped is left out, not searched as anything: a person is not told of it ("hours", which a
  // dataset may never write, is one slip from "ours").
  const readings = corrections.filter((c) => !c.left).map((c) => ({ written: c.from.word, read: c.to.word }));
  return { ...(await lookUp(index, datasetId, terms, asked, written.sequence)), readings };
}

/**
 * The question's adverbs as the adjectives they are made of ("strictly" → strict: pages name the thing, STRICT
 * tables), each adverb kept as another form of its term (`asked`): passages that say "strictly" count as much and
 * are found too. A root another term already holds adds nothing.
 */
function adverbsAsRoots(questionTerms: QueryTerm[]): { terms: QueryTerm[]; asked: IndexTerm[][] } {
  const terms: QueryTerm[] = [];
  const asked: IndexTerm[][] = [];
  const stems = new Set(questionTerms.map((t) => t.stem));
  for (const term of questionTerms) {
    const root = term.keyword ? null : adverbRoot(term.word);
    const rootStem = root ? porterStem(root) : null;
    if (!root || !rootStem) {
      terms.push(term);
      asked.push([]);
    } else if (!stems.has(rootStem)) {
      stems.add(rootStem);
      terms.push({ word: root, stem: rootStem });
      asked.push([{ word: term.word, stem: term.stem }]);
    }
  }
  return { terms, asked };
}

/**
 * Neighbouring terms of the question written as one word, in either order: "the id of the row" →
 * _rowid_, "file name" → _filename_. Documentation writes many such compounds as one word and
 * questions rarely do; one that the dataset holds is another form of both its parts. Neighbours are
 * taken from the distinct terms and from the words as the question writes them (`sequence`, stems with
 * repeats): "the order of columns … a multi-column index" has _multi_ beside _column_ only there.
 */
export function compoundsOf(terms: QueryTerm[], asked: IndexTerm[][] = [], sequence: string[] = []): { word: IndexTerm; of: [number, number] }[] {
  const termOf = (stem: string) => terms.findIndex((t, i) => t.stem === stem || asked[i]?.some((a) => a.stem === stem));
  // Pairs of term indexes, lower first, each once: "i:j" → [i, j].
  const pairs = new Map<string, [number, number]>();
  const pair = (i: number, j: number) => {
    if (i >= 0 && j >= 0 && i !== j) pairs.set(`${Math.min(i, j)}:${Math.max(i, j)}`, [Math.min(i, j), Math.max(i, j)]);
  };
  for (let i = 0; i + 1 < terms.length; i++) pair(i, i + 1);
  for (let k = 0; k + 1 < sequence.length; k++) pair(termOf(sequence[k]), termOf(sequence[k + 1]));
  const compounds: { word: IndexTerm; of: [number, number] }[] = [];
  for (const [i, j] of pairs.values()) {
    const [a, b] = [terms[i], terms[j]];
    if (a.keyword || b.keyword || /\d/.test(a.word + b.word)) continue;
    for (const word of new Set([a.word + b.word, b.word + a.word])) compounds.push({ word: { word, stem: porterStem(word) }, of: [i, j] });
  }
  return compounds;
}

/**
 * The terms that choose candidates, cheapest to rank first (by default the
 * rarest; ties rarest first): those the dataset holds, not keywords, and not in most of its
 * passages — unless the question has nothing else.
 */
export function choosingTerms<T extends QueryTerm>(terms: T[], dfOf: (t: T) => number, total: number, costOf: (t: T) => number = dfOf): T[] {
  const found = terms.filter((t) => !t.keyword && dfOf(t) > 0);
  const telling = found.filter((t) => dfOf(t) <= total * UBIQUITOUS_SHARE);
  return (telling.length ? telling : found).sort((a, b) => costOf(a) - costOf(b) || dfOf(a) - dfOf(b));
}

async function candidatesFor(datasetId: number, plan: QueryPlan): Promise<Candidate[]> {
  const index = lexicalIndex();
  const found = new Map<number, Candidate>();
  const add = (list: Candidate[]) => list.forEach((c) => found.has(c.passageId) || found.set(c.passageId, c));
  const scopeOf = (terms: IndexTerm[]) => ({ exclusive: terms.every((t) => !plan.shared.includes(termKey(t))), idf: plan.idf });
  if (plan.full) return plan.full.length ? index.candidates(datasetId, plan.full, 'or', FULL_RANK_BUDGET, FULL_POOL, scopeOf(plan.full)) : [];
  const allOf = (required: IndexTerm[]) => index.candidates(datasetId, required, 'and', COMMON_LIMIT, COMMON_LIMIT);
  // The queries certain to run start together (their results are still added in order, so the candidates are
  // the same): on PostgreSQL each waits on a connection of its own, and a GIN scan of common words' postings is
  // the slow part (30-40 ms for "read file line time" at 1,000,000 passages, bench/search/results.md).
  const ranked = plan.ranked.length ? index.candidates(datasetId, plan.ranked, 'or', CANDIDATE_BUDGET, POOL, scopeOf(plan.ranked)) : null;
  const certain = plan.common > 0 ? [allOf(plan.all), ...(plan.all.length >= 3 ? [allOf(plan.all.slice(0, -1))] : [])] : [];
  // Awaited below in turn; until then a failure of one must not surface as an unhandled rejection.
  for (const started of certain) started.catch(() => {});
  if (ranked) add(await ranked);
  // Some terms are too common to rank: passages holding all the question's
  // terms (bounded, unranked), relaxed by dropping the commonest term while
  // too few match. A lone term was already ranked if it could be.
  if (plan.common > 0) {
    // With three terms or more, one relaxed query always runs: a common word
    // of the question ("at a *time*") is often missing from the best passage.
    const required = [...plan.all];
    let queries = 0;
    do {
      add(await (certain[queries] ?? allOf(required)));
      required.pop();
      queries++;
    } while ((found.size < POOL || (queries === 1 && required.length >= 2)) && required.length > (plan.common < plan.all.length ? 1 : 0));
  }
  return [...found.values()];
}

type PassageRow = {
  id: number;
  content_id: number;
  position: number;
  heading: string;
  text: string;
  answer: string;
  created_at: unknown;
  token_count: number;
  content_tokens: number;
  content_name: string;
  source: string;
  media_video: string | null;
  media_image: string | null;
  content_created_at: unknown;
  content_updated_at: unknown;
  subject_name: string;
};

// Raw timestamps: a Date on PostgreSQL; on SQLite whatever the driver gives.
function asDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value));
  return new Date(String(value));
}

/** The candidates' passages with their content and subject, in one query, only from the dataset. */
async function loadPassages(datasetId: number, ids: number[]): Promise<PassageRow[]> {
  const rows = await db().$queryRaw<PassageRow[]>`
    SELECT p.id, p.content_id, p.position, p.heading, p.text, p.answer, p.created_at, p.token_count, c.token_count AS content_tokens,
           c.name AS content_name, c.source, c.media_video, c.media_image,
           c.created_at AS content_created_at, c.updated_at AS content_updated_at, s.name AS subject_name
    FROM passages p JOIN contents c ON c.id = p.content_id JOIN subjects s ON s.id = c.subject_id
    WHERE p.dataset_id = ${datasetId} AND p.id IN (${Prisma.join(ids)})`;
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    content_id: Number(r.content_id),
    position: Number(r.position),
    token_count: Number(r.token_count),
    content_tokens: Number(r.content_tokens),
  }));
}

/** The query's nearest passages by vector; [] when the provider fails (logged: the search goes on lexically). */
async function vectorHits(datasetId: number, question: string, config: EmbeddingsConfig): Promise<VectorHit[]> {
  try {
    const [vector] = await embedTexts(config, [question]);
    return await nearestPassages({
      datasetId,
      model: config.model,
      vector: normalise(vector),
      limit: VECTOR_POOL,
      minSimilarity: config.minSimilarity,
      scanLimit: config.scanLimit,
    });
  } catch (error) {
    console.warn(`[search] vector retrieval skipped, lexical only: ${error instanceof Error ? error.message : error}`);
    return [];
  }
}

/**
 * The best `topK` with at most PER_DOCUMENT passages of one document, then
 * (when the list is short) the held-back ones. A held-back passage's score
 * is capped by the one above it, so the list stays best first. A passage
 * whose text a better one already holds is left out: a page imported twice
 * (a copy, a symbolic link such as git's `index.html` → `git.html`) would
 * otherwise take two places and be cited twice for one text. So is one that
 * repeats a better one of another page nearly word for word under the same
 * heading: the same section in each version of a versioned manual (an API
 * reference kept for v1.18 to v1.24) would otherwise fill the list with one
 * answer.
 */
export function diversify<T extends { score: number; row: { content_id: number; text: string; heading?: string } }>(ranked: T[], topK: number): T[] {
  const chosen: T[] = [];
  const held: T[] = [];
  const perDocument = new Map<number, number>();
  const texts = new Set<string>();
  // Word sets are built only when two kept passages share a heading (rare): most searches build none.
  const kept: { section: string; document: number; text: string; words?: Set<string> }[] = [];
  const wordsOf = (k: (typeof kept)[number]) => (k.words ??= wordSet(k.text));
  for (const item of ranked) {
    if (chosen.length >= topK) break;
    const text = sameTextKey(item.row.text);
    if (text && texts.has(text)) continue;
    texts.add(text);
    const section = lastHeading(item.row.heading);
    const repeats = kept.filter((k) => k.section === section && k.document !== item.row.content_id);
    const words = repeats.length ? wordSet(text) : null;
    if (words && repeats.some((k) => nearlySame(wordsOf(k), words))) continue;
    const count = perDocument.get(item.row.content_id) ?? 0;
    if (count >= PER_DOCUMENT) {
      held.push(item);
      continue;
    }
    perDocument.set(item.row.content_id, count + 1);
    chosen.push(item);
    kept.push({ section, document: item.row.content_id, text, words: words ?? undefined });
  }
  for (const item of held) {
    if (chosen.length >= topK) break;
    chosen.push({ ...item, score: Math.min(item.score, chosen.at(-1)?.score ?? item.score) });
  }
  return chosen;
}

/** Two passages hold the same text when they differ only in spacing. */
const sameTextKey = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The heading a passage sits under, without the path above it nor a section number ("2.1 Containers" and "3.1 Containers" are one). */
const lastHeading = (heading = '') =>
  (heading.split(' › ').at(-1) ?? '')
    .replace(/^[\d.]+\s+/, '')
    .trim()
    .toLowerCase();

const wordSet = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** Share of words two passages have in common (Jaccard) at which one repeats the other. */
const NEAR_DUPLICATE = 0.8;

function nearlySame(a: Set<string>, b: Set<string>): boolean {
  if (!a.size || !b.size || Math.min(a.size, b.size) < NEAR_DUPLICATE * Math.max(a.size, b.size)) return false;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared) >= NEAR_DUPLICATE;
}

/** What a question's ranking starts from: its plan, its candidates' passages and its vector hits. */
export type Gathered = { plan: QueryPlan | null; docs: CandidateDocument[]; hits: VectorHit[] };
type CandidateDocument = {
  row: PassageRow;
  id: number;
  name: string;
  subject: string;
  heading: string;
  body: string;
  answer: string;
  document: number;
  pageShare: number;
  pageTokens: number;
};

/** The question's lexical candidates, plus the nearest passages by vector when an embeddings provider is configured, loaded. */
export async function gather(datasetId: number, question: string): Promise<Gathered> {
  const embeddings = embeddingsConfig();
  const [plan, hits] = await Promise.all([planQuery(datasetId, question), embeddings ? vectorHits(datasetId, question, embeddings) : []]);
  const candidates = plan ? await candidatesFor(datasetId, plan) : [];
  const ids = [...new Set([...candidates.map((c) => c.passageId), ...hits.map((h) => h.passageId)])];
  if (!ids.length) return { plan, docs: [], hits };
  const rows = await loadPassages(datasetId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const docs = ids
    .map((id) => byId.get(id))
    .filter((r): r is PassageRow => r !== undefined)
    .map((r) => ({
      row: r,
      id: r.id,
      name: r.content_name,
      subject: r.subject_name,
      heading: r.heading,
      body: r.text,
      answer: r.answer,
      document: r.content_id,
      pageShare: r.content_tokens > 0 ? Math.min(1, r.token_count / r.content_tokens) : 0,
      pageTokens: r.content_tokens,
    }));
  return { plan, docs, hits };
}

/** Re-ranked (and fused with the vector hits), thresholded, best first. Pure: bench/quality/tune.ts re-ranks gathered candidates with other settings. */
export function rankGathered({ plan, docs, hits }: Gathered, options: RetrieveOptions): RetrievedPassage[] {
  if (!docs.length) return [];
  let ranked = rerank(plan?.terms ?? [], docs);
  if (hits.length) {
    const byRow = new Map(ranked.map((d) => [d.row.id, d]));
    ranked = fuseHybrid(
      ranked.map((d) => ({ id: d.row.id, score: d.score })),
      hits.map((h) => ({ id: h.passageId, similarity: h.similarity })),
    )
      .filter((f) => byRow.has(f.id))
      .map((f) => ({ ...byRow.get(f.id)!, score: f.score }));
  }
  return diversify(
    ranked.filter((d) => d.score > 0 && d.score >= options.minScore),
    options.topK,
  ).map((d) => ({
    passageId: Number(d.row.id),
    contentId: Number(d.row.content_id),
    position: d.row.position,
    heading: d.row.heading,
    body: d.row.text,
    answer: d.row.answer,
    createdAt: asDate(d.row.created_at),
    content: {
      name: d.row.content_name,
      source: d.row.source,
      mediaVideo: d.row.media_video,
      mediaImage: d.row.media_image,
      createdAt: asDate(d.row.content_created_at),
      updatedAt: asDate(d.row.content_updated_at),
    },
    subject: d.subject,
    score: d.score,
    parts: d.parts,
  }));
}

/**
 * Lexical candidates, plus the nearest passages by vector when an embeddings
 * provider is configured (fusion.ts); re-ranked, thresholded, best first.
 */
export async function retrieve(datasetId: number, question: string, options: RetrieveOptions): Promise<RetrievedPassage[]> {
  return (await retrieveReading(datasetId, question, options)).passages;
}

/** The passages, and the question's words read as other words to find them (a person is shown what was searched). */
export type Retrieval = { passages: RetrievedPassage[]; readings: WordReading[] };

/** retrieve(), with the words read as others. */
export async function retrieveReading(datasetId: number, question: string, options: RetrieveOptions): Promise<Retrieval> {
  const gathered = await gather(datasetId, question);
  return { passages: rankGathered(gathered, options), readings: gathered.plan?.readings ?? [] };
}
