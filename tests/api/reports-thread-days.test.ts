// The threads report's count without interaction filters is a sum over
// daily thread counts (thread_days, kept by triggers on conversations).
// These check it against the conversations themselves through new, moved
// and deleted threads, day boundaries and both token kinds.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as threads } from '@/app/api/v1/threads/route';
import { createProject } from '@/lib/tenancy/organizations';
import type { ThreadsPage } from '@/lib/reports/contract';
import { countThreads, threadIds } from '@/lib/reports/threads/read';
import type { ThreadFilter } from '@/lib/reports/threads/filter';
import { db } from '@/lib/db/client';
import { call } from '../helpers/http';
import { newConversation, reportTenant, type ReportTenant } from './reports-fixture';

let t: ReportTenant;
let sales: { id: number };
const conv: Record<string, string> = {};

const count = async (query: Record<string, string>, token = t.userTokens.OWNER) => {
  const res = await call<ThreadsPage>(threads, 'GET', '/api/v1/threads', { token, query: { limit: '1', ...query } });
  expect(res.status).toBe(200);
  return res.body.count;
};

/** The truth: the period's conversations, read one by one. */
const walked = async (projectId: number | null, filter: ThreadFilter) =>
  (await threadIds({ organizationId: t.organization.id, projectId }, filter, 1000, 0)).length;

beforeAll(async () => {
  // The fixture's own empty thread starts 2025-02-01; these start later.
  t = await reportTenant('thread-days', []);
  sales = await createProject(t.organization.id, 'Sales');
  conv.a = await newConversation(t.project.id, 'd-a', new Date('2025-06-01T00:00:00.000Z'));
  conv.b = await newConversation(t.project.id, 'd-b', new Date('2025-06-01T23:59:59.999Z'));
  conv.c = await newConversation(t.project.id, 'd-c', new Date('2025-06-02T00:00:00.000Z'));
  conv.d = await newConversation(sales.id, 'd-d', new Date('2025-06-02T12:00:00.000Z'));
  conv.e = await newConversation(t.project.id, 'd-e', new Date('2025-07-15T08:00:00.000Z'));
});

describe('GET /api/v1/threads count without interaction filters', () => {
  it('counts the threads started in the period, day boundaries included, per token kind', async () => {
    expect(await count({ start_date: '2025-06-01', end_date: '2025-06-01' })).toBe(2);
    expect(await count({ start_date: '2025-06-02', end_date: '2025-06-02' })).toBe(2);
    expect(await count({ start_date: '2025-06-01', end_date: '2025-06-30' })).toBe(4);
    expect(await count({ start_date: '2025-06-01' })).toBe(5);
    expect(await count({})).toBe(6);
    expect(await count({ start_date: '2025-06-02' }, t.projectToken)).toBe(2);
    expect(await count({ start_date: '2025-08-01' })).toBe(0);
  });

  it('agrees with the conversations for every period and scope', async () => {
    for (const projectId of [null, t.project.id, sales.id]) {
      for (const [start, end] of [
        ['2025-02-01', null],
        ['2025-06-01', '2025-06-01'],
        ['2025-06-02', '2025-07-15'],
        ['2025-07-16', null],
      ] as const) {
        const filter: ThreadFilter = { start, end };
        expect(await countThreads({ organizationId: t.organization.id, projectId }, filter), `${projectId} ${start} ${end}`).toBe(
          await walked(projectId, filter),
        );
      }
    }
  });

  it('follows threads that are added, moved to another day and deleted', async () => {
    await newConversation(sales.id, 'd-f', new Date('2025-06-01T10:00:00.000Z'));
    expect(await count({ start_date: '2025-06-01', end_date: '2025-06-01' })).toBe(3);

    await db().conversation.update({ where: { id: conv.a }, data: { createdAt: new Date('2025-07-15T09:00:00.000Z') } });
    expect(await count({ start_date: '2025-06-01', end_date: '2025-06-01' })).toBe(2);
    expect(await count({ start_date: '2025-07-15', end_date: '2025-07-15' })).toBe(2);

    await db().conversation.delete({ where: { id: conv.e } });
    expect(await count({ start_date: '2025-07-15', end_date: '2025-07-15' })).toBe(1);

    // A deleted project takes its threads (and their counts) with it.
    await db().project.delete({ where: { id: sales.id } });
    expect(await count({ start_date: '2025-06-01' })).toBe(3);
    const filter: ThreadFilter = { start: '2025-02-01', end: null };
    expect(await countThreads({ organizationId: t.organization.id, projectId: null }, filter)).toBe(await walked(null, filter));
  });
});
