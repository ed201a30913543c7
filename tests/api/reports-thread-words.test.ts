// GET /api/v1/threads?question=… on PostgreSQL reads a vocabulary of each
// organisation's question words and per-thread word keys (migration
// 20261123180000_thread_words, lib/reports/threads/thread-words.ts). The agreement
// checks run on both databases (on SQLite they exercise the FTS5 index);
// the vocabulary's own rules are PostgreSQL's.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as threads } from '@/app/api/v1/threads/route';
import type { ThreadsPage } from '@/lib/reports/contract';
import type { InteractionType } from '@/lib/usage/credits';
import { countThreads, readThreads } from '@/lib/reports/threads/read';
import { planQuestion } from '@/lib/reports/threads/planner';
import type { ThreadFilter } from '@/lib/reports/threads/filter';
import { questionIndex } from '@/lib/reports/threads/choose-question-index';
import { pageByWords, wordsCanMatch } from '@/lib/reports/threads/thread-words';
import { daysHolding } from '@/lib/reports/threads/page-days';
import type { ReportScope } from '@/lib/reports/scope';
import { db, isPostgres } from '@/lib/db/client';
import { call } from '../helpers/http';
import { recordTurn } from '../helpers/interactions';
import { newConversation, reportTenant, type ReportTenant } from './reports-fixture';

let t: ReportTenant;
let rival: ReportTenant;
const conv: Record<string, string> = {};

