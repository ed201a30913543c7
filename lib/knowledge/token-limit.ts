// The plan's indexed-token limit, shared by everything that writes passages
// (an import, text typed in the editors). Touching the organisation's row
// first takes its row lock (PostgreSQL) or the write lock (SQLite) for the
// rest of the transaction, so two writers cannot both pass the check.
import type { Tx } from '../db/client';

/** What the organisation has indexed, and its plan's limit (null: no plan, no limit). */
export type IndexedTokenRoom = { indexed: number; limit: number | null };

/** Locks the organisation's row for the transaction and reads its indexed tokens and limit. */
export async function lockIndexedTokens(tx: Tx, organizationId: number): Promise<IndexedTokenRoom> {
  await tx.organization.update({ where: { id: organizationId }, data: { indexedTokens: { increment: 0 } } });
  const org = await tx.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { indexedTokens: true, subscription: { select: { plan: { select: { indexedTokenLimit: true } } } } },
  });
  return { indexed: org.indexedTokens, limit: org.subscription?.plan.indexedTokenLimit ?? null };
}

/**
 * Null when a content holding `previous` tokens may hold `next` instead;
 * else why not, as `<what> (N tokens) would pass …`. A content that does not
 * grow is never refused: an organisation over its limit (a smaller plan) can
 * still shrink what it has.
 */
export function tokenLimitProblem(room: IndexedTokenRoom, what: string, change: { previous: number; next: number }): string | null {
  if (room.limit === null || change.next <= change.previous || room.indexed - change.previous + change.next <= room.limit) return null;
  return `${what} (${change.next} tokens) would pass the plan's indexed-token limit: ${room.indexed} of ${room.limit} tokens are already indexed`;
}
