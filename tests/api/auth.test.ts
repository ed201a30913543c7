import { describe, expect, it } from 'vitest';
import { call } from '../helpers/http';
import { createTenant, PASSWORD } from '../helpers/tenant';
import { db } from '@/lib/db/client';
import { ApiError, statusOf } from '@/lib/http/errors';
import { principalFromToken } from '@/lib/auth/principal';
import { hashSecret } from '@/lib/auth/secrets';
import { createApiKey, listApiKeys } from '@/lib/auth/keys';
import * as tokenRoute from '@/app/api/v1/auth/token/route';

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { status: statusOf(error), detail: error.detail };
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('POST /api/v1/auth/token', () => {
  it('issues an expiring user token for email + password', async () => {
    const t = await createTenant('auth');
    const res = await call(tokenRoute.POST, 'POST', '/api/v1/auth/token', { body: { email: t.users.ADMIN.email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', organization_id: t.organization.id });
    expect(res.body.access_token).toMatch(/^ks_usr_/);
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now());
    const principal = await principalFromToken(res.body.access_token, ['userToken']);
    expect(principal).toMatchObject({ mode: 'userToken', organizationId: t.organization.id, role: 'ADMIN', projectId: null, email: t.users.ADMIN.email });
  });

  it.each([
    ['a wrong password', { password: 'nope' }, 401],
    ['an unknown e-mail', { email: 'nobody@test.local' }, 401],
  ])('401 for %s, with the same message', async (_l, override, status) => {
    const t = await createTenant('auth');
    const res = await call(tokenRoute.POST, 'POST', '/x', { body: { email: t.users.OWNER.email, password: PASSWORD, ...override } });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ detail: 'Invalid email or password' });
  });

  it('after 10 wrong passwords for an account, even the right one is refused with 429 and Retry-After', async () => {
    const t = await createTenant('auth-guess');
    const attempt = (password: string, address: string) =>
      call(tokenRoute.POST, 'POST', '/x', { body: { email: t.users.VIEWER.email, password }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 10; i++) expect((await attempt(`guess-${i}`, `198.51.100.${i}`)).status).toBe(401);
    const locked = await attempt(PASSWORD, '198.51.100.77');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ detail: 'Too many failed sign-in attempts; try again in 15 minutes' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another account is not affected.
    expect((await call(tokenRoute.POST, 'POST', '/x', { body: { email: t.users.OWNER.email, password: PASSWORD } })).status).toBe(200);
  });

  it.each([
    ['no body', undefined, 'Request body must be a JSON object'],
    ['malformed JSON', '{"email":', 'Malformed JSON body'],
    ['no password', JSON.stringify({ email: 'a@b.c' }), 'password'],
  ])('400 for %s', async (_l, rawBody, detail) => {
    const res = await call(tokenRoute.POST, 'POST', '/x', { rawBody });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  it('DELETE revokes the token it is called with', async () => {
    const t = await createTenant('auth');
    const token = t.userTokens.OWNER;
    expect((await call(tokenRoute.DELETE, 'DELETE', '/x', { token })).status).toBe(204);
    expect(await rejection(principalFromToken(token, ['userToken']))).toEqual({ status: 401, detail: 'Invalid token' });
    expect((await call(tokenRoute.DELETE, 'DELETE', '/x', { token })).status).toBe(401);
    expect((await call(tokenRoute.DELETE, 'DELETE', '/x')).status).toBe(401);
  });
});

describe('token rules', () => {
  it('an expired user token is 401 Token expired', async () => {
    const t = await createTenant('auth');
    await db().userAccessToken.updateMany({ where: { tokenHash: hashSecret(t.userTokens.OWNER) }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect(await rejection(principalFromToken(t.userTokens.OWNER, ['userToken']))).toEqual({ status: 401, detail: 'Token expired' });
  });

  it('a token of another kind than the endpoint takes is 401', async () => {
    const t = await createTenant('auth');
    expect((await rejection(principalFromToken(t.apiKey, ['userToken', 'projectToken']))).status).toBe(401);
  });

  it('404 when the organisation of a user token, or the project of a project token, is gone', async () => {
    const t = await createTenant('auth');
    await db().project.delete({ where: { id: t.project.id } });
    expect(await rejection(principalFromToken(t.projectToken, ['projectToken']))).toEqual({
      status: 404,
      detail: 'The project of this token no longer exists',
    });
    await db().organization.delete({ where: { id: t.organization.id } });
    expect(await rejection(principalFromToken(t.userTokens.ADMIN, ['userToken']))).toEqual({
      status: 404,
      detail: 'The organisation of this token no longer exists',
    });
  });

  it('a user removed from the organisation gets 403', async () => {
    const t = await createTenant('auth');
    await db().membership.deleteMany({ where: { userId: t.users.EDITOR.id } });
    expect((await rejection(principalFromToken(t.userTokens.EDITOR, ['userToken']))).status).toBe(403);
  });
});

describe('secrets at rest', () => {
  it('stores only hashes of keys, tokens and passwords; lists show a prefix', async () => {
    const t = await createTenant('auth');
    const created = await createApiKey(t.project.id, { name: 'ci' });
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row.tokenHash).toBe(hashSecret(created.token));
    expect(created.token.startsWith(row.prefix)).toBe(true);
    const listed = await listApiKeys(t.project.id);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const tokens = await db().userAccessToken.findMany({ where: { organizationId: t.organization.id } });
    for (const tok of tokens) expect(Object.values(t.userTokens)).not.toContain(tok.tokenHash);
    const user = await db().user.findUniqueOrThrow({ where: { id: t.users.OWNER.id } });
    expect(user.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);
  });
});
