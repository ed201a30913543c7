// GET /api/v1/threads: every filter alone and combined, paging edges, every
// Interaction field; evaluations and feedback arrive through POST /assessments.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as threads } from '@/app/api/v1/threads/route';
import { POST as assess } from '@/app/api/v1/assessments/route';
import { recordInteraction } from '@/lib/usage/record';
import type { InteractionType } from '@/lib/usage/credits';
import type { ThreadsPage } from '@/lib/reports/contract';
import { countThreads, readThreads } from '@/lib/reports/threads/read';
import { db } from '@/lib/db/client';
import { call, expectError } from '../helpers/http';
import { recordTurn } from '../helpers/interactions';
import { pagingCases, REPORT_DATE_CASES } from '../helpers/query-cases';
import { newConversation, reportTenant, type ReportTenant } from './reports-fixture';

let t: ReportTenant;
const conv: Record<string, string> = {};
const ids: Record<string, string> = {};
/** Where each conversation was started; its interactions share it. */
const originOf = new Map<string, 'api' | 'workspace' | 'smartpage'>();

async function ask(key: string, conversation: string, at: string, type: InteractionType, question: string, datamodel: 'Assistant' | 'Helper' | null) {
  const dm = datamodel ? t.datamodels[datamodel] : null;
  const row = await recordInteraction({
    conversationId: conversation,
    projectId: t.project.id,
    organizationId: t.organization.id,
    type,
    origin: originOf.get(conversation) ?? 'api',
    question,
    content: `answer to ${question}`,
    datamodelId: dm?.id ?? null,
    datamodelName: datamodel ?? '',
    datasetName: datamodel === 'Helper' ? 'FAQ' : 'Handbook',
    generativeModelName: 'extractive',
    presetId: 7,
    presetName: 'Support',
    promptTokens: 12,
    completionTokens: 8,
    totalTokens: 20,
    totalTokensWithFee: 40,
    userName: 'Ana',
    userEmail: 'ana@x.test',
    apiKeyId: null,
    extra: { channel: 'widget' },
    search: { hits: 2 },
    userPrompt: 'the prompt',
    templatePrompt: 'template {question}',
    createdAt: new Date(at),
  });
  ids[key] = row.identifier;
  return row;
}

const rate = (body: Record<string, unknown>) =>
  call(assess, 'POST', '/api/v1/assessments', {
    token: t.apiKey,
    body: {
      answers: { search: [], generational: { content: 'x', total_tokens: 1 } },
      generativeAnswer: 'x',
      modelId: t.datamodels.Assistant.id,
      datasetId: t.datasets.Handbook.id,
      ...body,
    },
  });

beforeAll(async () => {
  // No usage rows: only the four threads below exist in this tenant.
  t = await reportTenant('threads', []);
  conv.one = await newConversation(t.project.id, 'c-one', new Date('2025-03-01T10:00:00Z'));
  conv.two = await newConversation(t.project.id, 'c-two', new Date('2025-03-02T10:00:00Z'), 'smartpage');
  conv.three = await newConversation(t.project.id, 'c-three', new Date('2025-03-03T10:00:00Z'), 'workspace');
  originOf.set(conv.two, 'smartpage');
  originOf.set(conv.three, 'workspace');
  conv.four = await newConversation(t.project.id, 'c-four', new Date('2025-04-10T10:00:00Z'));
  // The fixture's empty usage conversation (2025-02-01) is a fifth thread with no interactions.
  await ask('i1', conv.one, '2025-03-01T10:00:00Z', 'search', 'How do I reset my PASSWORD?', 'Assistant');
  await ask('i2', conv.one, '2025-03-01T10:05:00Z', 'stream', 'And the e-mail?', 'Assistant');
  await ask('i3', conv.two, '2025-03-02T10:00:00Z', 'deepsearch', 'Billing cycle 100%_off', 'Helper');
  await ask('i4', conv.three, '2025-03-03T10:00:00Z', 'search', '=HYPERLINK("http://evil.test")', null);
  await ask('i5', conv.four, '2025-04-10T10:00:00Z', 'stream', 'password again', 'Helper');
  expect((await rate({ identifier: ids.i1, question: 'How do I reset my PASSWORD?', evaluation: 'positive', feedback: 'great' })).status).toBe(200);
  expect(
    (
      await rate({
        conversation: conv.two,
        question: 'Billing cycle 100%_off',
        evaluation: 'negative',
        extra: { negative_opinions: ['wrong', 'too long'] },
        modelId: t.datamodels.Helper.id,
        datasetId: t.datasets.FAQ.id,
      })
    ).status,
  ).toBe(200);
  expect((await rate({ identifier: ids.i5, question: 'password again', evaluation: 'neutral', feedback: 'meh' })).status).toBe(200);
});

