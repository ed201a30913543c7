// A follow-up tied to the thread only by a leading connector ("and how are
// credits counted?", "what about for a whole database?") either continues
// the earlier subject or names one of its own. Words cannot tell which; the
// dataset can:
//   - the earlier subject's best passage speaks of the new words (at least
//     half their IDF weight): it continues the thread ("and in reverse
//     order?" after sorting: the sorting page says "reverse");
//   - otherwise, when the new words alone find a passage whose title holds
//     most of their weight, they name a subject of their own: asked alone
//     ("credits" has a page; the earlier "follow-up question" page never
//     mentions credits);
//   - otherwise the thread's subject is kept ("whole database" is in no
//     title: an elliptical "for what" of the earlier question).
// Only words the dataset holds count: an unknown word says nothing about
// which subject is meant.
import { lexicalIndex } from './lexical';
import { planQuery, retrieve, type RetrieveOptions } from './retrieve';
import { termShares, type RankTerm } from './rerank';
import type { Resolution } from './followup';

/** Share of the new words' weight the thread's best passage must hold to keep the thread's subject. */
export const CONTINUES_SHARE = 0.5;
/** Share of the new words' weight a title must hold for them to name a subject of their own. */
export const OWN_TITLE_SHARE = 0.5;

/** The own words' terms that some passage of the dataset holds (SQLite's frequencies count every dataset of the file, so each is checked here). */
async function ownTerms(datasetId: number, own: string): Promise<RankTerm[]> {
  const plan = await planQuery(datasetId, own);
  if (!plan) return [];
  const index = lexicalIndex();
  const held = await Promise.all(plan.all.map(async (t) => ((await index.candidates(datasetId, [t], 'and', 1, 1)).length ? t.stem : null)));
  const present = new Set(held.filter((s) => s !== null));
  return plan.terms.filter((t) => present.has(t.stem));
}

const asDocument = (p: Awaited<ReturnType<typeof retrieve>>[number]) => ({ name: p.content.name, subject: p.subject, heading: p.heading, body: p.body, answer: p.answer });

/** The resolution to retrieve with: a connector-only follow-up naming its own subject becomes a standalone question. */
export async function settleFollowUp(datasetId: number, resolution: Resolution): Promise<Resolution> {
  if (resolution.kind !== 'followup' || !resolution.own) return resolution;
  const kept: Resolution = { kind: 'followup', query: resolution.query };
  const terms = await ownTerms(datasetId, resolution.own);
  if (!terms.length) return kept;
  const first: RetrieveOptions = { topK: 1, minScore: 0 };
  const [thread] = await retrieve(datasetId, resolution.query, first);
  if (thread && termShares(terms, asDocument(thread)).all >= CONTINUES_SHARE) return kept;
  const [alone] = await retrieve(datasetId, resolution.own, first);
  if (alone && termShares(terms, asDocument(alone)).title >= OWN_TITLE_SHARE) return { kind: 'standalone', query: resolution.own };
  return kept;
}
