// What the full-text index holds, read straight from it: PostgreSQL's
// passage_search rows or SQLite's FTS5 table, whichever the tests run on.
import { db, isPostgres } from '@/lib/db/client';

/** Passage ids the full-text index of a dataset finds for one word. */
export async function fullTextHits(datasetId: number, word: string): Promise<number[]> {
  const rows = isPostgres()
    ? await db().$queryRaw<
        { id: number }[]
      >`SELECT passage_id AS id FROM passage_search WHERE dataset_id = ${datasetId} AND document @@ plainto_tsquery('english', ${word})`
    : await db().$queryRaw<{ id: bigint }[]>`SELECT rowid AS id FROM passage_fts WHERE passage_fts MATCH ${`body:${word}`} AND ds = ${`ds${datasetId}`}`;
  return rows.map((r) => Number(r.id));
}
