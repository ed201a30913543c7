// The threads of a period: conditions on a table of threads
// (organization_id, project_id, created_at), shared by the per-interaction
// SQL and both databases' per-thread indexes.
import { Prisma } from '../../db/client';
import { endOfDayExclusive, startOfDay } from '../periods';
import { scopeSql, type ReportScope } from '../scope';

/**
 * In scope and started from the period's first UTC day through its last
 * (no end: up to now). Callers add their own conditions.
 */
export function threadsInPeriodSql(scope: ReportScope, period: { start: string; end: string | null }, alias: string): Prisma.Sql[] {
  const createdAt = Prisma.raw(`${alias}.created_at`);
  const where = [scopeSql(scope, alias), Prisma.sql`${createdAt} >= ${startOfDay(period.start)}`];
  if (period.end) where.push(Prisma.sql`${createdAt} < ${endOfDayExclusive(period.end)}`);
  return where;
}

/**
 * FROM … WHERE of one of PostgreSQL's per-thread tables (thread_words,
 * thread_questions) as `t`: the threads of the period meeting `condition`,
 * and with `feedback=false` only those of conversations without feedback.
 */
export function perThreadFrom(
  table: 'thread_words' | 'thread_questions',
  scope: ReportScope,
  period: { start: string; end: string | null; feedback?: boolean },
  condition: Prisma.Sql,
): Prisma.Sql {
  const where = [...threadsInPeriodSql(scope, period, 't'), condition];
  const feedback = period.feedback === false ? Prisma.sql`JOIN conversations c ON c.id = t.conversation_id AND c.has_feedback = 0` : Prisma.empty;
  return Prisma.sql`FROM ${Prisma.raw(table)} t ${feedback} WHERE ${Prisma.join(where, ' AND ')}`;
}
