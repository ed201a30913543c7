// GET /api/v1/threads: every filter alone and combined, paging edges, every
// Interaction field; evaluations and feedback arrive through POST /assessments.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as threads } from '@/app/api/v1/threads/route';
import { POST as assess } from '@/app/api/v1/assessments/route';
import { recordInteraction } from '@/lib/usage/record';
import type { InteractionType } from '@/lib/usage/credits';
import type { ThreadsPage } from '@/lib/reports/contracts';
import { call } from '../helpers/http';
import { newConversation, reportTenant, type ReportTenant } from './reports-fixture';

let t: ReportTenant;
const conv: Record<string, string> = {};
const ids: Record<string, string> = {};

async function ask(key: string, conversation: string, at: string, type: InteractionType, question: string, datamodel: 'Assistant' | 'Helper' | null) {
  const dm = datamodel ? t.datamodels[datamodel] : null;
  const row = await recordInteraction({
    conversationId: conversation,
    projectId: t.project.id,
    organizationId: t.organization.id,
    type,
    origin: 'api',
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
    body: { answers: { search: [], generational: { content: 'x', total_tokens: 1 } }, generativeAnswer: 'x', modelId: t.datamodels.Assistant.id, datasetId: t.datasets.Handbook.id, ...body },
  });

beforeAll(async () => {
  // No usage rows: only the four threads below exist in this tenant.
  t = await reportTenant('threads', []);
  conv.one = await newConversation(t.project.id, 'c-one', new Date('2025-03-01T10:00:00Z'));
  conv.two = await newConversation(t.project.id, 'c-two', new Date('2025-03-02T10:00:00Z'));
  conv.three = await newConversation(t.project.id, 'c-three', new Date('2025-03-03T10:00:00Z'));
  conv.four = await newConversation(t.project.id, 'c-four', new Date('2025-04-10T10:00:00Z'));
  // The fixture's empty usage conversation (2025-02-01) is a fifth thread with no interactions.
  await ask('i1', conv.one, '2025-03-01T10:00:00Z', 'search', 'How do I reset my PASSWORD?', 'Assistant');
  await ask('i2', conv.one, '2025-03-01T10:05:00Z', 'stream', 'And the e-mail?', 'Assistant');
  await ask('i3', conv.two, '2025-03-02T10:00:00Z', 'deepsearch', 'Billing cycle 100%_off', 'Helper');
  await ask('i4', conv.three, '2025-03-03T10:00:00Z', 'search', '=HYPERLINK("http://evil.test")', null);
  await ask('i5', conv.four, '2025-04-10T10:00:00Z', 'stream', 'password again', 'Helper');
  expect((await rate({ identifier: ids.i1, question: 'How do I reset my PASSWORD?', evaluation: 'positive', feedback: 'great' })).status).toBe(200);
  expect((await rate({ conversation: conv.two, question: 'Billing cycle 100%_off', evaluation: 'negative', extra: { negative_opinions: ['wrong', 'too long'] }, modelId: t.datamodels.Helper.id, datasetId: t.datasets.FAQ.id })).status).toBe(200);
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
    ['evaluation list', { evaluation: 'positive,neutral' }, ['c-four', 'c-one']],
    ['evaluation negative', { evaluation: 'negative' }, ['c-two']],
    ['feedback=true', { feedback: 'true' }, ['c-four', 'c-one']],
    ['feedback=false', { feedback: 'false' }, ['c-three', 'c-two', 'usage']],
    ['datamodel list', { datamodel: 'Helper' }, ['c-four', 'c-two']],
    ['datamodel two names', { datamodel: 'Helper,Assistant' }, ['c-four', 'c-two', 'c-one']],
    ['interaction_types', { interaction_types: 'stream' }, ['c-four', 'c-one']],
    ['interaction_types list', { interaction_types: 'deepsearch,search' }, ['c-three', 'c-two', 'c-one']],
    ['question + datamodel', { question: 'password', datamodel: 'Helper' }, ['c-four']],
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
    expect(two).toMatchObject({ conversation_id: conv.two, conversation_identifier: 'c-two', created_at: '2025-03-02T10:00:00.000Z', updated_at: '2025-03-02T10:00:00.000Z' });
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
        extra: { channel: 'widget' },
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
    [{ feedback: 'yes' }, 'feedback: feedback must be true or false'],
    [{ start_date: '2025-01-01' }, 'start_date must not be before 2025-02-01'],
    [{ end_date: '2025-3-1' }, 'end_date: end_date must be a date in YYYY-MM-DD format'],
    [{ page: '2' }, 'Unknown query parameter: page'],
    [{ limit: '0' }, 'limit: limit must be between 1 and 1000'],
    [{ offset: '-1' }, 'offset: offset must be a non-negative integer'],
  ])('%o → 400', async (query, detail) => {
    const res = await call(threads, 'GET', '/api/v1/threads', { token: t.userTokens.OWNER, query });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it('hostile filter text stays a parameter', async () => {
    const page = await list({ question: "x' OR 1=1 --", datamodel: "a') OR ('1'='1" });
    expect(page.count).toBe(0);
  });
});
