// The floor: what a plain full-text query straight on the app's own index
// finds for the same question, with no HTTP, no ORM and no re-ranking. If
// the app does not beat this, its ranking adds nothing.
//
// SQLite: FTS5 bm25 over passage_fts, the question's content words OR-ed,
// with column weights ds 0 (the dataset token only filters), name 5,
// subject 2.5, heading 2.5, body 1, answer 1.5
// (prisma/sqlite/migrations/*_search_index/migration.sql).
// PostgreSQL: ts_rank over passage_search.document (weights A name, B subject
// and heading, C body and answer), the same words OR-ed in a tsquery.
import Database from 'better-sqlite3';
import pg from 'pg';
import { ftsLiteral, queryTerms } from '../../lib/text/words';

/** Enough rows that a page ranked 10th among distinct pages is still seen. */
const FLOOR_LIMIT = 50;

export type Floor = {
  /** Sources (URLs) of the best passages, best first. */
  search: (question: string) => Promise<string[]>;
  close: () => Promise<void>;
};

/** The question's words as the app picks them (lower case, stop words out), unstemmed: each index stems its own way. */
const floorWords = (question: string) => queryTerms(question).map((t) => t.word);

const SQLITE_FLOOR = `
  SELECT c.source AS source, bm25(passage_fts, 0.0, 5.0, 2.5, 2.5, 1.0, 1.5) AS r
  FROM passage_fts
  JOIN passages p ON p.id = passage_fts.rowid
  JOIN contents c ON c.id = p.content_id
  WHERE passage_fts MATCH ? AND p.dataset_id = ?
  ORDER BY r
  LIMIT ${FLOOR_LIMIT}`;

function sqliteFloor(file: string, datasetId: number): Floor {
  const database = new Database(file, { readonly: true, fileMustExist: true });
  const statement = database.prepare<[string, number], { source: string }>(SQLITE_FLOOR);
  return {
    search: async (question) => {
      const words = floorWords(question);
      // Quoted literals: a word can never be read as FTS5 syntax (NEAR, AND, column:...).
      return words.length ? statement.all(words.map(ftsLiteral).join(' OR '), datasetId).map((row) => row.source) : [];
    },
    close: async () => {
      database.close();
    },
  };
}

const POSTGRES_FLOOR = `
  SELECT c.source AS source, ts_rank(s.document, q) AS rank
  FROM passage_search s
  JOIN passages p ON p.id = s.passage_id
  JOIN contents c ON c.id = p.content_id,
  to_tsquery('english', $1) q
  WHERE s.dataset_id = $2 AND s.document @@ q
  ORDER BY rank DESC
  LIMIT ${FLOOR_LIMIT}`;

async function postgresFloor(databaseUrl: string, datasetId: number): Promise<Floor> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    search: async (question) => {
      // Words are letters and digits only (queryTerms), so joining them with | is a valid tsquery.
      const words = floorWords(question);
      if (!words.length) return [];
      const result = await client.query<{ source: string }>(POSTGRES_FLOOR, [words.join(' | '), datasetId]);
      return result.rows.map((row) => row.source);
    },
    close: () => client.end(),
  };
}

export async function openFloor(databaseUrl: string, datasetId: number): Promise<Floor> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return postgresFloor(databaseUrl, datasetId);
  return sqliteFloor(databaseUrl.replace(/^file:/, ''), datasetId);
}