async function list(query: Record<string, string> = {}) {
  const res = await call<ThreadsPage>(threads, 'GET', '/api/v1/threads', { token: t.userTokens.OWNER, query });
  expect(res.status).toBe(200);
  return res.body;
}
const names = (page: ThreadsPage) => page.results.map((r) => r.conversation_identifier);

describe('GET /api/v1/threads filters', () => {
  it.each([
    ['no filter (newest first, from 2025-02-01)', {}, ['c-four', 'c-three', 'c-two', 'c-one', 'usage']],
    ['start_date', { start_date: '2025-03-02' }, ['c-four', 'c-three', 'c-two']],
    ['end_date (inclusive)', { end_date: '2025-03-02' }, ['c-two', 'c-one', 'usage']],
    ['question, case-insensitive', { question: 'password' }, ['c-four', 'c-one']],
    ['question with LIKE wildcards taken literally', { question: '100%_' }, ['c-two']],
    ['question % alone matches only a literal %', { question: '%' }, ['c-two']],
    ['question _ alone matches only a literal _', { question: '_' }, ['c-two']],
    ['question e_ (a wildcard would match "e-", "et"…)', { question: 'e_' }, []],
    ['question in capitals, indexed (3+ characters)', { question: 'RESET MY' }, ['c-one']],
    ['question of one character (no trigram), case-insensitive', { question: 'W' }, ['c-four', 'c-one']],
    ['question of two characters (no trigram), case-insensitive', { question: 'pA' }, ['c-four', 'c-one']],
    ['question with quotes and brackets', { question: 'hyperlink("http' }, ['c-three']],
    ['question that reads as index query syntax is text', { question: 'pass AND mail' }, []],
    ['question that reads as index query syntax is text (2)', { question: '"password" OR *' }, []],
    ['evaluation list', { evaluation: 'positive,neutral' }, ['c-four', 'c-one']],
    ['evaluation negative', { evaluation: 'negative' }, ['c-two']],
    ['feedback=true', { feedback: 'true' }, ['c-four', 'c-one']],
    ['feedback=false', { feedback: 'false' }, ['c-three', 'c-two', 'usage']],
    ['datamodel list', { datamodel: 'Helper' }, ['c-four', 'c-two']],
    ['datamodel two names', { datamodel: 'Helper,Assistant' }, ['c-four', 'c-two', 'c-one']],
    ['interaction_types', { interaction_types: 'stream' }, ['c-four', 'c-one']],
    ['interaction_types list', { interaction_types: 'deepsearch,search' }, ['c-three', 'c-two', 'c-one']],
    ['question + datamodel', { question: 'password', datamodel: 'Helper' }, ['c-four']],
    ['origin (an extension of the spec)', { origin: 'smartpage' }, ['c-two']],
    ['origin list', { origin: 'workspace,api' }, ['c-four', 'c-three', 'c-one', 'usage']],
    ['origin + question', { origin: 'api', question: 'password' }, ['c-four', 'c-one']],
    ['origin + evaluation', { origin: 'smartpage', evaluation: 'negative' }, ['c-two']],
    ['origin + question that no api thread asks', { origin: 'workspace', question: 'password' }, []],
    ['one interaction must match all: evaluation + type', { evaluation: 'positive', interaction_types: 'stream' }, []],
    ['feedback=false + type', { feedback: 'false', interaction_types: 'search' }, ['c-three']],
    ['dates + evaluation + feedback', { start_date: '2025-03-01', end_date: '2025-03-31', evaluation: 'positive,negative', feedback: 'true' }, ['c-one']],
  ])('%s', async (_, query, expected) => {
    const page = await list(query);
    expect(names(page)).toEqual(expected);
    expect(page.count).toBe(expected.length);
  });

  it('every Interaction field, evaluation/feedback/feedback_options from the assessments', async () => {
    const [two] = (await list({ evaluation: 'negative' })).results;
    expect(two).toMatchObject({
      conversation_id: conv.two,
      conversation_identifier: 'c-two',
      created_at: '2025-03-02T10:00:00.000Z',
      updated_at: '2025-03-02T10:00:00.000Z',
    });
    expect(two.interactions).toEqual([
      {
        identifier: ids.i3,
        type: 'deepsearch',
        interaction_type: 'Deep search',
        question: 'Billing cycle 100%_off',
        content: 'answer to Billing cycle 100%_off',
        datamodel: 'Helper',
        dataset: 'FAQ',
        generative_model: 'extractive',
        preset: 'Support',
        preset_id: 7,
        project_id: t.project.id,
        project_name: 'Main',
        total_tokens: 20,
        total_tokens_with_fee: 40,
        prompt_tokens: 12,
        completion_tokens: 8,
        evaluation: 'negative',
        feedback: null,
        feedback_options: ['wrong', 'too long'],
        user: { name: 'Ana', email: 'ana@x.test' },
        api_call_id: expect.any(Number),
        created_at: '2025-03-02T10:00:00.000Z',
        updated_at: expect.any(String),
        extra: { channel: 'widget', origin: 'smartpage' },
        search: { hits: 2 },
        user_prompt: 'the prompt',
        template_prompt: 'template {question}',
      },
    ]);
    const [, , , one] = (await list()).results;
    expect(one.interactions.map((i) => [i.question, i.evaluation, i.feedback, i.feedback_options])).toEqual([
      ['How do I reset my PASSWORD?', 'positive', 'great', null],
      ['And the e-mail?', null, null, null],
    ]);
  });
});

