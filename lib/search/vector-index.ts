// Nearest passages of one dataset to a query vector. How is decided once
// per process, on first use (detectVectorIndex, also called at start):
// - SQLite with the sqlite-vec extension loadable: a second, read-only
//   better-sqlite3 connection to the same file (Prisma's adapter does not
//   expose its own) computes vec_distance_cosine over the dataset's rows in
//   C; only the best rows come back.
// - otherwise (PostgreSQL, with or without pgvector, or SQLite without the
//   extension): the dataset's vectors are read, at most EMBEDDINGS_SCAN_LIMIT
//   of them (lowest passage ids first), and compared in JavaScript.
// Either way the dataset_id filter keeps every hit inside the caller's dataset.
import Database from 'better-sqlite3';
import { appConfig } from '../config';
import { db, isPostgres } from '../db/client';
import { sqliteFilePath } from '../db/migrate';
import { dot, fromBytes, toBytes } from '../embeddings/vectors';

export type VectorHit = { passageId: number; similarity: number };
export type VectorIndexKind = 'sqlite-vec' | 'javascript';
export type VectorIndexInfo = { kind: VectorIndexKind; note: string };

let detected: { info: VectorIndexInfo; sqlite: Database.Database | null } | undefined;

async function openSqliteVec(): Promise<Database.Database> {
  // Loaded only here: without a provider the package is never touched.
  const sqliteVec = await import('sqlite-vec');
  const connection = new Database(sqliteFilePath(appConfig().databaseUrl), { readonly: true, fileMustExist: true, timeout: 5_000 });
  try {
    connection.loadExtension(sqliteVec.getLoadablePath());
    connection.prepare('SELECT vec_version()').get();
    return connection;
  } catch (error) {
    connection.close();
    throw error;
  }
}

async function pgvectorNote(): Promise<string> {
  const rows = await db().$queryRaw<{ installed: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS installed
    FROM pg_available_extensions WHERE name = 'vector'`;
  if (!rows.length) return 'pgvector is not available on this PostgreSQL server: vectors are compared in JavaScript';
  return `pgvector is ${rows[0].installed ? 'installed' : 'available but not installed'}; vectors are stored as float32 bytes and compared in JavaScript (the pgvector query path is not built yet)`;
}

/** Which way vectors are compared in this process; cached after the first call. */
export async function detectVectorIndex(): Promise<VectorIndexInfo> {
  if (detected) return detected.info;
  if (isPostgres()) {
    detected = { info: { kind: 'javascript', note: await pgvectorNote() }, sqlite: null };
    return detected.info;
  }
  try {
    detected = { info: { kind: 'sqlite-vec', note: 'sqlite-vec loaded on a read-only connection' }, sqlite: await openSqliteVec() };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    detected = { info: { kind: 'javascript', note: `sqlite-vec could not be loaded (${reason}): vectors are compared in JavaScript` }, sqlite: null };
  }
  return detected.info;
}

export type Query = { datasetId: number; model: string; vector: Float32Array; limit: number; minSimilarity: number; scanLimit: number };

function nearestSqliteVec(sqlite: Database.Database, q: Query): VectorHit[] {
  const rows = sqlite
    .prepare(
      `SELECT passage_id AS id, vec_distance_cosine(embedding, ?) AS distance FROM passage_vectors
       WHERE dataset_id = ? AND model = ? AND dims = ? ORDER BY distance, passage_id LIMIT ?`,
    )
    .all(Buffer.from(toBytes(q.vector).buffer), q.datasetId, q.model, q.vector.length, q.limit) as { id: number; distance: number }[];
  return rows.map((r) => ({ passageId: Number(r.id), similarity: 1 - r.distance })).filter((h) => h.similarity >= q.minSimilarity);
}

/** The JavaScript scan, also used to check sqlite-vec's answers in tests. */
export async function scanNearest(q: Query): Promise<VectorHit[]> {
  const rows = await db().$queryRaw<{ id: number; embedding: Uint8Array }[]>`
    SELECT passage_id AS id, embedding FROM passage_vectors
    WHERE dataset_id = ${q.datasetId} AND model = ${q.model} AND dims = ${q.vector.length}
    ORDER BY passage_id LIMIT ${q.scanLimit}`;
  const hits: VectorHit[] = [];
  for (const row of rows) {
    const similarity = dot(q.vector, fromBytes(row.embedding));
    if (similarity >= q.minSimilarity) hits.push({ passageId: Number(row.id), similarity });
  }
  return hits.sort((a, b) => b.similarity - a.similarity || a.passageId - b.passageId).slice(0, q.limit);
}

/** The `limit` passages of the dataset most similar to the (unit) query vector, best first. */
export async function nearestPassages(q: Query): Promise<VectorHit[]> {
  await detectVectorIndex();
  return detected?.sqlite ? nearestSqliteVec(detected.sqlite, q) : scanNearest(q);
}

/** Forgets the detection (tests switch databases and extensions). */
export function resetVectorIndex(): void {
  detected?.sqlite?.close();
  detected = undefined;
}
