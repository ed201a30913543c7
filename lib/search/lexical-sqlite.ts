// FTS5 on SQLite. A dataset's document frequencies and its size (the row
// '') come from passage_lexeme_counts, which triggers keep in the writer's
// transaction (migrations 20261127120000 and 20261128090000): each dataset
// ranks by its own statistics, so one organisation's documents never move
// another's scores. What ranking a term costs is another figure: bm25()
// first counts every row holding each phrase across the whole index, so the
// budgets go by the term's passages over every dataset (the sum of its
// rows). Every figure is read by key: fts5vocab would walk each term's
// postings to count them. bm25 is only ever asked to rank rare terms, never
// the dataset column or a common word; common-word questions take bounded,
// unranked matches instead.
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
 * Matches of the dataset in index order, unranked, at most `limit`: of the whole passages (passage_fts) or of
 * their titles alone (passage_title_fts: content name, subject and heading; migration 20261129090000). The
 * dataset is checked on the passage row: a dataset token in the MATCH would make FTS5 walk that token's
 * postings, one per passage of the dataset. CROSS JOIN: matches first, as for the ranked query
 * (rankedCandidatesSql).
 */
async function unranked(match: string, datasetId: number, limit: number, fields: 'all' | 'titles'): Promise<number[]> {
  // A fixed name, never the caller's text.
  const index = Prisma.raw(fields === 'titles' ? 'passage_title_fts' : 'passage_fts');
  const rows = await db().$queryRaw<{ id: bigint | number }[]>`
    SELECT f.rowid AS id FROM ${index} f CROSS JOIN passages p ON p.id = f.rowid
    WHERE ${index} MATCH ${match} AND p.dataset_id = ${datasetId} LIMIT ${limit}`;
  return rows.map((r) => Number(r.id));
}

type CountRow = { kind: string; term: string; n: bigint | number | null };