// A word of 1,000 characters: the migration keeps pieces of 400 every 200, so
// terms across piece boundaries (200, 400, 600) must still be found.
const LONG_WORD = Array.from({ length: 1000 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
// 2,100 distinct words holding "zqx": past the word index's limit of 2,000.
const MANY_WORDS = Array.from({ length: 2100 }, (_, i) => `zqx${i}`).join(' ');

async function ask(tenant: ReportTenant, conversation: string, at: string, question: string, type: InteractionType = 'search') {
  return recordTurn(tenant, { conversationId: conversation, type, question, createdAt: new Date(at) });
}

async function list(query: Record<string, string>, token = t.userTokens.OWNER) {
  const res = await call<ThreadsPage>(threads, 'GET', '/api/v1/threads', { token, query: { start_date: '2025-06-01', ...query } });
  expect(res.status).toBe(200);
  return { names: res.body.results.map((r) => r.conversation_identifier), count: res.body.count };
}

const scope = () => ({ organizationId: t.organization.id, projectId: null });

/** The planned path and the per-interaction path give the same threads and count. */
async function expectAgreement(filter: ThreadFilter) {
  const label = `${JSON.stringify(filter.question).slice(0, 40)} ${filter.interactionTypes ?? ''}`;
  const planned = await planQuestion(scope(), filter);
  const viaInteractions = await readThreads(scope(), { ...filter, questionIndex: false }, 50, 0);
  const viaPlan = await readThreads(scope(), planned, 50, 0);
  expect(
    viaPlan.map((x) => x.conversation_identifier),
    label,
  ).toEqual(viaInteractions.map((x) => x.conversation_identifier));
  expect(await countThreads(scope(), planned), label).toBe(viaInteractions.length);
  return planned;
}

beforeAll(async () => {
  t = await reportTenant('thread-words', []);
  rival = await reportTenant('thread-words-rival', []);
  conv.long = await newConversation(t.project.id, 'w-long', new Date('2025-06-01T09:00:00Z'));
  conv.tabs = await newConversation(t.project.id, 'w-tabs', new Date('2025-06-02T09:00:00Z'));
  conv.accents = await newConversation(t.project.id, 'w-accents', new Date('2025-06-03T09:00:00Z'));
  conv.many = await newConversation(t.project.id, 'w-many', new Date('2025-06-04T09:00:00Z'));
  conv.rival = await newConversation(rival.project.id, 'w-rival', new Date('2025-06-02T09:00:00Z'));
  await ask(t, conv.long, '2025-06-01T09:00:00Z', `Token ${LONG_WORD.toUpperCase()} pasted`);
  await ask(t, conv.tabs, '2025-06-02T09:00:00Z', 'Tabs\tand\nnew lines\r\nsplit words; commas,stay', 'stream');
  await ask(t, conv.tabs, '2025-06-02T09:01:00Z', 'Second question of w-tabs', 'deepsearch');
  await ask(t, conv.accents, '2025-06-03T09:00:00Z', 'Ação à VISTA: preço? 100%_off', 'search');
  await ask(t, conv.many, '2025-06-04T09:00:00Z', MANY_WORDS);
  await ask(rival, conv.rival, '2025-06-02T09:00:00Z', 'secretword of the rival');
});

describe('the question filter by words', () => {
  it('takes a term without the six ASCII whitespace characters, up to 200 characters', () => {
    expect(wordsCanMatch('refund?')).toBe(true);
    expect(wordsCanMatch('a')).toBe(true);
    expect(wordsCanMatch('x'.repeat(200))).toBe(true);
    expect(wordsCanMatch('x'.repeat(201))).toBe(false);
    for (const space of [' ', '\t', '\n', '\r', '\f', '\v']) expect(wordsCanMatch(`a${space}b`)).toBe(false);
    expect(wordsCanMatch('a\u00a0b')).toBe(true); // a no-break space is part of a word for both sides
  });

  it('agrees with the per-interaction path: long words across their pieces, punctuation, accents, short terms, types', async () => {
    const terms = [
      LONG_WORD.slice(0, 5),
      LONG_WORD.slice(190, 215),
      LONG_WORD.slice(395, 405),
      LONG_WORD.slice(590, 790),
      LONG_WORD.slice(800),
      'token',
      'pasted',
      'words;',
      'commas,stay',
      's,s',
      'and',
      'lines',
      'ação',
      'AÇÃO',
      'preço?',
      '100%_',
      '%',
      '_',
      'ç',
      'a',
      'w-tabs',
      'zqx1',
      'zqx2099',
      'secretword',
      'nothing-here',
    ];
    for (const question of terms) {
      await expectAgreement({ start: '2025-06-01', end: null, question });
      await expectAgreement({ start: '2025-06-01', end: null, question, interactionTypes: ['stream'] });
      await expectAgreement({ start: '2025-06-01', end: null, question, interactionTypes: ['search', 'deepsearch'] });
    }
  });

  it('finds a term anywhere in a long word and keeps the other organisation out', async () => {
    expect(await list({ question: LONG_WORD.slice(390, 590) })).toEqual({ names: ['w-long'], count: 1 });
    expect(await list({ question: 'secretword' })).toEqual({ names: [], count: 0 });
    expect(await list({ question: 'secretword' }, rival.userTokens.OWNER)).toEqual({ names: ['w-rival'], count: 1 });
    expect(await list({ question: 'question', interaction_types: 'deepsearch' })).toEqual({ names: ['w-tabs'], count: 1 });
    expect(await list({ question: 'question', interaction_types: 'stream' })).toEqual({ names: [], count: 0 });
  });
});

describe('the days that hold a page', () => {
  const days = [
    { day: '2025-06-05', n: 3 },
    { day: '2025-06-04', n: 1 },
    { day: '2025-06-02', n: 4 },
  ];
  it.each([
    [0, 2, { first: '2025-06-05', last: '2025-06-05', newer: 0 }],
    [0, 3, { first: '2025-06-05', last: '2025-06-05', newer: 0 }],
    [2, 2, { first: '2025-06-04', last: '2025-06-05', newer: 0 }],
    [3, 1, { first: '2025-06-04', last: '2025-06-04', newer: 3 }],
    [3, 2, { first: '2025-06-02', last: '2025-06-04', newer: 3 }],
    [4, 10, { first: '2025-06-02', last: '2025-06-02', newer: 4 }],
    [7, 5, { first: '2025-06-02', last: '2025-06-02', newer: 4 }],
    [8, 5, null],
  ])('offset %i, limit %i', (offset, limit, expected) => {
    expect(daysHolding(days, offset, limit)).toEqual(expected);
  });
});

describe.runIf(isPostgres())('the PostgreSQL word index', () => {
  it('a deep page read from the days that hold it equals the walked period, at every offset', async () => {
    const filter: ThreadFilter = { start: '2025-06-01', end: null, question: 'a' };
    const plan = (await questionIndex().planThreads(scope(), filter, 5000))!;
    expect(plan.days?.length).toBeGreaterThan(2);
    expect(await plan.count).toBe(plan.days!.reduce((sum, d) => sum + d.n, 0));
    const walked = { ...plan, count: Promise.resolve(1_000_000), days: null };
    const byDay = { ...plan, count: Promise.resolve(1_000_000) };
    for (let offset = 0; offset <= (await plan.count!) + 1; offset++) {
      for (const limit of [1, 2, 3]) {
        expect(await pageByWords(scope(), filter, byDay, limit, offset), `${offset}/${limit}`).toEqual(
          await pageByWords(scope(), filter, walked, limit, offset, 0),
        );
      }
    }
  });

  it('a page looked for among the newest threads while the count runs equals the sorted matches, whatever the slice', async () => {
    const projectScope = { organizationId: t.organization.id, projectId: t.project.id };
    const cases: [ReportScope, ThreadFilter][] = [
      [scope(), { start: '2025-06-01', end: null, question: 'a' }],
      [projectScope, { start: '2025-06-01', end: '2025-06-03', question: 'a' }],
      [scope(), { start: '2025-06-01', end: null, question: 'a', feedback: false }],
      [scope(), { start: '2025-06-01', end: null, question: 'a', interactionTypes: ['search', 'stream'] }],
    ];
    for (const [where, filter] of cases) {
      const plan = (await questionIndex().planThreads(where, filter, 0))!;
      const count = await plan.count!;
      expect(count).toBeGreaterThan(2);
      // The slice of 0 threads never holds a page: the count's way (sorted, as the count is small).
      const sorted = { ...plan, count: Promise.resolve(count) };
      for (const newest of [1, 2, 3, 5, 2000]) {
        for (let offset = 0; offset <= count + 1; offset++) {
          for (const limit of [1, 2, 3]) {
            const label = `${JSON.stringify(filter)} newest ${newest} ${offset}/${limit}`;
            expect(await pageByWords(where, filter, plan, limit, offset, newest), label).toEqual(await pageByWords(where, filter, sorted, limit, offset, 0));
          }
        }
      }
    }
  });

  it('is the planned path for a term without whitespace, with or without types', async () => {
    expect((await planQuestion(scope(), { start: '2025-06-01', end: null, question: 'Lines' })).byThread?.wordKeys).toHaveLength(4);
    expect((await planQuestion(scope(), { start: '2025-06-01', end: null, question: 'lines', interactionTypes: ['stream'] })).byThread?.wordKeys).toHaveLength(
      1,
    );
    expect((await planQuestion(scope(), { start: '2025-06-01', end: null, question: 'new lines' })).byThread?.wordKeys).toBeNull();
  });

  it('each organisation has its own vocabulary; a word repeated adds nothing and spends no id', async () => {
    const words = (organizationId: number) =>
      db().$queryRaw<{ word: string }[]>`SELECT word FROM question_words WHERE organization_id = ${organizationId} AND word LIKE 'secretword%'`;
    expect(await words(t.organization.id)).toEqual([]);
    expect(await words(rival.organization.id)).toEqual([{ word: 'secretword' }]);
    const [before] = await db().$queryRaw<{ last: number }[]>`SELECT last_value AS last FROM question_words_id_seq`;
    await ask(rival, conv.rival, '2025-06-02T09:05:00Z', 'SECRETWORD of the rival, again');
    const [after] = await db().$queryRaw<{ last: number }[]>`SELECT last_value AS last FROM question_words_id_seq`;
    expect(Number(after.last) - Number(before.last)).toBe(2); // "rival," and "again" only
  });

  it('a term in more than 2,000 words reads the thread text instead, with the same answer', async () => {
    const planned = await expectAgreement({ start: '2025-06-01', end: null, question: 'zqx' });
    expect(planned.byThread?.wordKeys).toBeNull();
    expect(await list({ question: 'zqx' })).toEqual({ names: ['w-many'], count: 1 });
    // With a type the text table cannot serve it: the per-interaction path answers.
    expect((await planQuestion(scope(), { start: '2025-06-01', end: null, question: 'zqx', interactionTypes: ['search'] })).byThread).toBeUndefined();
    expect(await list({ question: 'zqx', interaction_types: 'search' })).toEqual({ names: ['w-many'], count: 1 });
  });

  it('a thread without keys (an id past 2^29) sends its organisation another way, with the same answer', async () => {
    await db().$executeRaw`UPDATE thread_words SET words = NULL WHERE conversation_id = ${conv.accents}`;
    try {
      const planned = await expectAgreement({ start: '2025-06-01', end: null, question: 'preço' });
      expect(planned.byThread?.wordKeys).toBeNull();
      expect(await list({ question: 'preço' })).toEqual({ names: ['w-accents'], count: 1 });
      // Another organisation keeps the index.
      expect(
        (await planQuestion({ organizationId: rival.organization.id, projectId: null }, { start: '2025-06-01', end: null, question: 'rival' })).byThread
          ?.wordKeys,
      ).not.toBeNull();
    } finally {
      await db().$executeRaw`SELECT thread_words_refresh(${conv.accents})`;
    }
    expect((await planQuestion(scope(), { start: '2025-06-01', end: null, question: 'preço' })).byThread?.wordKeys).toHaveLength(4);
  });

  it('follows edits, type changes, deletions and a thread moved to another organisation', async () => {
    const row = await ask(t, conv.tabs, '2025-06-02T09:02:00Z', 'brandnewword here', 'search');
    expect(await list({ question: 'brandnewword' })).toEqual({ names: ['w-tabs'], count: 1 });
    await db().interaction.update({ where: { id: row.id }, data: { type: 'stream' } });
    expect(await list({ question: 'brandnewword', interaction_types: 'search' })).toEqual({ names: [], count: 0 });
    expect(await list({ question: 'brandnewword', interaction_types: 'stream' })).toEqual({ names: ['w-tabs'], count: 1 });
    await db().interaction.update({ where: { id: row.id }, data: { question: 'edited away' } });
    expect(await list({ question: 'brandnewword' })).toEqual({ names: [], count: 0 });
    expect(await list({ question: 'edited' })).toEqual({ names: ['w-tabs'], count: 1 });
    await db().interaction.delete({ where: { id: row.id } });
    expect(await list({ question: 'edited' })).toEqual({ names: [], count: 0 });

    const moved = await newConversation(t.project.id, 'w-moved', new Date('2025-06-05T09:00:00Z'));
    await ask(t, moved, '2025-06-05T09:00:00Z', 'movingword');
    await db().$executeRaw`UPDATE conversations SET organization_id = ${rival.organization.id}, project_id = ${rival.project.id} WHERE id = ${moved}`;
    await db()
      .$executeRaw`UPDATE interactions SET organization_id = ${rival.organization.id}, project_id = ${rival.project.id} WHERE conversation_id = ${moved}`;
    expect(await list({ question: 'movingword' })).toEqual({ names: [], count: 0 });
    expect(await list({ question: 'movingword' }, rival.userTokens.OWNER)).toEqual({ names: ['w-moved'], count: 1 });
  });
});
