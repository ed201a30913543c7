// FTS5 on SQLite. Document frequencies come from the fts5vocab table (one
// indexed lookup per term). bm25() first counts every row holding each
// phrase, so its cost grows with the matches of the commonest term: it is
// only ever asked to rank rare terms, never the dataset token or a common
// word. Common-word questions take bounded, unranked matches instead.
import { db, Prisma } from '../db/client';
import { ftsLiteral } from './text';
import type { Candidate, IndexTerm, LexicalIndex } from './lexical';
import { termKey } from './lexical';

// Columns: ds, name, subject, heading, body, answer. ds only filters.
const BM25 = Prisma.sql`bm25(passage_fts, 0.0, 5.0, 2.5, 2.5, 1.0, 1.5)`;

const datasetToken = (datasetId: number) => `ds${datasetId}`;
const literal = (t: IndexTerm) => (t.prefix ? `${ftsLiteral(t.word)}*` : ftsLiteral(t.word));

/** The smallest string greater than every string starting with `prefix`. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

async function unranked(match: string, limit: number): Promise<number[]> {
  const rows = await db().$queryRaw<{ id: bigint | number }[]>`
    SELECT rowid AS id FROM passage_fts WHERE passage_fts MATCH ${match} LIMIT ${limit}`;
  return rows.map((r) => Number(r.id));
}

export const sqliteIndex: LexicalIndex = {
  async frequencies(datasetId, terms) {
    const whole = [...new Set(terms.filter((t) => !t.prefix).map((t) => t.stem)), datasetToken(datasetId)];
    const rows = await db().$queryRaw<{ term: string; doc: bigint | number }[]>`
      SELECT term, doc FROM passage_fts_vocab WHERE term IN (${Prisma.join(whole)})`;
    const df = new Map<string, number>();
    let total = 0;
    for (const row of rows) {
      if (row.term === datasetToken(datasetId)) total = Number(row.doc);
      else df.set(row.term, Number(row.doc));
    }
    for (const term of terms.filter((t) => t.prefix && t.stem.length > 0)) {
      // Upper bound: a passage holding two words of the prefix counts twice.
      const [row] = await db().$queryRaw<{ n: bigint | number | null }[]>`
        SELECT sum(doc) AS n FROM passage_fts_vocab WHERE term >= ${term.stem} AND term < ${prefixEnd(term.stem)}`;
      df.set(termKey(term), Number(row?.n ?? 0));
    }
    return { total, df };
  },

  async candidates(datasetId, terms, mode, budget, pool): Promise<Candidate[]> {
    if (!terms.length) return [];
    const ds = `ds : ${ftsLiteral(datasetToken(datasetId))}`;
    if (mode === 'and') {
      // Every term is common: take bounded, unranked matches, preferring
      // passages whose title fields hold all terms, then passages holding
      // them close together, then any passage holding all of them. FTS5
      // stops reading as soon as the LIMIT is met.
      const all = terms.map(literal).join(' AND ');
      const queries = [`${ds} AND {name subject heading} : (${all})`];
      if (terms.length > 1) queries.push(`${ds} AND NEAR(${terms.map(literal).join(' ')}, 6)`);
      queries.push(`${ds} AND ${all}`);
      const seen = new Set<number>();
      for (const match of queries) {
        for (const id of await unranked(match, pool)) seen.add(id);
        if (seen.size >= pool * 2) break;
      }
      return [...seen].slice(0, Math.min(budget, pool * 2)).map((passageId) => ({ passageId, lexical: 0 }));
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
