// Who is calling: resolved from `Authorization: Bearer …` or, without that
// header, from the browser session. Every query downstream is scoped by the
// organisation and project found here, never by anything the client sends.
import { db } from '../db/client';
import { notFound, unauthorized, forbidden } from '../http/errors';
import { hashSecret, secretKind } from './secrets';
import { isRole, type AuthMode, type Role } from './roles';

export type Principal = {
  mode: AuthMode;
  organizationId: number;
  organizationName: string;
  /** null: the whole organisation (user tokens on reports). */
  projectId: number | null;
  userId: number | null;
  email: string | null;
  name: string | null;
  /** null for API keys and project tokens, which act for a project, not a person. */
  role: Role | null;
  apiKeyId: number | null;
};

const MODE_OF_KIND = { key: 'apiKey', prj: 'projectToken', usr: 'userToken' } as const;

const DESCRIPTION: Record<AuthMode, string> = {
  apiKey: 'an API key',
  projectToken: 'a project token',
  userToken: 'a user access token',
  session: 'a signed-in session',
};

export function describeAccepted(accepted: readonly AuthMode[]): string {
  return accepted.map((mode) => DESCRIPTION[mode]).join(' or ');
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (header === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('Authorization header must be "Bearer <token>"');
  return match[1];
}

export async function principalFromToken(token: string, accepted: readonly AuthMode[]): Promise<Principal> {
  const kind = secretKind(token);
  if (!kind) throw unauthorized('Invalid token');
  const mode = MODE_OF_KIND[kind];
  if (!accepted.includes(mode)) throw unauthorized(`This endpoint needs ${describeAccepted(accepted)}`);
  const tokenHash = hashSecret(token);
  if (mode === 'apiKey') return apiKeyPrincipal(tokenHash);
  if (mode === 'projectToken') return projectTokenPrincipal(tokenHash);
  return userTokenPrincipal(tokenHash);
}

function checkLive(row: { revokedAt: Date | null; expiresAt: Date | null } | null): asserts row {
  if (!row || row.revokedAt) throw unauthorized('Invalid token');
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw unauthorized('Token expired');
}

async function projectWithOrganization(projectId: number) {
  const project = await db().project.findUnique({ where: { id: projectId }, include: { organization: true } });
  if (!project) throw notFound('The project of this token no longer exists');
  return project;
}

async function apiKeyPrincipal(tokenHash: string): Promise<Principal> {
  const key = await db().apiKey.findUnique({ where: { tokenHash }, include: { user: true } });
  checkLive(key);
  const project = await projectWithOrganization(key.projectId);
  return {
    mode: 'apiKey',
    organizationId: project.organizationId,
    organizationName: project.organization.name,
    projectId: project.id,
    userId: key.user?.id ?? null,
    email: key.user?.email ?? null,
    name: key.user?.name ?? null,
    role: null,
    apiKeyId: key.id,
  };
}

async function projectTokenPrincipal(tokenHash: string): Promise<Principal> {
  const token = await db().projectToken.findUnique({ where: { tokenHash } });
  checkLive(token);
  const project = await projectWithOrganization(token.projectId);
  return {
    mode: 'projectToken',
    organizationId: project.organizationId,
    organizationName: project.organization.name,
    projectId: project.id,
    userId: null,
    email: null,
    name: null,
    role: null,
    apiKeyId: null,
  };
}

async function userTokenPrincipal(tokenHash: string): Promise<Principal> {
  const token = await db().userAccessToken.findUnique({ where: { tokenHash }, include: { user: true } });
  checkLive(token);
  const organization = await db().organization.findUnique({ where: { id: token.organizationId } });
  if (!organization) throw notFound('The organisation of this token no longer exists');
  const member = await memberOf(token.userId, organization.id);
  return {
    mode: 'userToken',
    organizationId: organization.id,
    organizationName: organization.name,
    projectId: null,
    userId: token.user.id,
    email: token.user.email,
    name: token.user.name,
    role: member,
    apiKeyId: null,
  };
}

export async function memberOf(userId: number, organizationId: number): Promise<Role> {
  const membership = await db().membership.findUnique({ where: { userId_organizationId: { userId, organizationId } } });
  if (!membership || !isRole(membership.role)) throw forbidden('You are not a member of this organisation');
  return membership.role;
}

/**
 * The principal of a signed-in browser user. The project is the one chosen
 * in the UI (`x-project-id` header), else the organisation's first project.
 */
export async function sessionPrincipal(userId: number, organizationId: number, requestedProjectId: number | null): Promise<Principal> {
  const user = await db().user.findUnique({ where: { id: userId } });
  if (!user) throw unauthorized('Your session has ended; sign in again');
  const organization = await db().organization.findUnique({ where: { id: organizationId } });
  if (!organization) throw notFound('Your organisation no longer exists');
  const role = await memberOf(user.id, organization.id);
  const project = await db().project.findFirst({
    where: { organizationId: organization.id, ...(requestedProjectId ? { id: requestedProjectId } : {}) },
    orderBy: { id: 'asc' },
  });
  if (requestedProjectId && !project) throw notFound('Project not found');
  return {
    mode: 'session',
    organizationId: organization.id,
    organizationName: organization.name,
    projectId: project?.id ?? null,
    userId: user.id,
    email: user.email,
    name: user.name,
    role,
    apiKeyId: null,
  };
}

/** The project a knowledge/search call works in. */
export function projectOf(principal: Principal): number {
  if (principal.projectId === null) throw notFound('No project is selected for this caller');
  return principal.projectId;
}
