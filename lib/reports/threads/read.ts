// Reading matching threads: their number, one page of their ids, batches of
// ids for the download, and whole threads by id. The page of conversation
// ids is found first (index on organization_id, created_at, id, and the
// thread summary on conversations), then only their interactions are read.
import { db, Prisma } from '../../db/client';
import type { Thread, InteractionRecord } from '../contract';
import { scopeSql, type ReportScope } from '../scope';
import type { ThreadFilter } from './filter';
import { questionIndex } from './choose-question-index';
import { serializeInteraction, serializeThread, type RawConversation, type RawInteraction } from './serialize';
import { hasThreadConditions, matchingSql, whereOf } from './where';

export async function countThreads(scope: ReportScope, filter: ThreadFilter): Promise<number> {
  if (filter.byThread) return filter.byThread.count ?? questionIndex().countThreads(scope, filter, filter.byThread);
  if (!hasThreadConditions(filter)) return countStartedThreads(scope, filter);
  const rows = await db().$queryRaw<{ n: number | bigint | string }[]>`SELECT COUNT(*) AS n FROM conversations c WHERE ${whereOf(scope, filter)}`;
  return Number(rows[0]?.n ?? 0);
}

/**
 * Threads started in the period, with no other condition: a sum over the
 * daily thread counts (migration 20261123170000_thread_days), not a walk
 * over the period's conversations.
 */
async function countStartedThreads(scope: ReportScope, filter: ThreadFilter): Promise<number> {
  const end = filter.end ? Prisma.sql`AND day <= ${filter.end}` : Prisma.empty;
  const rows = await db().$queryRaw<
    { n: number | bigint | string | null }[]
  >`SELECT SUM(threads) AS n FROM thread_days WHERE ${scopeSql(scope)} AND day >= ${filter.start} ${end}`;
  return Number(rows[0]?.n ?? 0);
}

/**
 * One page of matching threads, newest first, each with all its
 * interactions, or (`onlyMatching`, for the spreadsheet's rows) only those
 * of the filter's datamodels and types.
 */
export async function readThreads(scope: ReportScope, filter: ThreadFilter, limit: number, offset: number, onlyMatching = false): Promise<Thread[]> {
  return threadsByIds(await threadIds(scope, filter, limit, offset), onlyMatching ? filter : null);
}

/** Ids of the matching threads, newest first (ties by id: stable paging). */
export async function threadIds(scope: ReportScope, filter: ThreadFilter, limit: number, offset: number): Promise<string[]> {
  if (filter.byThread) return questionIndex().threadIds(scope, filter, filter.byThread, limit, offset);
  const rows = await db().$queryRaw<{ id: string }[]>`
    SELECT c.id FROM conversations c WHERE ${whereOf(scope, filter)}
    ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`;
  return rows.map((r) => r.id);
}

export type ThreadCursor = { createdAt: Date | string; id: string };

/**
 * Ids of the matching threads newest first, `batchSize` at a time, by keyset
 * paging (the next batch starts strictly after the last thread read: the
 * report's order, no OFFSET re-walk, one batch held), up to `limit`.
 */
export async function* threadIdBatches(scope: ReportScope, filter: ThreadFilter, limit: number, batchSize: number): AsyncGenerator<string[]> {
  let after: ThreadCursor | null = null;
  for (let left = limit; left > 0; ) {
    // The cursor is the database's own value, compared as stored. Spelt as a
    // bound on created_at plus the tie on id, not a row value: with a row
    // value SQLite's planner chose a skip-scan and a sort of the whole period
    // (160 ms a batch at a million interactions; 1.3 ms this way), while both
    // databases seek the index to this bound.
    const keyset: Prisma.Sql = after
      ? Prisma.sql`AND c.created_at <= ${after.createdAt} AND (c.created_at < ${after.createdAt} OR c.id < ${after.id})`
      : Prisma.empty;
    const rows: { id: string; created_at: Date | string }[] = await db().$queryRaw`
      SELECT c.id, c.created_at FROM conversations c WHERE ${whereOf(scope, filter)} ${keyset}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${Math.min(batchSize, left)}`;
    if (rows.length === 0) return;
    yield rows.map((r) => r.id);
    left -= rows.length;
    const last = rows[rows.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
}

/**
 * The threads of `ids` in that order; `only`: keep the interactions of its
 * datamodels and types.
 */
export async function threadsByIds(ids: string[], only: ThreadFilter | null = null): Promise<Thread[]> {
  if (ids.length === 0) return [];
  const idList = Prisma.join(ids);
  const [conversations, interactions] = await Promise.all([
    db().$queryRaw<RawConversation[]>`SELECT id, identifier, created_at, updated_at FROM conversations WHERE id IN (${idList})`,
    db().$queryRaw<RawInteraction[]>`
      SELECT i.*, p.name AS project_name FROM interactions i JOIN projects p ON p.id = i.project_id
      WHERE i.conversation_id IN (${idList}) ${only ? matchingSql(only) : Prisma.empty}
      ORDER BY i.created_at, i.id`,
  ]);
  const byConversation = new Map<string, InteractionRecord[]>();
  for (const row of interactions) {
    const list = byConversation.get(row.conversation_id) ?? [];
    list.push(serializeInteraction(row));
    byConversation.set(row.conversation_id, list);
  }
  const byId = new Map(conversations.map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const c = byId.get(id);
    return c ? [serializeThread(c, byConversation.get(id) ?? [])] : [];
  });
}
