// Whose data a report reads. A user token or a browser session reads the
// whole organisation (every project); a project token reads its project.
import { Prisma } from '../db/client';
import type { Principal } from '../auth/principal';
import { endOfDayExclusive, startOfDay } from './periods';

export type ReportScope = { organizationId: number; projectId: number | null };

export function reportScope(principal: Principal): ReportScope {
  return { organizationId: principal.organizationId, projectId: principal.mode === 'projectToken' ? principal.projectId : null };
}

/** Restricts a table with organization_id and project_id columns (interactions, usage_daily, conversations). */
export function scopeSql(scope: ReportScope, alias = ''): Prisma.Sql {
  const col = (name: string) => Prisma.raw(alias ? `${alias}.${name}` : name);
  return scope.projectId === null
    ? Prisma.sql`${col('organization_id')} = ${scope.organizationId}`
    : Prisma.sql`${col('organization_id')} = ${scope.organizationId} AND ${col('project_id')} = ${scope.projectId}`;
}

/**
 * Conditions on a table of threads (organization_id, project_id,
 * created_at): in scope and started from the period's first UTC day through
 * its last (no end: up to now). Callers add their own conditions.
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
export function perThreadFrom(table: 'thread_words' | 'thread_questions', scope: ReportScope, period: { start: string; end: string | null; feedback?: boolean }, condition: Prisma.Sql): Prisma.Sql {
  const where = [...threadsInPeriodSql(scope, period, 't'), condition];
  const feedback = period.feedback === false ? Prisma.sql`JOIN conversations c ON c.id = t.conversation_id AND c.has_feedback = 0` : Prisma.empty;
  return Prisma.sql`FROM ${Prisma.raw(table)} t ${feedback} WHERE ${Prisma.join(where, ' AND ')}`;
}

/** Prisma `where` on projectId for models that hang off a project. */
export function projectWhere(scope: ReportScope) {
  return scope.projectId === null ? { project: { organizationId: scope.organizationId } } : { projectId: scope.projectId };
}
