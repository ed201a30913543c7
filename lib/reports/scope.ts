// Whose data a report reads. A user token or a browser session reads the
// whole organisation (every project); a project token reads its project.
import { Prisma } from '../db/client';
import type { Principal } from '../auth/principal';

export type ReportScope = { organizationId: number; projectId: number | null };

export function reportScope(principal: Principal): ReportScope {
  return { organizationId: principal.organizationId, projectId: principal.mode === 'projectToken' ? principal.projectId : null };
}

/** `AND …` restricting a table with organization_id and project_id columns. */
export function scopeSql(scope: ReportScope, alias = ''): Prisma.Sql {
  const col = (name: string) => Prisma.raw(alias ? `${alias}.${name}` : name);
  return scope.projectId === null
    ? Prisma.sql`${col('organization_id')} = ${scope.organizationId}`
    : Prisma.sql`${col('organization_id')} = ${scope.organizationId} AND ${col('project_id')} = ${scope.projectId}`;
}

/** Restricts a table that only has project_id (conversations). */
export function projectScopeSql(scope: ReportScope, alias: string): Prisma.Sql {
  const col = Prisma.raw(`${alias}.project_id`);
  return scope.projectId === null
    ? Prisma.sql`${col} IN (SELECT id FROM projects WHERE organization_id = ${scope.organizationId})`
    : Prisma.sql`${col} = ${scope.projectId} AND ${col} IN (SELECT id FROM projects WHERE organization_id = ${scope.organizationId})`;
}

/** Prisma `where` on projectId for models that hang off a project. */
export function projectWhere(scope: ReportScope) {
  return scope.projectId === null ? { project: { organizationId: scope.organizationId } } : { projectId: scope.projectId };
}
