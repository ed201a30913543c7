// PostgreSQL full text: the weighted tsvector of passage_search (GIN index),
// ts_rank (length-normalised) over at most `budget` matches of the dataset
// (closer to SQLite bm25 than ts_rank_cd: the same re-ranker then sees
// nearly the same candidates on both databases). Terms reach
// to_tsquery as bound parameters and are plain letters/digits by then
// (see text.ts), so no tsquery syntax can come from a question.
import { db, Prisma } from '../db/client';
import type { Candidate, IndexTerm, LexicalIndex } from './lexical';
import { DF_COUNT_CAP, TOTAL_COUNT_CAP, termKey } from './lexical';

// Weights of D, C (body, answer), B (subject, heading), A (content name).
const WEIGHTS = '{0.1, 0.4, 0.7, 1.0}';

const lexeme = (t: IndexTerm) => `'${t.word}'${t.prefix ? ':*' : ''}`;

function tsquery(terms: IndexTerm[], mode: 'or' | 'and'): string {
  return terms.map(lexeme).join(mode === 'or' ? ' | ' : ' & ');
}

export const postgresIndex: LexicalIndex = {
  /**
   * From passage_lexeme_counts, which the database keeps in step with the
   * index inside every writer's transaction: one indexed row per word, and
   * the row '' for the dataset's size. The caps make the figures SQLite's.
   * A prefix term has no row of its own: its passages are counted.
   */
  async frequencies(datasetId, terms) {
    const words = terms.filter((t) => !t.prefix);
    const prefixes = terms.filter((t) => t.prefix);
    const rows = await db().$queryRaw<{ i: number; passages: number }[]>`
      SELECT t.i::int AS i, c.passages
      FROM unnest(${words.map((t) => t.word)}::text[]) WITH ORDINALITY AS t(word, i)
      JOIN passage_lexeme_counts c
        ON c.dataset_id = ${datasetId} AND c.lexeme = (tsvector_to_array(to_tsvector('english', t.word)))[1]
      UNION ALL
      SELECT 0, passages FROM passage_lexeme_counts WHERE dataset_id = ${datasetId} AND lexeme = ''
      ${
        prefixes.length
          ? Prisma.join(
              prefixes.map(
                (term, k) =>
                  Prisma.sql`UNION ALL SELECT ${-(k + 1)}, (SELECT count(*)::int FROM (SELECT 1 FROM passage_search WHERE dataset_id = ${datasetId} AND document @@ to_tsquery('english', ${lexeme(term)}) LIMIT ${DF_COUNT_CAP}) x)`,
              ),
              ' ',
            )
          : Prisma.empty
      }`;
    const found = new Map(rows.map((r) => [Number(r.i), Number(r.passages)]));
    const df = new Map<string, number>();
    words.forEach((term, k) => df.set(termKey(term), Math.min(DF_COUNT_CAP, Math.max(0, found.get(k + 1) ?? 0))));
    prefixes.forEach((term, k) => df.set(termKey(term), found.get(-(k + 1)) ?? 0));
    return { total: Math.min(TOTAL_COUNT_CAP, Math.max(0, found.get(0) ?? 0)), df };
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