export const sqliteIndex: LexicalIndex = {
  async frequencies(datasetId, terms) {
    const whole = [...new Set(terms.filter((t) => !t.prefix && t.stem).map((t) => t.stem))];
    const prefixes = terms.filter((t) => t.prefix && t.stem.length > 0);
    // One indexed lookup per term and figure, in one statement. A prefix
    // sums its words (an upper bound: a passage holding two of them counts twice).
    const lookups = [
      Prisma.sql`SELECT 'size' AS kind, '' AS term, passages AS n FROM passage_lexeme_counts WHERE dataset_id = ${datasetId} AND lexeme = ''`,
      ...whole.flatMap((term) => [
        Prisma.sql`SELECT 'df', ${term}, passages FROM passage_lexeme_counts WHERE dataset_id = ${datasetId} AND lexeme = ${term}`,
        Prisma.sql`SELECT 'postings', ${term}, sum(passages) FROM passage_lexeme_counts WHERE lexeme = ${term}`,
      ]),
      ...prefixes.flatMap((t) => [
        Prisma.sql`SELECT 'df', ${termKey(t)}, sum(passages) FROM passage_lexeme_counts
                   WHERE dataset_id = ${datasetId} AND lexeme >= ${t.stem} AND lexeme < ${prefixEnd(t.stem)}`,
        Prisma.sql`SELECT 'postings', ${termKey(t)}, sum(passages) FROM passage_lexeme_counts WHERE lexeme >= ${t.stem} AND lexeme < ${prefixEnd(t.stem)}`,
      ]),
    ];
    const rows = await db().$queryRaw<CountRow[]>`${Prisma.join(lookups, ' UNION ALL ')}`;
    let total = 0;
    const df = new Map<string, number>();
    const postings = new Map<string, number>();
    for (const row of rows) {
      const n = Math.max(0, Number(row.n ?? 0));
      if (row.kind === 'size') total = Math.min(TOTAL_COUNT_CAP, n);
      else (row.kind === 'df' ? df : postings).set(row.term, Math.min(DF_COUNT_CAP, n));
    }
    return { total, df, postings };
  },

  // One IN list, not frequencies()'s UNION of a SELECT a term: a misspelt word has some 600 neighbours, past
  // SQLite's 500 terms of a compound SELECT.
  async usedWords(datasetId, words) {
    const stems = [...new Set(words.filter((t) => !t.prefix && t.stem).map((t) => t.stem))];
    if (!stems.length) return new Map();
    const rows = await db().$queryRaw<{ lexeme: string; passages: bigint | number }[]>`
      SELECT lexeme, passages FROM passage_lexeme_counts
      WHERE dataset_id = ${datasetId} AND lexeme IN (${Prisma.join(stems)}) AND lexeme <> '' AND passages > 0`;
    return new Map(rows.map((r) => [r.lexeme, Math.min(DF_COUNT_CAP, Number(r.passages))]));
  },

  async candidates(datasetId, terms, mode, budget, pool, scope): Promise<Candidate[]> {
    if (!terms.length) return [];
    if (mode === 'and') {
      // Every term is common: bounded, unranked matches holding all of them,
      // first those whose title fields hold them, then any; the re-ranker
      // orders them. FTS5 stops reading as soon as a LIMIT is met.
      const all = terms.map(literal).join(' AND ');
      const queries: [number, 'titles' | 'all'][] = [
        [Math.ceil(budget / 4), 'titles'],
        [budget, 'all'],
      ];
      const seen = new Set<number>();
      for (const [limit, fields] of queries) {
        for (const id of await unranked(all, datasetId, limit, fields)) seen.add(id);
        if (seen.size >= budget) break;
      }
      return [...seen].slice(0, budget).map((passageId) => ({ passageId, lexical: 0 }));
    }
    const rows = await db().$queryRaw<{ id: bigint | number; score: number }[]>(rankedCandidatesSql(terms, datasetId, budget, pool, scope?.exclusive ?? false));
    // bm25() is negative, better is lower: flip it.
    return rows.map((r) => ({ passageId: Number(r.id), lexical: -Number(r.score) }));
  },
};

/**
 * The rare terms' matches ranked by bm25, at most `budget` read and the best `pool` kept, of the dataset only.
 * Rare terms only (their postings add up to at most `budget` across all datasets: the planner budgets with
 * `postings`), so bm25 reads little; the dataset is checked on the passage row rather than in the MATCH, where
 * bm25 would count its every row. When every match is the dataset's (`exclusive`), only the best `pool` rows are
 * looked up: looking up all of them (up to 20,000 wide rows) cost more than ranking them.
 *
 * CROSS JOIN keeps SQLite's join order: matches first, each passage then found by its key. With a plain JOIN
 * and the dataset a bound parameter, the planner walked the dataset's every passage in its index and probed the
 * matches for each: 42 ms for one rare word at 1,000,000 passages, 2 ms in this order (bench/search/results.md).
 */
export function rankedCandidatesSql(terms: IndexTerm[], datasetId: number, budget: number, pool: number, exclusive: boolean): Prisma.Sql {
  const match = terms.map(literal).join(' OR ');
  const ranked = Prisma.sql`SELECT rowid AS id, ${BM25} AS score FROM passage_fts WHERE passage_fts MATCH ${match} LIMIT ${budget}`;
  return exclusive
    ? Prisma.sql`
        SELECT f.id AS id, f.score AS score FROM (SELECT id, score FROM (${ranked}) ORDER BY score LIMIT ${pool}) f
        CROSS JOIN passages p ON p.id = f.id WHERE p.dataset_id = ${datasetId} ORDER BY f.score`
    : Prisma.sql`
        SELECT f.id AS id, f.score AS score FROM (${ranked}) f CROSS JOIN passages p ON p.id = f.id
        WHERE p.dataset_id = ${datasetId} ORDER BY f.score LIMIT ${pool}`;
}
