// Writing the passages of a content. A (re-)import brings the content's new
// list of passages; it is matched against the stored ones by content hash
// (heading, text, answer), so an unchanged passage keeps its row: same id
// (earlier answers still point at it), same vector, same full-text entry.
// Only new or changed passages are inserted, removed ones deleted, moved
// ones renumbered. It all runs in the caller's transaction, which also
// keeps the content's and the organisation's indexed-token totals in step,
// so search never sees half a content and the totals never drift.
import crypto from 'node:crypto';
import { Prisma, type Tx } from '../db/client';

export type PassageInput = { heading?: string; text: string; answer?: string; tokenCount: number };
export type PassageText = { heading?: string; text: string; answer?: string };

/** What a passage says, as a short stable key: equal hashes, equal heading, text and answer. */
export function passageHash(p: PassageText): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([p.heading ?? '', p.text, p.answer ?? '']))
    .digest('base64url');
}

export type StoredPassage = { id: number; hash: string };
export type PassageSync = {
  /** The content's passages after the write, in position order. */
  passages: StoredPassage[];
  tokenCount: number;
  kept: number;
  added: number;
  removed: number;
};

// Rows per statement: well under both databases' limits on bound parameters.
const BATCH = 200;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) out.push(items.slice(start, start + BATCH));
  return out;
}

function nextTurnOfTheEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Sets position and token count of kept rows, a batch per statement (the passage text is not touched, so neither is the index). */
async function renumber(tx: Tx, rows: { id: number; position: number; tokenCount: number }[]): Promise<void> {
  for (const batch of batches(rows)) {
    const position = Prisma.join(
      batch.map((r) => Prisma.sql`WHEN ${r.id} THEN CAST(${r.position} AS INTEGER)`),
      ' ',
    );
    const tokens = Prisma.join(
      batch.map((r) => Prisma.sql`WHEN ${r.id} THEN CAST(${r.tokenCount} AS INTEGER)`),
      ' ',
    );
    await tx.$executeRaw`
      UPDATE passages SET position = CASE id ${position} END, token_count = CASE id ${tokens} END
      WHERE id IN (${Prisma.join(batch.map((r) => r.id))})`;
  }
}

/**
 * Makes `passages` the content's passages, in this order. A stored passage
 * with the same hash is kept (each stored row matches at most one new
 * passage, so repeated passages keep as many rows as they still have).
 */
export async function replacePassages(
  tx: Tx,
  content: { id: number; datasetId: number; tokenCount: number },
  organizationId: number,
  passages: PassageInput[],
): Promise<PassageSync> {
  const stored = await tx.passage.findMany({
    where: { contentId: content.id },
    select: { id: true, position: true, heading: true, text: true, answer: true, tokenCount: true },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  });
  const unmatched = new Map<string, typeof stored>();
  for (const row of stored) {
    const hash = passageHash(row);
    const same = unmatched.get(hash);
    if (same) same.push(row);
    else unmatched.set(hash, [row]);
  }
  const result: (StoredPassage | null)[] = [];
  const moved: { id: number; position: number; tokenCount: number }[] = [];
  const added: (PassageInput & { position: number; hash: string })[] = [];
  passages.forEach((p, position) => {
    const hash = passageHash(p);
    const row = unmatched.get(hash)?.shift();
    if (!row) {
      added.push({ ...p, position, hash });
      result.push(null);
      return;
    }
    if (row.position !== position || row.tokenCount !== p.tokenCount) moved.push({ id: row.id, position, tokenCount: p.tokenCount });
    result.push({ id: row.id, hash });
  });
  const removed = [...unmatched.values()].flat().map((r) => r.id);
  for (const ids of batches(removed)) await tx.passage.deleteMany({ where: { id: { in: ids } } });
  await renumber(tx, moved);
  for (const [index, batch] of batches(added).entries()) {
    // SQLite writes on the server's own thread: between batches the server answers
    // other requests (reads go on, writes wait for this transaction), instead of
    // standing still for the whole of a big file.
    if (index > 0) await nextTurnOfTheEventLoop();
    const created = await tx.passage.createManyAndReturn({
      data: batch.map((p) => ({
        contentId: content.id,
        datasetId: content.datasetId,
        position: p.position,
        heading: p.heading ?? '',
        text: p.text,
        answer: p.answer ?? '',
        tokenCount: p.tokenCount,
      })),
      select: { id: true, position: true },
    });
    const hashAt = new Map(batch.map((p) => [p.position, p.hash]));
    for (const row of created) result[row.position] = { id: row.id, hash: hashAt.get(row.position)! };
  }
  const tokenCount = passages.reduce((sum, p) => sum + p.tokenCount, 0);
  await tx.content.update({ where: { id: content.id }, data: { tokenCount } });
  await tx.organization.update({ where: { id: organizationId }, data: { indexedTokens: { increment: tokenCount - content.tokenCount } } });
  return { passages: result as StoredPassage[], tokenCount, kept: stored.length - removed.length, added: added.length, removed: removed.length };
}
