// Retrieval: question → terms → bounded full-text candidates → re-ranked,
// thresholded passages of one dataset.
//
// Bounding: the cost of ranking grows with the number of passages holding a
// term, so terms are split by document frequency. The rarest terms whose
// postings add up to at most CANDIDATE_BUDGET are ranked by the database
// (bm25 / ts_rank_cd); the common ones only re-rank. A question made of
// common words alone takes bounded unranked matches holding all of them.
import { db } from '../db/client';
import { lexicalIndex, termKey, type Candidate, type IndexTerm } from './lexical';
import { idf, rerank, type RankParts, type RankTerm } from './rerank';
import { queryTerms } from './text';
import { synonymsOf } from './synonyms';
import { porterStem } from './stem';

export const CANDIDATE_BUDGET = 4_000;
const POOL = 50;

export type RetrieveOptions = { topK: number; minScore: number };

export type RetrievedPassage = {
  passageId: number;
  contentId: number;
  heading: string;
  body: string;
  answer: string;
  createdAt: Date;
  content: { name: string; source: string; mediaVideo: string | null; mediaImage: string | null; createdAt: Date; updatedAt: Date };
  subject: string;
  score: number;
  parts: RankParts;
};

export type QueryPlan = { terms: RankTerm[]; ranked: IndexTerm[]; common: IndexTerm[] };

/** Splits the question's terms (and their paraphrases) into ranked and common ones. */
export async function planQuery(datasetId: number, question: string): Promise<QueryPlan | null> {
  const terms = queryTerms(question);
  if (!terms.length) return null;
  const alternatives = terms.map((t) => synonymsOf(t.word).map((word) => ({ word, stem: porterStem(word) })).filter((a) => a.stem !== t.stem));
  const all: IndexTerm[] = [...terms, ...alternatives.flat()];
  const { total, df } = await lexicalIndex().frequencies(datasetId, all);
  const dfOf = (t: IndexTerm) => df.get(termKey(t)) ?? 0;
  const rankTerms: RankTerm[] = terms.map((t, i) => ({ stem: t.stem, alternatives: alternatives[i].map((a) => a.stem), idf: idf(total, dfOf(t)) }));

  // Question terms first (rarest first), then paraphrases, while the budget lasts.
  const ranked: IndexTerm[] = [];
  const common: IndexTerm[] = [];
  let spent = 0;
  const byRarity = [...terms].sort((a, b) => dfOf(a) - dfOf(b));
  for (const term of byRarity) {
    if (dfOf(term) === 0) continue;
    if (spent + dfOf(term) <= CANDIDATE_BUDGET) {
      ranked.push(term);
      spent += dfOf(term);
    } else common.push(term);
  }
  for (const alt of alternatives.flat().sort((a, b) => dfOf(a) - dfOf(b))) {
    if (dfOf(alt) > 0 && spent + dfOf(alt) <= CANDIDATE_BUDGET / 2) {
      ranked.push(alt);
      spent += dfOf(alt);
    }
  }
  return { terms: rankTerms, ranked, common };
}

async function candidatesFor(datasetId: number, plan: QueryPlan): Promise<Candidate[]> {
  const index = lexicalIndex();
  const found = new Map<number, Candidate>();
  const add = (list: Candidate[]) => list.forEach((c) => found.has(c.passageId) || found.set(c.passageId, c));
  if (plan.ranked.length) add(await index.candidates(datasetId, plan.ranked, 'or', CANDIDATE_BUDGET, POOL));
  if (found.size < POOL && plan.common.length) {
    // Common terms, all required; relaxed by dropping the commonest while too few match.
    const common = [...plan.common];
    while (common.length && found.size < POOL) {
      add(await index.candidates(datasetId, common, 'and', CANDIDATE_BUDGET, POOL));
      if (common.length === 1) break;
      common.pop();
    }
  }
  return [...found.values()];
}

export async function retrieve(datasetId: number, question: string, options: RetrieveOptions): Promise<RetrievedPassage[]> {
  const plan = await planQuery(datasetId, question);
  if (!plan) return [];
  const candidates = await candidatesFor(datasetId, plan);
  if (!candidates.length) return [];
  const rows = await db().passage.findMany({
    where: { id: { in: candidates.map((c) => c.passageId) }, datasetId },
    include: { content: { include: { subject: { select: { name: true } } } } },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const docs = candidates
    .map((c) => byId.get(c.passageId))
    .filter((r): r is NonNullable<typeof r> => r !== undefined)
    .map((r) => ({ row: r, name: r.content.name, subject: r.content.subject.name, heading: r.heading, body: r.text, answer: r.answer }));
  return rerank(plan.terms, docs)
    .filter((d) => d.score > 0 && d.score >= options.minScore)
    .slice(0, options.topK)
    .map((d) => ({
      passageId: d.row.id,
      contentId: d.row.contentId,
      heading: d.row.heading,
      body: d.row.text,
      answer: d.row.answer,
      createdAt: d.row.createdAt,
      content: {
        name: d.row.content.name,
        source: d.row.content.source,
        mediaVideo: d.row.content.mediaVideo,
        mediaImage: d.row.content.mediaImage,
        createdAt: d.row.content.createdAt,
        updatedAt: d.row.content.updatedAt,
      },
      subject: d.subject,
      score: d.score,
      parts: d.parts,
    }));
}
