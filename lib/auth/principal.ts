// Who is calling: resolved from `Authorization: Bearer …` or, without that
// header, from the browser session. Every query downstream is scoped by the
// organisation and project found here, never by anything the client sends.
import { noteCredentialUse } from './last-used';
import { db, Prisma } from '../db/client';
import { toDate, type RawDate, type RawInt } from '../db/raw';
import { notFound, unauthorized, forbidden } from '../errors';
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

// Each credential is resolved in one query (token, owner, project or
// organisation, membership): authentication runs before every call, and
// four ORM round trips were 3–12 ms of each report request.

function checkLive(row: { revoked_at: RawDate | null; expires_at: RawDate | null } | undefined): asserts row {
  if (!row || row.revoked_at !== null) throw unauthorized('Invalid token');
  if (row.expires_at !== null && toDate(row.expires_at).getTime() <= Date.now()) throw unauthorized('Token expired');
}

/** An API key or project token with its project, as the credential queries read it. */
type ProjectCredentialRow = {
  id: RawInt;
  last_used_at: RawDate | null;
  revoked_at: RawDate | null;
  expires_at: RawDate | null;
  project_id: RawInt | null;
  organization_id: RawInt | null;
  organization_name: string | null;
};

/** A live API key or project token's project (404 when it was deleted); its use is noted. */
async function acceptProjectCredential(
  table: 'api_keys' | 'project_tokens',
  row: ProjectCredentialRow | undefined,
): Promise<{ projectId: number; organizationId: number; organizationName: string }> {
  checkLive(row);
  if (row.project_id === null || row.organization_id === null) throw notFound('The project of this token no longer exists');
  await noteCredentialUse(table, Number(row.id), row.last_used_at);
  return { projectId: Number(row.project_id), organizationId: Number(row.organization_id), organizationName: row.organization_name ?? '' };
}

async function apiKeyPrincipal(tokenHash: string): Promise<Principal> {
  const [key] = await db().$queryRaw<(ProjectCredentialRow & { user_id: RawInt | null; email: string | null; name: string | null })[]>`
    SELECT k.id, k.revoked_at, k.expires_at, k.last_used_at, u.id AS user_id, u.email, u.name,
      p.id AS project_id, o.id AS organization_id, o.name AS organization_name
    FROM api_keys k
    LEFT JOIN users u ON u.id = k.user_id
    LEFT JOIN projects p ON p.id = k.project_id
    LEFT JOIN organizations o ON o.id = p.organization_id
    WHERE k.token_hash = ${tokenHash}`;
  const project = await acceptProjectCredential('api_keys', key);
  return {
    mode: 'apiKey',
    ...project,
    userId: key.user_id === null ? null : Number(key.user_id),
    email: key.email,
    name: key.name,
    role: null,
    apiKeyId: Number(key.id),
  };
}

async function projectTokenPrincipal(tokenHash: string): Promise<Principal> {
  const [token] = await db().$queryRaw<ProjectCredentialRow[]>`
    SELECT t.id, t.revoked_at, t.expires_at, t.last_used_at, p.id AS project_id, o.id AS organization_id, o.name AS organization_name
    FROM project_tokens t
    LEFT JOIN projects p ON p.id = t.project_id
    LEFT JOIN organizations o ON o.id = p.organization_id
    WHERE t.token_hash = ${tokenHash}`;
  const project = await acceptProjectCredential('project_tokens', token);
  return { mode: 'projectToken', ...project, userId: null, email: null, name: null, role: null, apiKeyId: null };
}

type MemberRow = { user_id: RawInt; email: string; name: string; organization_id: RawInt | null; organization_name: string | null; role: string | null };

/** The member's role, or why there is none (the organisation is gone: 404; no membership: 403). */
function roleOf(row: MemberRow, organizationGone: string): Role {
  if (row.organization_id === null) throw notFound(organizationGone);
  if (row.role === null || !isRole(row.role)) throw forbidden('You are not a member of this organisation');
  return row.role;
}

async function userTokenPrincipal(tokenHash: string): Promise<Principal> {
  const [token] = await db().$queryRaw<(MemberRow & { id: RawInt; revoked_at: RawDate | null; expires_at: RawDate; last_used_at: RawDate | null })[]>`
    SELECT t.id, t.revoked_at, t.expires_at, t.last_used_at, u.id AS user_id, u.email, u.name, o.id AS organization_id, o.name AS organization_name, m.role
    FROM user_access_tokens t
    JOIN users u ON u.id = t.user_id
    LEFT JOIN organizations o ON o.id = t.organization_id
    LEFT JOIN memberships m ON m.user_id = t.user_id AND m.organization_id = t.organization_id
    WHERE t.token_hash = ${tokenHash}`;
  checkLive(token);
  const role = roleOf(token, 'The organisation of this token no longer exists');
  await noteCredentialUse('user_access_tokens', Number(token.id), token.last_used_at);
  return {
    mode: 'userToken',
    organizationId: Number(token.organization_id),
    organizationName: token.organization_name ?? '',
    projectId: null,
    userId: Number(token.user_id),
    email: token.email,
    name: token.name,
    role,
    apiKeyId: null,
  };
}

/**
 * The principal of a signed-in browser user. The project is the one chosen
 * in the UI (`x-project-id` header), else the organisation's first project.
 */
export async function sessionPrincipal(userId: number, organizationId: number, requestedProjectId: number | null): Promise<Principal> {
  const projectCondition = requestedProjectId ? Prisma.sql`AND p.id = ${requestedProjectId}` : Prisma.empty;
  const [user] = await db().$queryRaw<(MemberRow & { project_id: RawInt | null })[]>`
    SELECT u.id AS user_id, u.email, u.name, o.id AS organization_id, o.name AS organization_name, m.role,
      (SELECT MIN(p.id) FROM projects p WHERE p.organization_id = o.id ${projectCondition}) AS project_id
    FROM users u
    LEFT JOIN organizations o ON o.id = ${organizationId}
    LEFT JOIN memberships m ON m.user_id = u.id AND m.organization_id = o.id
    WHERE u.id = ${userId}`;
  if (!user) throw unauthorized('Your session has ended; sign in again');
  const role = roleOf(user, 'Your organisation no longer exists');
  if (requestedProjectId && user.project_id === null) throw notFound('Project not found');
  return {
    mode: 'session',
    organizationId: Number(user.organization_id),
    organizationName: user.organization_name ?? '',
    projectId: user.project_id === null ? null : Number(user.project_id),
    userId: Number(user.user_id),
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
