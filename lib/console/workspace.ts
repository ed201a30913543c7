// Who the signed-in person is and where they work: organisation, role,
// projects and the project in use. Feeds the shell of the web console.
import { db } from '../db/client';
import { forbidden, notFound } from '../errors';
import type { Principal } from '../auth/principal';
import { mayManage, mayReadReport, mayWrite, REPORTS, type Report, type Role } from '../auth/roles';

export type Me = {
  user: { id: number; name: string; email: string };
  organization: { id: number; name: string };
  role: Role;
  organizations: { id: number; name: string; role: string }[];
  projects: { id: number; name: string }[];
  project: { id: number; name: string } | null;
  permissions: { write: boolean; manage: boolean; reports: Report[] };
};

export async function describeMe(principal: Principal, requestedProjectId: number | null): Promise<Me> {
  if (!principal.userId || !principal.role) throw forbidden('This endpoint describes a person; API keys and project tokens have none');
  const role = principal.role;
  const [user, memberships, projects] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: principal.userId } }),
    db().membership.findMany({ where: { userId: principal.userId }, include: { organization: true }, orderBy: { organizationId: 'asc' } }),
    db().project.findMany({ where: { organizationId: principal.organizationId }, orderBy: { id: 'asc' } }),
  ]);
  const projectId = principal.projectId ?? requestedProjectId;
  const project = projects.find((p) => p.id === projectId) ?? projects[0] ?? null;
  return {
    user: { id: user.id, name: user.name, email: user.email },
    organization: { id: principal.organizationId, name: principal.organizationName },
    role,
    organizations: memberships.map((m) => ({ id: m.organization.id, name: m.organization.name, role: m.role })),
    projects: projects.map((p) => ({ id: p.id, name: p.name })),
    project: project ? { id: project.id, name: project.name } : null,
    permissions: { write: mayWrite(role), manage: mayManage(role), reports: REPORTS.filter((r) => mayReadReport(role, r)) },
  };
}

/**
 * The project a management call acts on. Sessions already carry one; a user
 * token covers the whole organisation, so it names the project with the
 * `x-project-id` header, else the organisation's first project is used.
 */
export async function managedProjectId(principal: Principal, request: Request): Promise<number> {
  if (principal.projectId !== null) return principal.projectId;
  const header = request.headers.get('x-project-id');
  const requested = header && /^\d{1,9}$/.test(header) ? Number(header) : null;
  const project = await db().project.findFirst({
    where: { organizationId: principal.organizationId, ...(requested ? { id: requested } : {}) },
    orderBy: { id: 'asc' },
  });
  if (!project) throw notFound(requested ? 'Project not found' : 'This organisation has no project');
  return project.id;
}

export function requireManager(principal: Principal): void {
  if (principal.role && !mayManage(principal.role)) {
    throw forbidden(`The ${principal.role} role cannot manage API keys and tokens; ask an owner or admin`);
  }
}
