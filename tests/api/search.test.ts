// POST /searcher/v1/search and /deepsearch: the response field by field, the
// three ways to name what to search, errors, and the recorded interaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createPreset } from '@/lib/generation/catalog';
import { POST as search } from '@/app/searcher/v1/search/route';
import { POST as deepsearch } from '@/app/searcher/v1/deepsearch/route';
import { callerFromPrincipal } from '@/lib/search/service';
import { call } from '../helpers/http';
import { createDatamodelFor, createTenant, type Tenant } from '../helpers/tenant';
import { loadCorpus } from '../fixtures/search-corpus';

let t: Tenant;
const PATH = '/searcher/v1/search';
const ask = (body: unknown, token: string | null = t.apiKey) => call(search, 'POST', PATH, { token, body });

beforeAll(async () => {
  t = await createTenant('search');
  await loadCorpus(t, 'Python docs');
  await createDatamodelFor(t, 'Python docs', 'Python helper');
  await createPreset(t.project.id, { identifier: 'short', generativeModelName: 'extractive', parameters: { top_k: 2, min_score: 0 } });
});

describe('POST /searcher/v1/search', () => {
  it('answers with exactly the spec fields (plus identifier), with the right types', async () => {
    const { status, body, headers } = await ask({ question: 'How do I sort a list in descending order?', dataset: 'Python docs' });
    expect(headers.get('x-answer-kind')).toBe('extractive');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['conversation', 'generational', 'identifier', 'search']);
    expect(body.conversation).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(body.generational).sort()).toEqual(['content', 'total_tokens']);
    expect(typeof body.generational.content).toBe('string');
    expect(Number.isInteger(body.generational.total_tokens)).toBe(true);
    expect(body.generational.total_tokens).toBeGreaterThan(0);
    expect(body.search.length).toBeGreaterThan(0);
    for (const item of body.search) {
      expect(Object.keys(item).sort()).toEqual(['answer', 'content', 'context', 'date', 'score']);
      expect(Object.keys(item.content).sort()).toEqual(['created_at', 'media_image', 'media_video', 'name', 'source', 'subject', 'updated_at']);
      expect(typeof item.content.name).toBe('string');
      expect(typeof item.content.subject).toBe('string');
      expect(typeof item.content.source).toBe('string');
      expect(item.content.media_video).toBeNull();
      expect(item.content.media_image).toBeNull();
      expect(new Date(item.content.created_at).toISOString()).toBe(item.content.created_at);
      expect(new Date(item.content.updated_at).toISOString()).toBe(item.content.updated_at);
      expect(item.score).toBeGreaterThan(0);
      expect(item.score).toBeLessThanOrEqual(1);
      expect(typeof item.answer).toBe('string');
      expect(typeof item.context).toBe('string');
      expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect(body.search[0].content).toMatchObject({ name: 'Sorting lists', subject: 'Built-in types', source: 'https://docs.example.org/howto/sorting' });
    expect(body.search[0].context).toContain('reverse=True');
    // The embedded answer cites its passages; that it is extractive is said by a header, not in the text.
    expect(body.generational.content).toMatch(/\[1\]/);
    expect(body.generational.content).not.toMatch(/extractive/i);
  });

  it('records the interaction with every field, and total_tokens equals the recorded total', async () => {
    const { body } = await ask({ question: 'how to throw an error on purpose', model: 'Python helper' });
    const row = await db().interaction.findUniqueOrThrow({ where: { identifier: body.identifier }, include: { conversation: true } });
    const datamodel = await db().datamodel.findFirstOrThrow({ where: { projectId: t.project.id, name: 'Python helper' }, include: { preset: true } });
    expect(row).toMatchObject({
      conversationId: body.conversation,
      projectId: t.project.id,
      organizationId: t.organization.id,
      type: 'search',
      origin: 'api',
      question: 'how to throw an error on purpose',
      content: body.generational.content,
      datamodelId: datamodel.id,
      datamodelName: 'Python helper',
      datasetName: 'Python docs',
      generativeModelName: 'extractive',
      presetId: datamodel.presetId,
      presetName: datamodel.preset.identifier,
      totalTokens: body.generational.total_tokens,
      userEmail: t.users.OWNER.email,
      apiKeyId: expect.any(Number),
    });
    expect(row.promptTokens + row.completionTokens).toBe(row.totalTokens);
    expect(row.promptTokens).toBeGreaterThan(0);
    expect(row.totalTokensWithFee).toBe(row.totalTokens); // fee_search 1
    expect(row.templatePrompt).toBe(datamodel.preset.promptTemplate);
    expect(row.userPrompt).toContain('Question: how to throw an error on purpose');
    expect(row.userPrompt).toContain('[1] Handling exceptions');
    expect(JSON.parse(row.search).results[0]).toMatchObject({ content: 'Handling exceptions' });
    expect(row.conversation).toMatchObject({ projectId: t.project.id, origin: 'api' });
    const daily = await db().usageDaily.findFirstOrThrow({ where: { projectId: t.project.id, datamodelId: datamodel.id, interactionType: 'search' } });
    expect(daily.requests).toBeGreaterThanOrEqual(1);
  });

  it('records the end user named in the request for an API key', async () => {
    const { body } = await ask({ question: 'open a file', dataset: 'Python docs', user: { name: 'Ana End', email: 'ana@customer.test' } });
    const row = await db().interaction.findUniqueOrThrow({ where: { identifier: body.identifier } });
    expect(row).toMatchObject({ userName: 'Ana End', userEmail: 'ana@customer.test' });
  });

  it('a browser session records origin workspace and the signed-in person', () => {
    const caller = callerFromPrincipal(
      { mode: 'session', organizationId: 1, organizationName: 'o', projectId: 2, userId: 3, email: 'me@x.test', name: 'Me', role: 'EDITOR', apiKeyId: null },
      undefined,
      { name: 'Someone else', email: 'else@x.test' },
    );
    expect(caller).toEqual({ organizationId: 1, projectId: 2, origin: 'workspace', user: { name: 'Me', email: 'me@x.test' }, apiKeyId: null });
  });

  it('dataset with generational_presset uses that preset (its top_k)', async () => {
    const { status, body } = await ask({ question: 'sort a list', dataset: 'Python docs', generational_presset: 'short' });
    expect(status).toBe(200);
    expect(body.search).toHaveLength(2);
    const row = await db().interaction.findUniqueOrThrow({ where: { identifier: body.identifier } });
    expect(row.presetName).toBe('short');
    expect(row.datamodelId).toBeNull();
  });

  it('ignores history entirely', async () => {
    const question = { question: 'iterate over the lines of a file', dataset: 'Python docs' };
    const plain = await ask(question);
    const withHistory = await ask({
      ...question,
      history: [
        { question: 'How do I sort a list?', answer: 'Use sorted().' },
        { question: 'asyncio', answer: 'tasks' },
      ],
    });
    expect(withHistory.status).toBe(200);
    expect(withHistory.body.search).toEqual(plain.body.search);
    expect(withHistory.body.generational).toEqual(plain.body.generational);
    expect(withHistory.body.conversation).not.toBe(plain.body.conversation);
  });

  it.each([
    [{}, 'question'],
    [{ dataset: 'Python docs' }, 'question'],
    [{ question: '   ', dataset: 'Python docs' }, 'question must not be empty'],
    [{ question: 42, dataset: 'Python docs' }, 'question: question is required and must be a string'],
    [{ question: 'sort' }, 'Send either dataset or model'],
    [{ question: 'sort', dataset: 'Other docs', model: 'Python helper' }, 'Model "Python helper" searches dataset "Python docs", not "Other docs"'],
    [{ question: 'x'.repeat(4001), dataset: 'Python docs' }, 'at most 4000'],
  ])('400 for %j', async (body, detail) => {
    const res = await ask(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  it('with model, a matching dataset is accepted and generational_presset is ignored (the datamodel names both)', async () => {
    const plain = await ask({ question: 'sort a list', model: 'Python helper' });
    const withBoth = await ask({ question: 'sort a list', model: 'Python helper', dataset: 'Python docs', generational_presset: 'short' });
    expect(withBoth.status).toBe(200);
    expect(withBoth.body.search).toEqual(plain.body.search);
    const recorded = await db().interaction.findFirstOrThrow({ where: { identifier: withBoth.body.identifier } });
    const datamodel = await db().datamodel.findFirstOrThrow({ where: { projectId: t.project.id, name: 'Python helper' } });
    expect(recorded.datamodelId).toBe(datamodel.id);
    expect(recorded.presetId).toBe(datamodel.presetId);
  });

  it('special-token text in a question is ordinary text, not a 500', async () => {
    const { status, body } = await ask({ question: 'what is <|endoftext|> in python sorting', dataset: 'Python docs' });
    expect(status).toBe(200);
    expect(body.generational.total_tokens).toBeGreaterThan(0);
  });

  it('400 for a malformed JSON body', async () => {
    const res = await call(search, 'POST', PATH, { token: t.apiKey, rawBody: '{"question": ' });
    expect(res).toMatchObject({ status: 400, body: { detail: 'Malformed JSON body' } });
  });

  it.each([
    [{ question: 'sort', dataset: 'Nope' }, 'Dataset "Nope" not found'],
    [{ question: 'sort', model: 'Nope' }, 'Model "Nope" not found'],
    [{ question: 'sort', dataset: 'Python docs', generational_presset: 'nope' }, 'Generation preset "nope" not found'],
    [{ question: 'sort', dataset: 'Python docs', conversation: '00000000-0000-4000-8000-000000000000' }, 'Conversation not found'],
  ])('404 for %j', async (body, detail) => {
    const res = await ask(body);
    expect(res).toMatchObject({ status: 404, body: { detail } });
  });

  it('401 without a token, with an unknown token, and with a token of another kind', async () => {
    const body = { question: 'sort', dataset: 'Python docs' };
    expect((await ask(body, null)).status).toBe(401);
    expect((await ask(body, 'ks_key_notarealkey')).status).toBe(401);
    const res = await ask(body, t.projectToken);
    expect(res.status).toBe(401);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it("another organisation cannot search this one's dataset or model", async () => {
    const other = await createTenant('search-other');
    expect((await ask({ question: 'sort', dataset: 'Python docs' }, other.apiKey)).status).toBe(404);
    expect((await ask({ question: 'sort', model: 'Python helper' }, other.apiKey)).status).toBe(404);
  });
});

describe('POST /searcher/v1/deepsearch', () => {
  it('splits the question, covers each part, and records type deepsearch with its fee', async () => {
    const question = 'How do I sort a list in descending order, and how do I delete a key from a dictionary?';
    const { status, body } = await call(deepsearch, 'POST', '/searcher/v1/deepsearch', { token: t.apiKey, body: { question, model: 'Python helper' } });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['conversation', 'generational', 'identifier', 'search']);
    const names = body.search.map((s: { content: { name: string } }) => s.content.name);
    expect(names).toContain('Sorting lists');
    expect(names).toContain('Dictionaries');
    const row = await db().interaction.findUniqueOrThrow({ where: { identifier: body.identifier } });
    expect(row.type).toBe('deepsearch');
    expect(row.totalTokensWithFee).toBe(Math.ceil(row.totalTokens * 2)); // fee_deepsearch 2
    expect(JSON.parse(row.extra).sub_queries.length).toBeGreaterThan(1);
    expect(body.generational.content).toMatch(/\[\d\]/);
  });
});
