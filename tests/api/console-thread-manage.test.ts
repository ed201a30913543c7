// Managing one's own threads in the console: PATCH renames (null gives the
// first question back), DELETE removes the thread from the list but keeps
// its interactions for the organisation's reports, ?q= finds threads by name
// or question. Nobody can touch a thread they did not ask in, in their own
// organisation or another.
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/http';
import { recordTurn } from '../helpers/interactions';
import { createTenant, type Tenant } from '../helpers/tenant';
import { db } from '@/lib/db/client';
import * as conversations from '@/app/searcher/v1/conversations/route';
import * as conversation from '@/app/searcher/v1/conversations/[conversation_id]/route';

let a: Tenant;
let b: Tenant;

async function thread(tenant: Tenant, email: string, question: string) {
  const conversation = await db().conversation.create({
    data: { id: crypto.randomUUID(), projectId: tenant.project.id, identifier: question, origin: 'workspace', userEmail: email },
  });
  await recordTurn(tenant, { conversationId: conversation.id, origin: 'workspace', question, content: 'Answer.', userEmail: email });
  return conversation.id;
}

const list = (tenant: Tenant, query: Record<string, string> = {}) =>
  call(conversations.GET, 'GET', '/searcher/v1/conversations', { token: tenant.apiKey, query });
const rename = (token: string, id: string, body: unknown) =>
  call(conversation.PATCH, 'PATCH', `/searcher/v1/conversations/${id}`, { token, params: { conversation_id: id }, body });
const remove = (token: string, id: string) =>
  call(conversation.DELETE, 'DELETE', `/searcher/v1/conversations/${id}`, { token, params: { conversation_id: id } });

beforeAll(async () => {
  a = await createTenant('tm-a');
  b = await createTenant('tm-b');
});

describe('thread management', () => {
  it('renames a thread, and null gives it its first question back', async () => {
    const id = await thread(a, a.users.OWNER.email, 'How do I rotate the logs?');
    const renamed = await rename(a.apiKey, id, { title: '  Log rotation  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id, title: 'Log rotation', renamed: true });
    expect((await list(a)).body.find((t: { id: string }) => t.id === id)).toMatchObject({ title: 'Log rotation', renamed: true });
    expect((await rename(a.apiKey, id, { title: null })).body).toEqual({ id, title: 'How do I rotate the logs?', renamed: false });
  });

  it.each([
    [{}, 'title is required and must be a string'],
    [{ title: '' }, 'title must not be empty'],
    [{ title: 'x'.repeat(121) }, 'title must be at most 120 characters'],
    [{ title: 'ok', extra: 1 }, null],
  ])('refuses a malformed body %j with 400 {detail}', async (body, detail) => {
    const id = await thread(a, a.users.OWNER.email, 'Malformed rename?');
    const res = await rename(a.apiKey, id, body);
    expect(res.status).toBe(400);
    if (detail) expect(res.body).toEqual({ detail: expect.stringContaining(detail) });
    else expect(res.body).toHaveProperty('detail');
  });

  it('deletes a thread from the list and the count, keeping its interactions', async () => {
    const id = await thread(a, a.users.OWNER.email, 'A thread to delete');
    const before = Number((await list(a)).headers.get('x-total-count'));
    expect((await remove(a.apiKey, id)).status).toBe(204);
    const after = await list(a);
    expect(after.body.map((t: { id: string }) => t.id)).not.toContain(id);
    expect(Number(after.headers.get('x-total-count'))).toBe(before - 1);
    expect(await db().interaction.count({ where: { conversationId: id } })).toBe(1);
    // Gone for its owner: a second delete or a rename is 404.
    expect((await remove(a.apiKey, id)).status).toBe(404);
    expect((await rename(a.apiKey, id, { title: 'again' })).status).toBe(404);
  });

  it('finds threads by name or by question, in any case', async () => {
    const byQuestion = await thread(a, a.users.OWNER.email, 'Which PARTITION strategy fits time series?');
    const byName = await thread(a, a.users.OWNER.email, 'Something unrelated');
    await rename(a.apiKey, byName, { title: 'partitioning notes' });
    const found = await list(a, { q: 'partition' });
    expect(found.status).toBe(200);
    expect(new Set(found.body.map((t: { id: string }) => t.id))).toEqual(new Set([byQuestion, byName]));
    expect(found.headers.get('x-total-count')).toBe('2');
    expect((await list(a, { q: '100%_literal' })).body).toEqual([]);
    expect((await list(a, { q: 'x'.repeat(201) })).status).toBe(400);
  });

  it('never lets anyone else rename, delete or find a thread: another member, another organisation', async () => {
    const id = await thread(a, a.users.OWNER.email, 'Private question of the owner');
    const admin = await createTenantKey(a, 'ADMIN');
    for (const token of [admin, b.apiKey]) {
      expect(await rename(token, id, { title: 'mine now' })).toEqual(expect.objectContaining({ status: 404, body: { detail: 'Conversation not found' } }));
      expect((await remove(token, id)).status).toBe(404);
    }
    expect((await list(b, { q: 'Private question' })).body).toEqual([]);
    const row = await db().conversation.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ title: null, hiddenAt: null });
  });
});

/** An API key of another member of the tenant's project. */
async function createTenantKey(tenant: Tenant, role: 'ADMIN'): Promise<string> {
  const { createApiKey } = await import('@/lib/auth/keys');
  return (await createApiKey(tenant.project.id, { name: `${role} key`, userId: tenant.users[role].id })).token;
}
