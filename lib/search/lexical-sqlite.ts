// FTS5 on SQLite. Document frequencies come from the fts5vocab table (one
// indexed lookup per term). bm25() first counts every row holding each
// phrase, so its cost grows with the matches of the commonest term: it is
// only ever asked to rank rare terms, never the dataset column or a common
// word. Common-word questions take bounded, unranked matches instead.
import { db, Prisma } from '../db/client';
import { ftsLiteral } from '../text/words';
import type { Candidate, IndexTerm, LexicalIndex } from './lexical';
import { DF_COUNT_CAP, TOTAL_COUNT_CAP, termKey } from './lexical';

// Columns: ds, name, subject, heading, body, answer. ds only filters.
const BM25 = Prisma.sql`bm25(passage_fts, 0.0, 5.0, 2.5, 2.5, 1.0, 1.5)`;

const literal = (t: IndexTerm) => (t.prefix ? `${ftsLiteral(t.word)}*` : ftsLiteral(t.word));

/** The smallest string greater than every string starting with `prefix`. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * Matches of the dataset in index order, unranked, at most `limit`. The
 * dataset is checked on the passage row: a dataset token in the MATCH would
 * make FTS5 walk that token's postings, one per passage of the dataset.
 */
async function unranked(match: string, datasetId: number, limit: number): Promise<number[]> {
  const rows = await db().$queryRaw<{ id: bigint | number }[]>`
    SELECT f.rowid AS id FROM passage_fts f JOIN passages p ON p.id = f.rowid
    WHERE passage_fts MATCH ${match} AND p.dataset_id = ${datasetId} LIMIT ${limit}`;
  return rows.map((r) => Number(r.id));
}

/** Passages in the whole index (about 1 ms per 100,000 rows: an index count). */
async function indexSize(): Promise<number> {
  const [row] = await db().$queryRaw<{ n: bigint | number }[]>`SELECT count(*) AS n FROM passages`;
  return Number(row?.n ?? 0);
}

export const sqliteIndex: LexicalIndex = {
  async frequencies(_datasetId, terms) {
    // fts5vocab counts over the whole index (every dataset), so the total
    // must too, or IDF would be skewed on a database holding many datasets.
    const whole = [...new Set(terms.filter((t) => !t.prefix).map((t) => t.stem))];
    const df = new Map<string, number>();
    const total = Math.min(TOTAL_COUNT_CAP, await indexSize());
    if (whole.length) {
      // One equality lookup per term: fts5vocab answers `term = ?` from the
      // index, whereas `term IN (…)` would scan the whole vocabulary.
      const lookups = whole.map((term) => Prisma.sql`SELECT term, doc FROM passage_fts_vocab WHERE term = ${term}`);
      const rows = await db().$queryRaw<{ term: string; doc: bigint | number }[]>`${Prisma.join(lookups, ' UNION ALL ')}`;
      for (const row of rows) df.set(row.term, Math.min(DF_COUNT_CAP, Number(row.doc)));
    }
    for (const term of terms.filter((t) => t.prefix && t.stem.length > 0)) {
      // Upper bound: a passage holding two words of the prefix counts twice.
      const [row] = await db().$queryRaw<{ n: bigint | number | null }[]>`
        SELECT sum(doc) AS n FROM passage_fts_vocab WHERE term >= ${term.stem} AND term < ${prefixEnd(term.stem)}`;
      df.set(termKey(term), Math.min(DF_COUNT_CAP, Number(row?.n ?? 0)));
    }
    return { total, df };
  },

  async candidates(datasetId, terms, mode, budget, pool): Promise<Candidate[]> {
    if (!terms.length) return [];
    if (mode === 'and') {
      // Every term is common: bounded, unranked matches holding all of them,
      // first those whose title fields hold them, then any; the re-ranker
      // orders them. FTS5 stops reading as soon as a LIMIT is met.
      const all = terms.map(literal).join(' AND ');
      const queries: [string, number][] = [
        [`{name subject heading} : (${all})`, Math.ceil(budget / 4)],
        [all, budget],
      ];
      const seen = new Set<number>();
      for (const [match, limit] of queries) {
        for (const id of await unranked(match, datasetId, limit)) seen.add(id);
        if (seen.size >= budget) break;
      }
      return [...seen].slice(0, budget).map((passageId) => ({ passageId, lexical: 0 }));
    }
    // Rare terms only (their postings add up to at most `budget` across all
    // datasets), so bm25 reads little; the dataset is checked on the passage
    // row rather than in the MATCH, where bm25 would count its every row.
    const match = terms.map(literal).join(' OR ');
    const rows = await db().$queryRaw<{ id: bigint | number; score: number }[]>`
      SELECT f.id AS id, f.score AS score FROM (
        SELECT rowid AS id, ${BM25} AS score FROM passage_fts WHERE passage_fts MATCH ${match} LIMIT ${budget}
      ) f JOIN passages p ON p.id = f.id
      WHERE p.dataset_id = ${datasetId}
      ORDER BY f.score LIMIT ${pool}`;
    // bm25() is negative, better is lower: flip it.
    return rows.map((r) => ({ passageId: Number(r.id), lexical: -Number(r.score) }));
  },
};