describe('GET /api/v1/threads paging', () => {
  it.each([
    ['first page', { limit: '2' }, ['c-four', 'c-three'], true, false],
    ['middle page', { limit: '2', offset: '2' }, ['c-two', 'c-one'], true, true],
    ['last page', { limit: '2', offset: '4' }, ['usage'], false, true],
    ['exactly the last item', { limit: '1', offset: '4' }, ['usage'], false, true],
    ['page ending on the last item', { limit: '5' }, ['c-four', 'c-three', 'c-two', 'c-one', 'usage'], false, false],
    ['past the end', { offset: '9' }, [], false, true],
  ])('%s', async (_, query, expected, next, previous) => {
    const page = await list(query);
    expect({ names: names(page), count: page.count, next: page.next, previous: page.previous }).toEqual({ names: expected, count: 5, next, previous });
  });

  it.each([
    [{ evaluation: 'great' }, 'evaluation: evaluation has unknown value great; allowed: positive, negative, neutral'],
    [{ interaction_types: 'chat' }, 'interaction_types: interaction_types has unknown value chat; allowed: search, stream, deepsearch'],
    [{ origin: 'email' }, 'origin: origin has unknown value email; allowed: workspace, smartpage, api'],
    [{ feedback: 'yes' }, 'feedback: feedback must be true or false'],
    [{ page: '2' }, 'Unknown query parameter: page'],
    [{ question: 'a\u0000b' }, 'Query parameter question contains a character that is not allowed (U+0000)'],
    [{ question: 'a\uFFFEb' }, 'Query parameter question contains a character that is not allowed (U+FFFE)'],
    ...REPORT_DATE_CASES,
    ...pagingCases(1000),
  ])('%o → 400', async (query, detail) => {
    expectError(await call(threads, 'GET', '/api/v1/threads', { token: t.userTokens.OWNER, query }), 400, detail);
  });

  it('start_date has no minimum here (the spec binds 2025-02-01 to credits and tokens only): an earlier start is accepted', async () => {
    expect((await list({ start_date: '2024-06-01' })).count).toBe(5);
    expect(names(await list({ start_date: '1970-01-01', question: 'password' }))).toEqual(['c-four', 'c-one']);
  });

  it('a far end date within the limits lists what it counts', async () => {
    const page = await list({ end_date: '2034-12-31', question: 'password' });
    expect({ names: names(page), count: page.count }).toEqual({ names: ['c-four', 'c-one'], count: 2 });
    expect((await list({ start_date: '2025-02-01', end_date: '2034-12-31' })).results).toHaveLength(5);
  });

  it('hostile filter text stays a parameter', async () => {
    const page = await list({ question: "x' OR 1=1 --", datamodel: "a') OR ('1'='1" });
    expect(page.count).toBe(0);
    for (const question of ["'); DROP TABLE interactions; --", '" OR 1=1 --', "%' OR '1'='1", 'NEAR("a" "b")'])
      expect((await list({ question })).count).toBe(0);
    expect((await list()).count).toBe(5);
  });
});

