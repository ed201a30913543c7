// A content's text sent with it (the editors' "Text" field, the API's
// `text`) instead of imported from a file: read by the Markdown parser an
// uploaded `.md` file goes through and split the same way
// (lib/ingest/parse-job.ts), then written as an import writes — passages
// (unchanged ones keep their rows: passages.ts), their full-text index
// (triggers, same transaction), vectors, the token totals and the plan's
// indexed-token limit, all in one transaction.
import { db, type Tx } from '../db/client';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { importConfig } from '../ingest/config';
import { ImportError } from '../ingest/errors';
import { parseTextInThread } from '../ingest/parse-pool';
import type { Chunk } from '../ingest/chunk';
import { embedPassages, storeVectors, type EmbeddedPassages } from '../embeddings/store';
import { replacePassages } from './passages';
import { textOfPassages } from './passage-text';
import { lockIndexedTokens, tokenLimitProblem } from './token-limit';
import { contentDetail, contentOrigin, type ContentDetail } from './serializers';

/** Parsed and embedded before the transaction: parsing is CPU work and embedding a network call, neither may hold the write lock. */
export type PreparedText = { chunks: Chunk[]; tokens: number; embedded: EmbeddedPassages | null };

type Target = { id: number; datasetId: number; tokenCount: number };

export async function prepareText(text: string, contentName: string, stored?: { id: number; name: string }): Promise<PreparedText> {
  // In a parse thread, as a file is: hostile Markdown can take the parser seconds.
  let chunks: Chunk[] = [];
  try {
    if (text) chunks = (await parseTextInThread(text, importConfig())).chunks;
  } catch (error) {
    if (error instanceof ImportError) throw badRequest(`text: ${error.message}`);
    throw error;
  }
  const embedded = await embedPassages(contentName, chunks, { stored });
  return { chunks, tokens: chunks.reduce((sum, c) => sum + c.tokenCount, 0), embedded };
}

/**
 * Inside the caller's transaction: locks the organisation's row, then finds
 * (or creates) the content with `target` — read under the lock, so its token
 * count is current — checks the plan's limit and writes the passages.
 */
export async function writeText<T extends Target>(tx: Tx, organizationId: number, prepared: PreparedText, target: (tx: Tx) => Promise<T>): Promise<T> {
  const room = await lockIndexedTokens(tx, organizationId);
  const content = await target(tx);
  const problem = tokenLimitProblem(room, 'Saving this text', { previous: content.tokenCount, next: prepared.tokens });
  if (problem) throw forbidden(problem);
  const written = await replacePassages(tx, content, organizationId, prepared.chunks);
  await storeVectors(tx, content.datasetId, written.passages, prepared.embedded);
  return content;
}

/** Same options as an import's write: a big text's passages may take a while on a busy SQLite. */
export const TEXT_TRANSACTION = { maxWait: 30_000, timeout: 120_000 };

async function editableContent(tx: Tx, projectId: number, contentId: number) {
  const content = await tx.content.findFirst({ where: { id: contentId, dataset: { projectId } } });
  if (!content) throw notFound(`Content ${contentId} not found`);
  const origin = contentOrigin(content);
  if (origin === 'url') {
    throw conflict(`Content ${contentId} was imported from a URL: its text comes from there (import it again or re-sync the dataset to change it)`);
  }
  if (origin === 'file') throw conflict(`Content ${contentId} was uploaded from a file: its text comes from the file (upload a new version of it instead)`);
  return content;
}

/** PUT /searcher/v1/contents/{id}/text: the content's passages become those of `text` (empty: none), like a re-import. */
export async function replaceContentText(projectId: number, organizationId: number, contentId: number, text: string): Promise<ContentDetail> {
  const current = await editableContent(db(), projectId, contentId);
  const prepared = await prepareText(text, current.name, { id: current.id, name: current.name });
  await db().$transaction(
    (tx) =>
      writeText(tx, organizationId, prepared, async (tx) => {
        const content = await editableContent(tx, projectId, contentId);
        // Passages are the content's text: a new text is a change of the content.
        await tx.content.update({ where: { id: contentId }, data: { updatedAt: new Date() } });
        return content;
      }),
    TEXT_TRANSACTION,
  );
  const [content, passages] = await Promise.all([db().content.findUniqueOrThrow({ where: { id: contentId } }), db().passage.count({ where: { contentId } })]);
  return contentDetail(content, passages);
}

/** GET /searcher/v1/contents/{id}/text: the passages' text joined, as the editors prefill "Edit text". */
export async function getContentText(projectId: number, contentId: number): Promise<{ text: string }> {
  const content = await db().content.findFirst({ where: { id: contentId, dataset: { projectId } }, select: { id: true } });
  if (!content) throw notFound(`Content ${contentId} not found`);
  const passages = await db().passage.findMany({
    where: { contentId },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    select: { heading: true, text: true, answer: true },
  });
  return { text: textOfPassages(passages) };
}
