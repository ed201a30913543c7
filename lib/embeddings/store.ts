// Writing passage vectors. Embedding is a network call, so it never runs
// inside a database transaction: the import embeds its passages BEFORE its
// transaction (embedPassages) and only inserts the finished vectors inside
// it (storeVectors), so the passages and their vectors commit together and
// a slow provider never holds the database's write lock. A re-import embeds
// only the passages that have no vector yet: an unchanged passage keeps its
// row and its vector (lib/knowledge/passages.ts). When the provider fails,
// the passages are stored without vectors and stay found lexically;
// backfillVectors embeds them later.
import { db, Prisma, type Tx } from '../db/client';
import { passageHash, type PassageText, type StoredPassage } from '../knowledge/passages';
import { embeddingsConfig, type EmbeddingsConfig } from './config';
import { embedTexts } from './client';
import { normalise, toBytes } from './vectors';

/** Vectors by passage hash (lib/knowledge/passages.ts), all made under one content name. */
export type EmbeddedPassages = { model: string; vectors: Map<string, Float32Array> };

// Providers cap their input (often 8,192 tokens): a passage's start carries its meaning.
const EMBEDDED_CHARS = 6_000;
const INSERT_ROWS = 200;

/** What a passage's vector stands for: the content's name, the heading, the text and the FAQ answer. */
export function embeddingText(contentName: string, p: PassageText): string {
  return [contentName, p.heading ?? '', p.text, p.answer ?? '']
    .filter((s) => s.trim())
    .join('\n')
    .slice(0, EMBEDDED_CHARS);
}

/**
 * Hashes of the stored content's passages that already have a vector of the
 * model. A vector embeds the content's name too: after a rename none counts.
 */
async function embeddedHashes(stored: { id: number; name: string }, contentName: string, model: string): Promise<Set<string>> {
  if (stored.name !== contentName) return new Set();
  const rows = await db().$queryRaw<{ heading: string; text: string; answer: string }[]>`
    SELECT p.heading, p.text, p.answer FROM passages p JOIN passage_vectors v ON v.passage_id = p.id
    WHERE p.content_id = ${stored.id} AND v.model = ${model}`;
  return new Set(rows.map(passageHash));
}

/**
 * Vectors for the passages that need one, by hash: all of them for a new
 * content; for a stored one (`stored`, a re-import), only those it does not
 * already hold with a vector. Null when no provider is configured or it
 * failed (logged).
 */
export async function embedPassages(
  contentName: string,
  passages: PassageText[],
  options: { stored?: { id: number; name: string } | null; signal?: AbortSignal } = {},
): Promise<EmbeddedPassages | null> {
  const config = embeddingsConfig();
  if (!config || !passages.length) return null;
  const skip = options.stored ? await embeddedHashes(options.stored, contentName, config.model) : new Set<string>();
  const wanted = new Map<string, PassageText>();
  for (const p of passages) {
    const hash = passageHash(p);
    if (!skip.has(hash)) wanted.set(hash, p);
  }
  if (!wanted.size) return { model: config.model, vectors: new Map() };
  try {
    const vectors = await embedTexts(
      config,
      [...wanted.values()].map((p) => embeddingText(contentName, p)),
      options.signal,
    );
    return { model: config.model, vectors: new Map([...wanted.keys()].map((hash, i) => [hash, normalise(vectors[i])])) };
  } catch (error) {
    console.warn(
      `[embeddings] ${wanted.size} passages of "${contentName}" stored without vectors (found lexically only): ${error instanceof Error ? error.message : error}`,
    );
    return null;
  }
}

async function insertVectors(tx: Tx, rows: { passageId: number; datasetId: number; vector: Float32Array }[], model: string): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_ROWS) {
    const values = rows
      .slice(start, start + INSERT_ROWS)
      .map((r) => Prisma.sql`(${r.passageId}, ${r.datasetId}, ${model}, ${r.vector.length}, ${toBytes(r.vector)})`);
    await tx.$executeRaw`
      INSERT INTO passage_vectors (passage_id, dataset_id, model, dims, embedding) VALUES ${Prisma.join(values)}
      ON CONFLICT (passage_id) DO UPDATE SET dataset_id = excluded.dataset_id, model = excluded.model, dims = excluded.dims, embedding = excluded.embedding`;
  }
}

/** Inside the writer's transaction, right after replacePassages: the vector of each passage that got one, by hash. */
export async function storeVectors(tx: Tx, datasetId: number, passages: StoredPassage[], embedded: EmbeddedPassages | null): Promise<void> {
  if (!embedded?.vectors.size) return;
  const rows = passages.flatMap((p) => {
    const vector = embedded.vectors.get(p.hash);
    return vector ? [{ passageId: p.id, datasetId, vector }] : [];
  });
  await insertVectors(tx, rows, embedded.model);
}

/**
 * Embeds passages of a dataset that have no vector of the configured model
 * (stored while the provider was down, or before it was configured), at
 * most `limit` of them. Returns how many were embedded.
 */
export async function backfillVectors(datasetId: number, limit = 1_000, config: EmbeddingsConfig | null = embeddingsConfig()): Promise<number> {
  if (!config) return 0;
  const missing = await db().$queryRaw<{ id: number; heading: string; text: string; answer: string; name: string }[]>`
    SELECT p.id, p.heading, p.text, p.answer, c.name FROM passages p JOIN contents c ON c.id = p.content_id
    WHERE p.dataset_id = ${datasetId}
      AND NOT EXISTS (SELECT 1 FROM passage_vectors v WHERE v.passage_id = p.id AND v.model = ${config.model})
    ORDER BY p.id LIMIT ${limit}`;
  if (!missing.length) return 0;
  const vectors = await embedTexts(
    config,
    missing.map((p) => embeddingText(p.name, p)),
  );
  const rows = missing.map((p, i) => ({ passageId: Number(p.id), datasetId, vector: normalise(vectors[i]) }));
  await db().$transaction(async (tx) => {
    // Passages deleted while they were being embedded (a re-import) are skipped, not a foreign-key error.
    const still = new Set((await tx.passage.findMany({ where: { id: { in: rows.map((r) => r.passageId) } }, select: { id: true } })).map((p) => p.id));
    await insertVectors(
      tx,
      rows.filter((r) => still.has(r.passageId)),
      config.model,
    );
  });
  return missing.length;
}

/** Every dataset, in rounds of 1,000 passages, until none is missing a vector; errors are logged, never thrown. */
export async function backfillAllVectors(): Promise<number> {
  const config = embeddingsConfig();
  if (!config) return 0;
  let total = 0;
  try {
    for (const { id } of await db().dataset.findMany({ select: { id: true }, orderBy: { id: 'asc' } })) {
      let done: number;
      while ((done = await backfillVectors(id, 1_000, config)) > 0) total += done;
    }
  } catch (error) {
    console.warn(`[embeddings] back-fill stopped after ${total} passages: ${error instanceof Error ? error.message : error}`);
  }
  return total;
}
