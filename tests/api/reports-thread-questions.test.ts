// GET /api/v1/threads?question=…: the per-thread question index
// (lib/reports/threads/question-index-*.ts, kept by database triggers) answers the
// filter when the term alone decides a thread. These follow it through new
// questions, edits, deletions and moved threads, over two projects, and
// check it against the per-interaction path.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as threads } from '@/app/api/v1/threads/route';
import { createProject } from '@/lib/tenancy/organizations';
import type { ThreadsPage } from '@/lib/reports/contract';
import type { InteractionType } from '@/lib/usage/credits';
import { countThreads, readThreads } from '@/lib/reports/threads/read';
import { planQuestion, threadIndexServes } from '@/lib/reports/threads/planner';
import type { ThreadFilter } from '@/lib/reports/threads/filter';
import { questionIndex } from '@/lib/reports/threads/choose-question-index';
import { keyRange } from '@/lib/reports/threads/thread-keys';
import { db, isPostgres } from '@/lib/db/client';
import { call } from '../helpers/http';
import { recordTurn } from '../helpers/interactions';
import { newConversation, reportTenant, type ReportTenant } from './reports-fixture';

let t: ReportTenant;
let other: { id: number };
const conv: Record<string, string> = {};
const interaction: Record<string, number> = {};

async function ask(key: string, conversation: string, projectId: number, at: string, question: string, type: InteractionType = 'search') {
  const row = await recordTurn(t, { conversationId: conversation, projectId, type, question, createdAt: new Date(at) });
  interaction[key] = row.id;
}

async function list(query: Record<string, string> = {}, token = t.userTokens.OWNER) {
  // From June: the fixture's own empty thread (2025-02-01) stays out.
  const res = await call<ThreadsPage>(threads, 'GET', '/api/v1/threads', { token, query: { start_date: '2025-06-01', ...query } });
  expect(res.status).toBe(200);
  return { names: res.body.results.map((r) => r.conversation_identifier), count: res.body.count, next: res.body.next, previous: res.body.previous };
}

const orgScope = () => ({ organizationId: t.organization.id, projectId: null });

beforeAll(async () => {
  t = await reportTenant('thread-questions', []);
  other = await createProject(t.organization.id, 'Sales');
  conv.one = await newConversation(t.project.id, 'q-one', new Date('2025-06-01T09:00:00Z'));
  conv.two = await newConversation(t.project.id, 'q-two', new Date('2025-06-02T09:00:00Z'));
  conv.three = await newConversation(other.id, 'q-three', new Date('2025-06-02T11:00:00Z'));
  conv.four = await newConversation(t.project.id, 'q-four', new Date('2025-06-03T09:00:00Z'));
  await ask('one-a', conv.one, t.project.id, '2025-06-01T09:00:00Z', 'Where is my REFUND?');
  await ask('one-b', conv.one, t.project.id, '2025-06-01T09:01:00Z', 'Thanks');
  await ask('two-a', conv.two, t.project.id, '2025-06-02T09:00:00Z', 'Refunds take a week?');
  await ask('three-a', conv.three, other.id, '2025-06-02T11:00:00Z', 'refund for the Sales plan');
  await ask('four-a', conv.four, t.project.id, '2025-06-03T09:00:00Z', 'Where is my');
  await ask('four-b', conv.four, t.project.id, '2025-06-03T09:01:00Z', 'refund now', 'deepsearch');
});