// The per-thread summary (conversations.type_flags, evaluation_flags,
// has_feedback) is kept by database triggers; these follow it through
// re-ratings and deletions, in a tenant of their own.
describe('GET /api/v1/threads: the thread summary follows every change', () => {
  let s: ReportTenant;
  const get = async (query: Record<string, string>) => {
    // From May: the fixture's own empty thread (2025-02-01) stays out.
    const res = await call<ThreadsPage>(threads, 'GET', '/api/v1/threads', { token: s.userTokens.OWNER, query: { start_date: '2025-05-01', ...query } });
    expect(res.status).toBe(200);
    return res.body.results.map((r) => r.conversation_identifier);
  };
  const rateIn = (body: Record<string, unknown>) =>
    call(assess, 'POST', '/api/v1/assessments', {
      token: s.apiKey,
      body: { answers: {}, generativeAnswer: 'x', modelId: 0, datasetId: s.datasets.Handbook.id, question: 'q one', ...body },
    });

  it('re-rating, clearing feedback and deleting an interaction update the filters', async () => {
    s = await reportTenant('threads-summary', []);
    const c = await newConversation(s.project.id, 's-one', new Date('2025-05-01T10:00:00Z'));
    const first = await recordTurn(s, { conversationId: c, type: 'search', question: 'q one', createdAt: new Date('2025-05-01T10:00:00Z') });
    const second = await recordTurn(s, { conversationId: c, type: 'deepsearch', question: 'q two', createdAt: new Date('2025-05-01T10:01:00Z') });
    expect(await get({ interaction_types: 'deepsearch' })).toEqual(['s-one']);
    expect(await get({ interaction_types: 'stream' })).toEqual([]);
    expect(await get({ evaluation: 'negative' })).toEqual([]);

    expect((await rateIn({ identifier: first.identifier, evaluation: 'negative', feedback: 'wrong' })).status).toBe(200);
    expect(await get({ evaluation: 'negative' })).toEqual(['s-one']);
    expect(await get({ feedback: 'true' })).toEqual(['s-one']);
    expect(await get({ feedback: 'false' })).toEqual([]);

    // The second rating replaces the first: no longer negative, no feedback.
    expect((await rateIn({ identifier: first.identifier, evaluation: 'positive' })).status).toBe(200);
    expect(await get({ evaluation: 'negative' })).toEqual([]);
    expect(await get({ evaluation: 'positive,neutral' })).toEqual(['s-one']);
    expect(await get({ feedback: 'true' })).toEqual([]);
    expect(await get({ feedback: 'false' })).toEqual(['s-one']);

    await db().interaction.delete({ where: { id: second.id } });
    expect(await get({ interaction_types: 'deepsearch' })).toEqual([]);
    expect(await get({ interaction_types: 'search' })).toEqual(['s-one']);
  });

  it('the question filter gives the same threads through the index and through a scan', async () => {
    const scope = { organizationId: t.organization.id, projectId: null };
    for (const question of ['password', 'PASSWORD', '100%_', 'the e-', 'zzz']) {
      const filter = { start: '2025-02-01', end: null, question };
      const viaIndex = await readThreads(scope, { ...filter, questionIndex: true }, 10, 0);
      const viaScan = await readThreads(scope, { ...filter, questionIndex: false }, 10, 0);
      expect(viaIndex.map((x) => x.conversation_identifier)).toEqual(viaScan.map((x) => x.conversation_identifier));
      expect(await countThreads(scope, { ...filter, questionIndex: true })).toBe(viaScan.length);
    }
    expect(
      (await readThreads(scope, { start: '2025-02-01', end: null, question: 'password', questionIndex: true }, 10, 0)).map((x) => x.conversation_identifier),
    ).toEqual(['c-four', 'c-one']);
  });
});
