// POST /api/v1/assessments: stored fields, linking to the rated interaction,
// replacement, validation, credentials and tenant isolation.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { POST as assess } from '@/app/api/v1/assessments/route';
import { call } from '../helpers/http';
import { recordTurn } from '../helpers/interactions';
import { newConversation, reportTenant, type ReportTenant } from './reports-fixture';

let a: ReportTenant;
let b: ReportTenant;

async function interaction(t: ReportTenant, conversation: string, question: string, at: string) {
  return recordTurn(t, { conversationId: conversation, question, content: 'x', createdAt: new Date(at) });
}

const body = (t: ReportTenant, extra: Record<string, unknown> = {}) => ({
  question: 'What is the refund policy?',
  answers: { search: [{ score: 1 }], generational: { content: 'Thirty days.', total_tokens: 12 } },
  generativeAnswer: 'Thirty days.',
  modelId: t.datamodels.Assistant.id,
  datasetId: t.datasets.Handbook.id,
  evaluation: 'positive',
  ...extra,
});

const post = (token: string | null, payload: unknown) => call(assess, 'POST', '/api/v1/assessments', { token, body: payload });

beforeAll(async () => {
  a = await reportTenant('assess-a', []);
  b = await reportTenant('assess-b', []);
});

describe('POST /api/v1/assessments', () => {
  it('stores every field and answers {id}; without a link it touches no interaction', async () => {
    const res = await post(a.apiKey, body(a, { feedback: 'clear', extra: { negative_opinions: [], page: 'faq' } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const row = await db().assessment.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      projectId: a.project.id,
      interactionId: null,
      question: 'What is the refund policy?',
      generativeAnswer: 'Thirty days.',
      modelId: a.datamodels.Assistant.id,
      datasetId: a.datasets.Handbook.id,
      evaluation: 'positive',
      feedback: 'clear',
    });
    expect(JSON.parse(row.answers)).toEqual(body(a).answers);
    expect(JSON.parse(row.extra)).toEqual({ negative_opinions: [], page: 'faq' });
  });

  it('links by identifier; a second rating replaces the first (same id, feedback cleared)', async () => {
    const conv = await newConversation(a.project.id, 'rate-1', new Date('2025-05-01T00:00:00Z'));
    const target = await interaction(a, conv, 'What is the refund policy?', '2025-05-01T00:00:00Z');
    const first = await post(
      a.apiKey,
      body(a, { identifier: target.identifier, evaluation: 'negative', feedback: 'too vague', extra: { negative_opinions: ['vague'] } }),
    );
    expect(first.status).toBe(200);
    let row = await db().interaction.findUniqueOrThrow({ where: { id: target.id } });
    expect(row).toMatchObject({ evaluation: 'negative', feedback: 'too vague', feedbackOptions: '["vague"]' });
    const second = await post(a.userTokens.VIEWER, body(a, { identifier: target.identifier, evaluation: 'positive' }));
    expect(second.body).toEqual({ id: first.body.id });
    row = await db().interaction.findUniqueOrThrow({ where: { id: target.id } });
    expect(row).toMatchObject({ evaluation: 'positive', feedback: null, feedbackOptions: null });
    expect(await db().assessment.count({ where: { interactionId: target.id } })).toBe(1);
  });

  it('links by conversation + question to the latest matching interaction of that conversation', async () => {
    const conv = await newConversation(a.project.id, 'rate-2', new Date('2025-05-02T00:00:00Z'));
    const older = await interaction(a, conv, 'Same question', '2025-05-02T00:00:00Z');
    const latest = await interaction(a, conv, 'Same question', '2025-05-02T00:01:00Z');
    const other = await interaction(a, conv, 'Other question', '2025-05-02T00:02:00Z');
    const res = await post(a.userTokens.OWNER, body(a, { conversation: conv, question: 'Same question', evaluation: 'neutral' }));
    expect(res.status).toBe(200);
    expect((await db().assessment.findUniqueOrThrow({ where: { id: res.body.id } })).interactionId).toBe(latest.id);
    const rows = await db().interaction.findMany({ where: { id: { in: [older.id, latest.id, other.id] } }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.evaluation)).toEqual([null, 'neutral', null]);
  });

  it('a client that sends only the spec fields is linked through the search response it echoes in answers', async () => {
    const conv = await newConversation(a.project.id, 'rate-echo', new Date());
    const target = await recordTurn(a, {
      conversationId: conv,
      question: 'Echoed question',
      content: 'Echoed answer.',
      datasetId: a.datasets.Handbook.id,
      datamodelId: a.datamodels.Assistant.id,
    });
    const answers = { conversation: conv, search: [], generational: { content: 'Echoed answer.', total_tokens: 2 }, identifier: target.identifier };
    const byIdentifier = await post(
      a.apiKey,
      body(a, { question: 'Echoed question', answers, evaluation: 'negative', extra: { negative_opinions: ['wrong'] } }),
    );
    expect(byIdentifier.status).toBe(200);
    expect((await db().assessment.findUniqueOrThrow({ where: { id: byIdentifier.body.id } })).interactionId).toBe(target.id);
    const { identifier: _dropped, ...withoutIdentifier } = answers;
    const byConversation = await post(a.apiKey, body(a, { question: 'Echoed question', answers: withoutIdentifier, evaluation: 'positive' }));
    expect(byConversation.body).toEqual({ id: byIdentifier.body.id });
    expect(await db().interaction.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ evaluation: 'positive', feedbackOptions: null });
  });

  it('a bare rating links to the newest recent interaction with the same question, dataset, datamodel and answer of its own project only', async () => {
    const mine = await newConversation(a.project.id, 'rate-bare', new Date());
    const theirs = await newConversation(b.project.id, 'rate-bare-b', new Date());
    const same = { question: 'Bare question', content: 'Bare answer.' };
    const target = await recordTurn(a, { ...same, conversationId: mine, datasetId: a.datasets.Handbook.id, datamodelId: a.datamodels.Assistant.id });
    const foreign = await recordTurn(b, { ...same, conversationId: theirs, datasetId: b.datasets.Handbook.id, datamodelId: b.datamodels.Assistant.id });
    const res = await post(
      a.apiKey,
      body(a, {
        question: 'Bare question',
        generativeAnswer: 'Bare answer.',
        answers: { search: [], generational: { content: 'Bare answer.', total_tokens: 2 } },
        evaluation: 'neutral',
      }),
    );
    expect((await db().assessment.findUniqueOrThrow({ where: { id: res.body.id } })).interactionId).toBe(target.id);
    expect((await db().interaction.findUniqueOrThrow({ where: { id: foreign.id } })).evaluation).toBeNull();
    const otherAnswer = await post(a.apiKey, body(a, { question: 'Bare question', generativeAnswer: 'Something else.', evaluation: 'negative' }));
    expect((await db().assessment.findUniqueOrThrow({ where: { id: otherAnswer.body.id } })).interactionId).toBeNull();
  });

  it("an echoed identifier of another organisation's interaction links nothing", async () => {
    const conv = await newConversation(b.project.id, 'b-echo', new Date());
    const theirs = await interaction(b, conv, 'What is the refund policy?', new Date().toISOString());
    const res = await post(a.apiKey, body(a, { answers: { conversation: conv, identifier: theirs.identifier, search: [], generational: {} } }));
    expect(res.status).toBe(200);
    expect((await db().assessment.findUniqueOrThrow({ where: { id: res.body.id } })).interactionId).toBeNull();
    expect((await db().interaction.findUniqueOrThrow({ where: { id: theirs.id } })).evaluation).toBeNull();
  });

  it('modelId 0 means no datamodel (a dataset + preset search)', async () => {
    const res = await post(a.apiKey, body(a, { modelId: 0 }));
    expect(res.status).toBe(200);
  });

  it.each([
    [{ evaluation: 'great' }, 'evaluation: evaluation must be one of positive, negative, neutral'],
    [{ evaluation: undefined }, 'evaluation: evaluation must be one of positive, negative, neutral'],
    [{ modelId: '5' }, 'modelId: modelId is required and must be an integer'],
    [{ modelId: 1.5 }, 'modelId: modelId must be an integer'],
    [{ datasetId: 0 }, 'datasetId: datasetId must be a positive integer'],
    [{ question: undefined }, 'question: question is required and must be a string'],
    [{ answers: 'text' }, 'answers: answers must be an object'],
    [{ generativeAnswer: 3 }, 'generativeAnswer: generativeAnswer is required and must be a string'],
    [{ extra: { negative_opinions: 'bad' } }, 'extra.negative_opinions: extra.negative_opinions must be an array of strings'],
    [{ identifier: 'not-a-uuid' }, 'identifier: identifier must be a UUID'],
  ])('%o → 400', async (change, detail) => {
    const res = await post(a.apiKey, body(a, change));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it('a malformed body is a 400', async () => {
    const res = await call(assess, 'POST', '/api/v1/assessments', { token: a.apiKey, rawBody: '{"question":' });
    expect(res).toMatchObject({ status: 400, body: { detail: 'Malformed JSON body' } });
  });

  it('project tokens and missing tokens are refused', async () => {
    expect((await post(a.projectToken, body(a))).status).toBe(401);
    expect((await post(null, body(a))).status).toBe(401);
  });
});

describe('assessments never reach another tenant', () => {
  it('a dataset or datamodel of another organisation is a 404', async () => {
    expect(await post(a.apiKey, body(a, { datasetId: b.datasets.Handbook.id }))).toMatchObject({
      status: 404,
      body: { detail: `Dataset ${b.datasets.Handbook.id} not found` },
    });
    expect(await post(a.apiKey, body(a, { modelId: b.datamodels.Assistant.id }))).toMatchObject({
      status: 404,
      body: { detail: `Datamodel ${b.datamodels.Assistant.id} not found` },
    });
    expect((await post(a.userTokens.OWNER, body(a, { datasetId: b.datasets.Handbook.id }))).status).toBe(404);
  });

  it("another organisation's interaction is neither linked by identifier nor by conversation", async () => {
    const conv = await newConversation(b.project.id, 'b-thread', new Date('2025-05-03T00:00:00Z'));
    const theirs = await interaction(b, conv, 'What is the refund policy?', '2025-05-03T00:00:00Z');
    const byId = await post(a.apiKey, body(a, { identifier: theirs.identifier, evaluation: 'negative' }));
    expect(byId).toMatchObject({ status: 404, body: { detail: `Interaction ${theirs.identifier} not found` } });
    const byConversation = await post(a.apiKey, body(a, { conversation: conv, evaluation: 'negative' }));
    expect(byConversation.status).toBe(200);
    expect((await db().assessment.findUniqueOrThrow({ where: { id: byConversation.body.id } })).interactionId).toBeNull();
    expect((await db().interaction.findUniqueOrThrow({ where: { id: theirs.id } })).evaluation).toBeNull();
  });
});