describe('the per-thread question index', () => {
  it('serves a term of three characters or more alone (or with feedback=false), not with interaction filters', () => {
    const base = { start: '2025-06-01', end: null };
    expect(threadIndexServes({ ...base, question: 'ref' })).toBe(true);
    expect(threadIndexServes({ ...base, question: 'refund', feedback: false })).toBe(true);
    // PostgreSQL's word index takes any term without whitespace, short ones too.
    expect(threadIndexServes({ ...base, question: 're' })).toBe(isPostgres());
    expect(threadIndexServes({ ...base, question: 'my\nrefund' })).toBe(false);
    expect(threadIndexServes({ ...base, question: 'refund', feedback: true })).toBe(false);
    expect(threadIndexServes({ ...base, question: 'refund', evaluation: ['positive'] })).toBe(false);
    // SQLite's index has a column per interaction type, PostgreSQL's word keys carry the type;
    // PostgreSQL's table of question text (phrases) has none.
    expect(threadIndexServes({ ...base, question: 'refund', interactionTypes: ['search', 'stream'] })).toBe(true);
    expect(threadIndexServes({ ...base, question: 'my refund', interactionTypes: ['search', 'stream'] })).toBe(!isPostgres());
    expect(threadIndexServes({ ...base, question: 'refund', datamodelNames: ['Helper'] })).toBe(false);
  });

  it('is the path planned for such a term', async () => {
    const planned = await planQuestion(orgScope(), { start: '2025-06-01', end: null, question: 'Refund' });
    expect(planned.byThread).toMatchObject({ term: 'refund' });
    if (!isPostgres()) expect(planned.byThread?.ranges).toHaveLength(2);
  });

  it('finds a word in any question of a thread, case-insensitively, newest first, in every project of the organisation', async () => {
    expect(await list({ question: 'refund' })).toEqual({ names: ['q-four', 'q-three', 'q-two', 'q-one'], count: 4, next: false, previous: false });
    expect(await list({ question: 'REFUNDS' })).toMatchObject({ names: ['q-two'], count: 1 });
    expect(await list({ question: 'thanks' })).toMatchObject({ names: ['q-one'], count: 1 });
  });

  it('keeps a project token to its project', async () => {
    expect(await list({ question: 'refund' }, t.projectToken)).toMatchObject({ names: ['q-four', 'q-two', 'q-one'], count: 3 });
    expect(await list({ question: 'sales plan' }, t.projectToken)).toMatchObject({ names: [], count: 0 });
  });

  it('follows the period to the day, the end day included', async () => {
    expect(await list({ question: 'refund', start_date: '2025-06-02', end_date: '2025-06-02' })).toMatchObject({ names: ['q-three', 'q-two'], count: 2 });
    expect(await list({ question: 'refund', start_date: '2025-06-04' })).toMatchObject({ names: [], count: 0 });
    expect(await list({ question: 'refund', end_date: '2025-06-01' })).toMatchObject({ names: ['q-one'], count: 1 });
  });

  it('never matches across two questions of a thread', async () => {
    expect(await list({ question: 'my refund' })).toMatchObject({ names: ['q-one'], count: 1 });
    expect(await list({ question: 'where is my' })).toMatchObject({ names: ['q-four', 'q-one'], count: 2 });
  });

  it('with interaction_types, the term must be in a question of those types', async () => {
    expect(await list({ question: 'refund', interaction_types: 'deepsearch' })).toMatchObject({ names: ['q-four'], count: 1 });
    expect(await list({ question: 'refund', interaction_types: 'search' })).toMatchObject({ names: ['q-three', 'q-two', 'q-one'], count: 3 });
    expect(await list({ question: 'refund', interaction_types: 'search,deepsearch' })).toMatchObject({
      names: ['q-four', 'q-three', 'q-two', 'q-one'],
      count: 4,
    });
    expect(await list({ question: 'refund', interaction_types: 'stream' })).toMatchObject({ names: [], count: 0 });
    expect(await list({ question: 'where is my', interaction_types: 'deepsearch' })).toMatchObject({ names: [], count: 0 });
    expect(await list({ question: 'refund', interaction_types: 'deepsearch', limit: '1', offset: '0' }, t.projectToken)).toEqual({
      names: ['q-four'],
      count: 1,
      next: false,
      previous: false,
    });
  });

  it('pages with next/previous and the same count', async () => {
    expect(await list({ question: 'refund', limit: '2' })).toEqual({ names: ['q-four', 'q-three'], count: 4, next: true, previous: false });
    expect(await list({ question: 'refund', limit: '2', offset: '2' })).toEqual({ names: ['q-two', 'q-one'], count: 4, next: false, previous: true });
    expect(await list({ question: 'refund', limit: '1', offset: '3' })).toEqual({ names: ['q-one'], count: 4, next: false, previous: true });
  });

  it('takes wildcards and query syntax as text', async () => {
    expect(await list({ question: 'refund%' })).toMatchObject({ names: [], count: 0 });
    expect(await list({ question: 'refund"' })).toMatchObject({ names: [], count: 0 });
    expect(await list({ question: 'refund OR thanks' })).toMatchObject({ names: [], count: 0 });
    expect(await list({ question: 'my refund?' })).toMatchObject({ names: ['q-one'], count: 1 });
  });

  it('agrees with the per-interaction path for any term', async () => {
    const scope = orgScope();
    const terms = ['refund', 'REFUND', 'where is', 'sales', ' now', 'e?', 'zzz', 'refunds take a week?'];
    const cases: ThreadFilter[] = [
      ...terms.map((question) => ({ start: '2025-06-01', end: null, question })),
      ...terms.map((question) => ({ start: '2025-06-01', end: null, question, interactionTypes: ['deepsearch'] })),
      ...terms.map((question) => ({ start: '2025-06-01', end: null, question, interactionTypes: ['search', 'stream'] })),
    ];
    for (const filter of cases) {
      const question = `${filter.question} ${filter.interactionTypes ?? ''}`;
      const planned = await planQuestion(scope, filter);
      const viaInteractions = await readThreads(scope, { ...filter, questionIndex: false }, 10, 0);
      const viaPlan = await readThreads(scope, planned, 10, 0);
      expect(
        viaPlan.map((x) => x.conversation_identifier),
        question,
      ).toEqual(viaInteractions.map((x) => x.conversation_identifier));
      expect(await countThreads(scope, planned), question).toBe(viaInteractions.length);
    }
  });

  it('reads a page the same way whether it walks the period or sorts the matches', async () => {
    const scope = orgScope();
    const planned = await planQuestion(scope, { start: '2025-06-01', end: null, question: 'refund' });
    const plan = planned.byThread!;
    const sorted = await questionIndex().threadIds(scope, planned, { ...plan, count: Promise.resolve(1) }, 3, 1);
    const walked = await questionIndex().threadIds(scope, planned, { ...plan, count: Promise.resolve(1_000_000) }, 3, 1);
    expect(walked).toEqual(sorted);
    expect(walked).toEqual([conv.three, conv.two, conv.one]);
  });

  it('a common term pages through windows of the newest days with the same result', async () => {
    const scope = orgScope();
    for (const [end, limit, offset] of [
      ['2025-06-03', 1, 0],
      ['2025-06-03', 2, 1],
      ['2025-06-03', 3, 0],
      ['2025-06-02', 1, 1],
      ['2025-06-03', 10, 0],
      [null, 2, 2],
    ] as const) {
      const filter: ThreadFilter = { start: '2025-05-01', end, question: 'refund' };
      const plan = (await planQuestion(scope, filter)).byThread!;
      const sorted = await questionIndex().threadIds(scope, filter, { ...plan, count: Promise.resolve(1) }, limit, offset);
      // A count above the list-driven bound: the page is looked for in windows of days.
      const windowed = await questionIndex().threadIds(scope, filter, { ...plan, count: Promise.resolve(1_000_000) }, limit, offset);
      expect(windowed, `${end} ${limit} ${offset}`).toEqual(sorted);
    }
    expect(
      await questionIndex().threadIds(
        scope,
        { start: '2025-05-01', end: '2025-06-03', question: 'refund' },
        { ...(await planQuestion(scope, { start: '2025-05-01', end: '2025-06-03', question: 'refund' })).byThread!, count: Promise.resolve(1_000_000) },
        2,
        1,
      ),
    ).toEqual([conv.three, conv.two]);
  });

  it('a deep page found by day (counts per day while planning) equals the sorted matches, at every offset, in both projects', async () => {
    for (const scope of [orgScope(), { organizationId: t.organization.id, projectId: t.project.id }]) {
      for (const end of ['2025-06-03', null]) {
        const filter: ThreadFilter = { start: '2025-05-01', end, question: 'refund' };
        const plan = (await planQuestion(scope, filter, 5000)).byThread!;
        expect(plan.days?.length).toBeGreaterThan(1);
        expect(await plan.count).toBe(await ((await planQuestion(scope, filter)).byThread!.count ?? plan.count));
        for (let offset = 0; offset <= (await plan.count!) + 1; offset++) {
          for (const limit of [1, 2, 3]) {
            const sorted = await questionIndex().threadIds(scope, filter, { ...plan, count: Promise.resolve(1), days: null }, limit, offset);
            const byDay = await questionIndex().threadIds(scope, filter, { ...plan, count: Promise.resolve(1_000_000) }, limit, offset);
            expect(byDay, `${scope.projectId} ${end} ${offset}/${limit}`).toEqual(sorted);
          }
        }
      }
    }
  });

  it('keeps each project and day in a range of its own', () => {
    const june = keyRange(5, '2025-06-01', '2025-06-30')!;
    const july = keyRange(5, '2025-07-01', null)!;
    expect(june.high + 1n).toBe(july.low);
    expect(keyRange(6, '2025-02-01', null)!.low).toBeGreaterThan(july.high);
    expect(keyRange(2 ** 23, '2025-02-01', null)).toBeNull();
    expect(keyRange(5, '9999-12-31', null)).toBeNull();
  });
});

