// Users, their credentials and user access tokens.
import { db } from '../db/client';
import { appConfig } from '../config';
import { hashPassword, newSecret, verifyPassword, hashSecret } from './secrets';
import { unauthorized, notFound } from '../errors';
import type { Role } from './roles';
import { signInLimiter } from './sign-in-limit';

// A hash compared against when the e-mail is unknown, so a wrong e-mail and
// a wrong password take the same time.
let dummyHash: Promise<string> | undefined;

export async function authenticateUser(email: string, password: string) {
  const user = await db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    include: { memberships: { orderBy: { id: 'asc' }, take: 1 } },
  });
  dummyHash ??= hashPassword('not a password');
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !ok) return null;
  const membership = user.memberships[0];
  if (!membership) return null;
  return { user, organizationId: membership.organizationId, role: membership.role as Role };
}

/**
 * Sign-in with a password, as both sign-in paths do: refused with 429 after
 * too many failures for the account or the client address.
 */
export async function signInWithPassword(email: string, password: string, clientAddress: string) {
  const attempt = signInLimiter().begin(email, clientAddress);
  const found = await authenticateUser(email, password);
  if (found) attempt.succeeded();
  return found;
}

export type IssuedUserToken = { access_token: string; token_type: 'Bearer'; expires_at: string; organization_id: number };

/** POST /api/v1/auth/token: email + password → an expiring user access token. */
export async function issueUserToken(email: string, password: string, clientAddress: string, organizationId?: number): Promise<IssuedUserToken> {
  const found = await signInWithPassword(email, password, clientAddress);
  if (!found) throw unauthorized('Invalid email or password');
  let orgId = found.organizationId;
  if (organizationId !== undefined) {
    const membership = await db().membership.findUnique({ where: { userId_organizationId: { userId: found.user.id, organizationId } } });
    if (!membership) throw notFound('Organisation not found');
    orgId = organizationId;
  }
  const secret = newSecret('usr');
  const expiresAt = new Date(Date.now() + appConfig().userTokenTtlHours * 3600_000);
  await db().userAccessToken.create({
    data: { userId: found.user.id, organizationId: orgId, prefix: secret.prefix, tokenHash: secret.tokenHash, expiresAt },
  });
  return { access_token: secret.token, token_type: 'Bearer', expires_at: expiresAt.toISOString(), organization_id: orgId };
}

/** DELETE /api/v1/auth/token: revokes the token the request is made with. */
export async function revokeUserToken(token: string): Promise<void> {
  const result = await db().userAccessToken.updateMany({
    where: { tokenHash: hashSecret(token), revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (result.count === 0) throw unauthorized('Invalid token');
}

export async function createUser(input: { email: string; name: string; password: string }) {
  return db().user.create({
    data: { email: input.email.trim().toLowerCase(), name: input.name, passwordHash: await hashPassword(input.password) },
  });
}
