// PostgreSQL full text: the weighted tsvector of passage_search (GIN index),
// ts_rank (length-normalised) over at most `budget` matches of the dataset
// (closer to SQLite bm25 than ts_rank_cd: the same re-ranker then sees
// nearly the same candidates on both databases). Terms reach
// to_tsquery as bound parameters and are plain letters/digits by then
// (see text.ts), so no tsquery syntax can come from a question.
import { db, Prisma } from '../db/client';
import type { Candidate, IndexTerm, LexicalIndex } from './lexical';
import { DF_COUNT_CAP, TOTAL_COUNT_CAP, termKey } from './lexical';
import { createCountCache } from './common-count-cache';

// Weights of D, C (body, answer), B (subject, heading), A (content name).
const WEIGHTS = '{0.1, 0.4, 0.7, 1.0}';

const lexeme = (t: IndexTerm) => `'${t.word}'${t.prefix ? ':*' : ''}`;

function tsquery(terms: IndexTerm[], mode: 'or' | 'and'): string {
  return terms.map(lexeme).join(mode === 'or' ? ' | ' : ' & ');
}

/** Large counts kept between questions (common-count-cache.ts says why). */
const counts = createCountCache();
const TOTAL_KEY = '\u0001passages';

/** Forgets every kept count (tests that need counts afresh). */
export function forgetPostgresCounts() {
  counts.clear();
}

export const postgresIndex: LexicalIndex = {
  async frequencies(datasetId, terms) {
    const df = new Map<string, number>();
    const keptTotal = counts.get(datasetId, TOTAL_KEY);
    const toCount: IndexTerm[] = [];
    for (const term of terms) {
      const kept = counts.get(datasetId, termKey(term));
      if (kept === undefined) toCount.push(term);
      else df.set(termKey(term), kept);
    }
    if (keptTotal !== undefined && !toCount.length) return { total: keptTotal, df };
    // One round trip: the dataset's size and every term's capped count.
    const columns = [
      keptTotal !== undefined
        ? Prisma.sql`${keptTotal}::int AS "n0"`
        : Prisma.sql`(SELECT count(*)::int FROM (SELECT 1 FROM passage_search WHERE dataset_id = ${datasetId} LIMIT ${TOTAL_COUNT_CAP}) x) AS "n0"`,
      ...toCount.map(
        (term, i) =>
          Prisma.sql`(SELECT count(*)::int FROM (SELECT 1 FROM passage_search WHERE dataset_id = ${datasetId} AND document @@ to_tsquery('english', ${lexeme(term)}) LIMIT ${DF_COUNT_CAP}) x) AS ${Prisma.raw(`"n${i + 1}"`)}`,
      ),
    ];
    const [row] = await db().$queryRaw<Record<string, number>[]>`SELECT ${Prisma.join(columns, ', ')}`;
    toCount.forEach((term, i) => {
      const count = Number(row?.[`n${i + 1}`] ?? 0);
      df.set(termKey(term), count);
      counts.set(datasetId, termKey(term), count);
    });
    const total = Number(row?.n0 ?? 0);
    // Only a fresh count is kept: re-keeping the kept one would stretch its 5 minutes for ever.
    if (keptTotal === undefined) counts.set(datasetId, TOTAL_KEY, total);
    return { total, df };
  },

  async candidates(datasetId, terms, mode, budget, pool): Promise<Candidate[]> {
    if (!terms.length) return [];
    const query = tsquery(terms, mode);
    const rows = await db().$queryRaw<{ id: number; score: number }[]>`
      SELECT c.passage_id AS id, ts_rank(${WEIGHTS}::float4[], c.document, q.query, 1)::float8 AS score
      FROM (
        SELECT passage_id, document FROM passage_search
        WHERE dataset_id = ${datasetId} AND document @@ to_tsquery('english', ${query})
        LIMIT ${budget}
      ) c, to_tsquery('english', ${query}) AS q(query)
      ORDER BY score DESC, c.passage_id LIMIT ${pool}`;
    return rows.map((r) => ({ passageId: Number(r.id), lexical: Number(r.score) }));
  },
};
