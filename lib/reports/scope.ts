// Whose data a report reads. A user token or a browser session reads the
// whole organisation (every project); a project token reads its project.
import { Prisma } from '../db/client';
import type { Principal } from '../auth/principal';

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

/** Prisma `where` on projectId for models that hang off a project. */
export function projectWhere(scope: ReportScope) {
  return scope.projectId === null ? { project: { organizationId: scope.organizationId } } : { projectId: scope.projectId };
}