// Run last: these change the threads above.
describe('the per-thread question index follows every change', () => {
  it('a new question, an edited one, a deleted one and a moved thread', async () => {
    // A later question joins its thread's entry.
    await ask('four-c', conv.four, t.project.id, '2025-06-03T09:02:00Z', 'my refund please');
    expect(await list({ question: 'my refund' })).toMatchObject({ names: ['q-four', 'q-one'], count: 2 });

    // An edited question leaves and enters the index.
    await db().interaction.update({ where: { id: interaction['one-a'] }, data: { question: 'Where is my parcel?' } });
    expect(await list({ question: 'refund' })).toMatchObject({ names: ['q-four', 'q-three', 'q-two'], count: 3 });
    expect(await list({ question: 'parcel' })).toMatchObject({ names: ['q-one'], count: 1 });

    // A deleted question is gone; the thread's other questions stay.
    await db().interaction.delete({ where: { id: interaction['two-a'] } });
    expect(await list({ question: 'refunds' })).toMatchObject({ names: [], count: 0 });

    // A question moved to another thread.
    await db().interaction.update({ where: { id: interaction['one-b'] }, data: { conversationId: conv.two } });
    expect(await list({ question: 'thanks' })).toMatchObject({ names: ['q-two'], count: 1 });

    // A thread moved to another day is found by its new date only.
    await db().conversation.update({ where: { id: conv.three }, data: { createdAt: new Date('2025-07-15T08:00:00Z') } });
    expect(await list({ question: 'sales plan', end_date: '2025-06-30' })).toMatchObject({ names: [], count: 0 });
    expect(await list({ question: 'sales plan', start_date: '2025-07-15', end_date: '2025-07-15' })).toMatchObject({ names: ['q-three'], count: 1 });
    expect(await list({ question: 'refund' })).toMatchObject({ names: ['q-three', 'q-four'], count: 2 });

    // A question whose type changes moves to that type's column.
    await db().interaction.update({ where: { id: interaction['four-b'] }, data: { type: 'stream' } });
    expect(await list({ question: 'refund', interaction_types: 'deepsearch' })).toMatchObject({ names: [], count: 0 });
    expect(await list({ question: 'refund', interaction_types: 'stream' })).toMatchObject({ names: ['q-four'], count: 1 });

    // A deleted thread leaves the index with its questions.
    await db().conversation.delete({ where: { id: conv.four } });
    expect(await list({ question: 'refund' })).toMatchObject({ names: ['q-three'], count: 1 });
    expect(await list({ question: 'where is my' })).toMatchObject({ names: ['q-one'], count: 1 });
  });

  it('feedback=false rides along on the thread', async () => {
    await db().interaction.updateMany({ where: { conversationId: conv.three }, data: { feedback: 'late' } });
    expect(await list({ question: 'refund', feedback: 'false' })).toMatchObject({ names: [], count: 0 });
    expect(await list({ question: 'thanks', feedback: 'false' })).toMatchObject({ names: ['q-two'], count: 1 });
  });
});
