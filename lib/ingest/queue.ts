// The durable job queue of imports: one upload_items row per file. A worker
// claims a row by stamping locked_by/locked_until in one atomic statement
// (PostgreSQL: FOR UPDATE SKIP LOCKED, so several app instances share the
// work; SQLite: a single UPDATE … RETURNING, which takes the database write
// lock). A row whose lock expired belongs to a worker that died and is
// claimed again. Every later write names the worker (compare-and-set on
// locked_by), so a worker that lost its lease can never overwrite the row.
import { metrics } from '../observability/metrics';
import { db, isPostgres, Prisma, type Tx } from '../db/client';

export const ACTIVE_STATES = ['queued', 'fetching', 'parsing', 'indexing'] as const;
export const ITEM_STATES = [...ACTIVE_STATES, 'done', 'failed'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

export type ClaimedItem = {
  id: number;
  uploadId: number;
  url: string;
  datasetName: string;
  subjectName: string | null;
  contentName: string | null;
  sourceLink: string | null;
  attempts: number;
  /** A file uploaded from the computer: read from the database instead of fetched. */
  file: { id: number | null; name: string } | null;
  /** A page of a crawl (crawls.id) and its distance in links from the start page. */
  crawlId: number | null;
  depth: number | null;
  /** An item of a re-sync: fetched conditionally, its outcome recorded. */
  sync: boolean;
};

/** Limits a claim to one project's uploads (tests sharing one database use it). */
export type ClaimScope = { projectId?: number };

/** Claims the next due item for `workerId`, or null when nothing is due. */
export async function claimNext(workerId: string, leaseMs: number, scope: ClaimScope = {}, now = new Date()): Promise<ClaimedItem | null> {
  const until = new Date(now.getTime() + leaseMs);
  const inScope = scope.projectId === undefined ? Prisma.empty : Prisma.sql`AND upload_id IN (SELECT id FROM uploads WHERE project_id = ${scope.projectId})`;
  const rows = await claimDueItem(workerId, now, until, inScope);
  const id = rows[0] ? Number(rows[0].id) : null;
  if (id === null) return null;
  const item = await db().uploadItem.findUnique({ where: { id } });
  if (!item) return null;
  return {
    id: item.id,
    uploadId: item.uploadId,
    url: item.url,
    datasetName: item.datasetName,
    subjectName: item.subjectName,
    contentName: item.contentName,
    sourceLink: item.sourceLink,
    attempts: item.attempts,
    file: item.fileName === null ? null : { id: item.fileId, name: item.fileName },
    crawlId: item.crawlId,
    depth: item.depth,
    sync: item.sync,
  };
}

// One statement on both databases: the oldest due item that no live lease
// holds. Timestamps are compared as the ISO text Prisma stores on SQLite and
// as `timestamp(3)` (UTC wall clock) on PostgreSQL, where concurrent workers
// also skip a row another transaction is claiming (SKIP LOCKED).
function claimDueItem(workerId: string, now: Date, until: Date, inScope: Prisma.Sql) {
  const postgres = isPostgres();
  const at = (date: Date) => (postgres ? Prisma.sql`${date.toISOString()}::timestamptz AT TIME ZONE 'UTC'` : Prisma.sql`${date}`);
  const skipLocked = postgres ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty;
  return db().$queryRaw<{ id: bigint | number }[]>`
    UPDATE upload_items
       SET state = 'fetching', locked_by = ${workerId}, locked_until = ${at(until)}, attempts = attempts + 1, updated_at = ${at(now)}
     WHERE id = (
       SELECT id FROM upload_items
        WHERE state IN ('queued', 'fetching', 'parsing', 'indexing')
          AND next_attempt_at <= ${at(now)}
          AND (locked_until IS NULL OR locked_until < ${at(now)})
          ${inScope}
        ORDER BY next_attempt_at, id
        LIMIT 1
        ${skipLocked})
    RETURNING id`;
}

/** Moves a held item to its next stage and renews the lease; false when the lease was lost. */
export async function advance(itemId: number, workerId: string, state: ItemState, leaseMs: number, client: Tx = db()): Promise<boolean> {
  const { count } = await client.uploadItem.updateMany({
    where: { id: itemId, lockedBy: workerId },
    data: { state, lockedUntil: new Date(Date.now() + leaseMs) },
  });
  return count === 1;
}

/** Keeps the lease alive while a long stage (a big PDF) runs. */
export async function renewLease(itemId: number, workerId: string, leaseMs: number): Promise<boolean> {
  const { count } = await db().uploadItem.updateMany({
    where: { id: itemId, lockedBy: workerId },
    data: { lockedUntil: new Date(Date.now() + leaseMs) },
  });
  return count === 1;
}

/** What a re-sync found at a URL (null for an ordinary import). */
export type SyncOutcome = 'unchanged' | 'changed' | 'missing' | 'removed';
type Outcome = { contentId: number | null; passages: number; tokens: number; outcome?: SyncOutcome };

/** Marks the item done inside the import's own transaction: both commit or neither. */
export async function completeIn(tx: Tx, itemId: number, workerId: string, outcome: Outcome): Promise<boolean> {
  const { count } = await tx.uploadItem.updateMany({
    where: { id: itemId, lockedBy: workerId },
    data: {
      state: 'done',
      error: null,
      lockedBy: null,
      lockedUntil: null,
      contentId: outcome.contentId,
      passageCount: outcome.passages,
      tokenCount: outcome.tokens,
      outcome: outcome.outcome ?? null,
    },
  });
  return count === 1;
}

/** The download finished (a crawl counts its fetched pages by this). */
export async function markFetched(itemId: number, workerId: string): Promise<void> {
  await db().uploadItem.updateMany({ where: { id: itemId, lockedBy: workerId }, data: { fetchedAt: new Date() } });
}

/**
 * Gives the item back without using up an attempt, due at `due`: a crawl's
 * page that must wait for its turn at the site (politeness, crawl.ts).
 */
export async function postpone(itemId: number, workerId: string, due: Date): Promise<void> {
  await db().uploadItem.updateMany({
    where: { id: itemId, lockedBy: workerId },
    data: { state: 'queued', lockedBy: null, lockedUntil: null, nextAttemptAt: due, attempts: { decrement: 1 } },
  });
}

export async function fail(itemId: number, workerId: string, reason: string): Promise<void> {
  const { count } = await db().uploadItem.updateMany({
    where: { id: itemId, lockedBy: workerId },
    data: { state: 'failed', error: reason.slice(0, 1000), lockedBy: null, lockedUntil: null },
  });
  if (count === 1) metrics().importFailed.inc();
}

/** Puts the item back in the queue, due after `delayMs`, keeping the reason visible meanwhile. */
export async function retryLater(itemId: number, workerId: string, reason: string, delayMs: number): Promise<void> {
  await db().uploadItem.updateMany({
    where: { id: itemId, lockedBy: workerId },
    data: { state: 'queued', error: reason.slice(0, 1000), lockedBy: null, lockedUntil: null, nextAttemptAt: new Date(Date.now() + delayMs) },
  });
}

/** A stopped worker gives its item back at once instead of waiting for the lease to expire. */
export async function release(itemId: number, workerId: string): Promise<void> {
  await db().uploadItem.updateMany({
    where: { id: itemId, lockedBy: workerId },
    data: { state: 'queued', lockedBy: null, lockedUntil: null, nextAttemptAt: new Date() },
  });
}

/** Back-off for the n-th attempt (1-based): base · 2^(n-1), ±20 % jitter so retries of many items spread out. */
export function backoffMs(attempt: number, baseMs: number): number {
  const plain = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}
