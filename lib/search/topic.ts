// A follow-up tied to its thread only by a leading connector, with a whole
// question after it ("and how are credits counted?"), either continues the
// earlier subject or names one of its own. Words cannot tell which; the
// dataset can. The earlier subject is the page that answered the previous
// turn (its best passage's content): when that page speaks of the new
// question's words (at least three quarters of their IDF weight, across all its
// passages: a long page holds many words, so most, not some), the
// follow-up continues it; when it does not, the follow-up is asked alone (the
// follow-up page never mentions credits). Only words some passage of the
// dataset holds count: an unknown word says nothing about the subject.
// Fragments ("and with a default value?", "what about for a whole
// database?") never get here: they always borrow the thread's subject.
import { db } from '../db/client';
import { lexicalIndex } from './choose-lexical-index';
import { planQuery } from './retrieve';
import { retrievePassages } from './retrieval-threads';
import { termShares, type RankTerm } from './rerank';
import type { Resolution } from './followup';

/** Share of the new question's weight the earlier subject's page must hold to keep the thread's subject. */
export const CONTINUES_SHARE = 0.75;
/** Passages of the subject's page read (a very long page is judged by its first ones). */
const PAGE_PASSAGES = 400;

/** The own words' terms that some passage of the dataset holds (SQLite's frequencies count every dataset of the file, so each is checked here). */
async function ownTerms(datasetId: number, own: string): Promise<RankTerm[]> {
  const plan = await planQuery(datasetId, own);
  if (!plan) return [];
  const index = lexicalIndex();
  const held = await Promise.all(plan.all.map(async (t) => ((await index.candidates(datasetId, [t], 'and', 1, 1)).length ? t.stem : null)));
  const present = new Set(held.filter((s) => s !== null));
  return plan.terms.filter((t) => present.has(t.stem));
}

/** Shares of the terms held by the page (content) that best answers the thread's query. */
async function subjectShare(datasetId: number, thread: string, terms: RankTerm[]): Promise<number> {
  const {
    passages: [best],
  } = await retrievePassages(datasetId, thread, { topK: 1, minScore: 0 });
  if (!best) return 0;
  // By the content alone (retrieval found it in the dataset): with the dataset too, SQLite walked the dataset's
  // every passage in its index to find the page's (1,000,000 at the benchmark's largest).
  const passages = await db().passage.findMany({
    where: { contentId: best.contentId },
    select: { heading: true, text: true, answer: true },
    orderBy: { position: 'asc' },
    take: PAGE_PASSAGES,
  });
  const page = {
    name: best.content.name,
    subject: best.subject,
    heading: passages.map((p) => p.heading).join('\n'),
    body: passages.map((p) => p.text).join('\n'),
    answer: passages.map((p) => p.answer).join('\n'),
  };
  return termShares(terms, page, Infinity).all;
}

/** The resolution to retrieve with: a connector-led question whose words the thread's page does not hold is asked alone. */
export async function settleFollowUp(datasetId: number, resolution: Resolution): Promise<Resolution> {
  if (resolution.kind !== 'followup' || !resolution.own) return resolution;
  const kept: Resolution = { kind: 'followup', query: resolution.query };
  const terms = await ownTerms(datasetId, resolution.own.words);
  if (!terms.length) return kept;
  if ((await subjectShare(datasetId, resolution.own.thread, terms)) >= CONTINUES_SHARE) return kept;
  return { kind: 'standalone', query: resolution.own.words };
}
