// The shell's organisation switch goes through next-auth's session update:
// the signed token moves only to an organisation the user is a member of.
import { beforeAll, describe, expect, it } from 'vitest';
import type { JWT } from 'next-auth/jwt';
import { authOptions } from '@/lib/auth/session';
import { addMember } from '@/lib/tenancy/organizations';
import { createTenant, PASSWORD, type Tenant } from '../helpers/tenant';
import { call } from '../helpers/http';
import * as me from '@/app/api/v1/me/route';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  a = await createTenant('sess-a');
  b = await createTenant('sess-b');
});

async function update(token: JWT, organizationId: unknown): Promise<JWT> {
  const jwt = authOptions.callbacks!.jwt!;
  return (await jwt({ token, trigger: 'update', session: { organizationId }, user: undefined as never, account: null })) as JWT;
}

describe('organisation switch', () => {
  it('switches to an organisation the user belongs to', async () => {
    await addMember(b.organization.id, { email: a.users.ADMIN.email, name: 'Admin in B', password: PASSWORD, role: 'VIEWER' });
    const switched = await update({ uid: a.users.ADMIN.id, oid: a.organization.id }, b.organization.id);
    expect(switched.oid).toBe(b.organization.id);
    // The shell offers both organisations, each with the user's role there.
    const res = await call(me.GET, 'GET', '/api/v1/me', { token: a.userTokens.ADMIN });
    expect(res.body.organizations).toEqual([
      { id: a.organization.id, name: a.organization.name, role: 'ADMIN' },
      { id: b.organization.id, name: b.organization.name, role: 'VIEWER' },
    ]);
  });

  it('keeps the organisation when the user is not a member of the requested one', async () => {
    const kept = await update({ uid: a.users.OWNER.id, oid: a.organization.id }, b.organization.id);
    expect(kept.oid).toBe(a.organization.id);
  });

  it('ignores a malformed request', async () => {
    expect((await update({ uid: a.users.OWNER.id, oid: a.organization.id }, '2')).oid).toBe(a.organization.id);
  });
});
