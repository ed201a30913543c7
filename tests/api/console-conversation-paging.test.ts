// Paging of GET /searcher/v1/conversations (the console's "Load more"):
// limit/offset pages that neither repeat nor skip a thread, and the total in
// X-Total-Count counting exactly the threads the list can show.
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/http';
import { recordTurn } from '../helpers/interactions';
import { createTenant, type Tenant } from '../helpers/tenant';
import { db } from '@/lib/db/client';
import * as conversations from '@/app/searcher/v1/conversations/route';

let a: Tenant;
let b: Tenant;
const mine: string[] = [];

async function thread(tenant: Tenant, email: string, origin: 'workspace' | 'api', minutesAgo: number, askedBy = email) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const conversation = await db().conversation.create({
    data: { id: crypto.randomUUID(), projectId: tenant.project.id, identifier: `t${minutesAgo}`, origin, userEmail: email, createdAt: at, updatedAt: at },
  });
  await recordTurn(tenant, {
    conversationId: conversation.id,
    origin,
    question: `Question ${minutesAgo}?`,
    content: 'Answer.',
    userEmail: askedBy,
    createdAt: at,
  });
  return conversation.id;
}

beforeAll(async () => {
  a = await createTenant('cp-a');
  b = await createTenant('cp-b');
  // Five console threads of the owner, newest first in `mine`.
  for (const minutes of [1, 2, 3, 4, 5]) mine.push(await thread(a, a.users.OWNER.email, 'workspace', minutes));
  // Not the owner's: someone else's thread, a thread "owned" by the owner in
  // which only someone else asked, another origin, another tenant.
  await thread(a, a.users.ADMIN.email, 'workspace', 6);
  await thread(a, a.users.OWNER.email, 'workspace', 7, a.users.ADMIN.email);
  await thread(a, a.users.OWNER.email, 'api', 8);
  await thread(b, b.users.OWNER.email, 'workspace', 1);
});

const page = (query: Record<string, string>) =>
  call(conversations.GET, 'GET', '/searcher/v1/conversations', { token: a.apiKey, query: { origin: 'workspace', ...query } });
const ids = (body: Array<{ id: string }>) => body.map((c) => c.id);

describe('GET /searcher/v1/conversations paging', () => {
  it('walks every own thread once, newest first, with the total in X-Total-Count', async () => {
    const first = await page({ limit: '2' });
    const second = await page({ limit: '2', offset: '2' });
    const third = await page({ limit: '2', offset: '4' });
    const past = await page({ limit: '2', offset: '6' });
    for (const res of [first, second, third, past]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('5');
    }
    expect(ids(first.body)).toEqual(mine.slice(0, 2));
    expect(ids(second.body)).toEqual(mine.slice(2, 4));
    expect(ids(third.body)).toEqual(mine.slice(4));
    expect(past.body).toEqual([]);
  });

  it('counts per origin and per person, never another tenant', async () => {
    const all = await call(conversations.GET, 'GET', '/x', { token: a.apiKey });
    expect(all.headers.get('x-total-count')).toBe('6');
    expect(all.body).toHaveLength(6);
    const api = await call(conversations.GET, 'GET', '/x', { token: a.apiKey, query: { origin: 'api' } });
    expect(api.headers.get('x-total-count')).toBe('1');
    const other = await call(conversations.GET, 'GET', '/x', { token: b.apiKey, query: { origin: 'workspace' } });
    expect(other.headers.get('x-total-count')).toBe('1');
    expect(ids(other.body)).not.toContain(mine[0]);
  });

  it.each([
    [{ limit: '101' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
  ])('400 with the parameter named for %o', async (query, field) => {
    const res = await page(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(field);
  });
});
