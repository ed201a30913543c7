// "Test connection" and real answers through a project's own model, against
// a fake OpenAI-compatible provider on loopback (tests/helpers/chat-server.ts).
// A project's model passes the import's SSRF guard on every call: loopback
// is reachable here only because the tests set IMPORT_ALLOW_LOOPBACK=1, as
// the import tests do; the operator's models (admin CLI) are trusted.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { overrideConfig } from '@/lib/config';
import { db } from '@/lib/db/client';
import * as models from '@/app/searcher/v1/generative_models/route';
import * as savedTest from '@/app/searcher/v1/generative_models/[model_id]/connection_test/route';
import * as unsavedTest from '@/app/searcher/v1/generative_models/connection_test/route';
import * as presets from '@/app/searcher/v1/presets/route';
import * as datamodels from '@/app/searcher/v1/datamodels/route';
import { POST as search } from '@/app/searcher/v1/search/route';
import { POST as stream } from '@/app/searcher/v1/search/stream/route';
import { upsertGenerativeModel } from '@/lib/generation/catalog';
import { replacePassages } from '@/lib/knowledge/passages';
import { call } from '../helpers/http';
import { REPLY, startChatServer, type ChatServer } from '../helpers/chat-server';
import { asMember, withToken } from '../helpers/session-as';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';

vi.mock('@/lib/auth/session', async (original) => (await import('../helpers/session-as')).withSignedIn(await original()));

let server: ChatServer;
let a: Tenant;
let b: Tenant;
let datasetId: number;

beforeAll(async () => {
  server = await startChatServer({ key: 'sk-right' });
  a = await createTenant('conn-a');
  b = await createTenant('conn-b');
  const { dataset, content } = await createKnowledge(a, 'Handbook');
  datasetId = dataset.id;
  await db().$transaction((tx) =>
    replacePassages(tx, content, a.organization.id, [
      { heading: 'Refunds', text: 'Refunds are paid back to the original card within five working days.', tokenCount: 14 },
    ]),
  );
});

afterAll(() => server.close());
afterEach(() => {
  vi.unstubAllEnvs();
  overrideConfig();
});

async function makeModel(name: string, body: Record<string, unknown>): Promise<number> {
  const res = await call(models.POST, 'POST', '/x', { ...asMember(a, 'OWNER'), body: { name: `${name}-${a.tag}`, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const testSaved = (id: number, who = asMember(a, 'ADMIN')) => call(savedTest.POST, 'POST', '/x', { ...who, params: { model_id: String(id) } });
const openai = (mode: string, extra: Record<string, unknown> = {}) => ({
  provider: 'openai',
  base_url: `${server.origin}/${mode}/v1`,
  provider_model: 'tiny-model',
  ...extra,
});

describe('POST /searcher/v1/generative_models/{model_id}/connection_test', () => {
  it('makes one small call with the model and its key, and says how long it took', async () => {
    vi.stubEnv('TEST_CHAT_API_KEY', 'sk-right');
    const id = await makeModel('ok', openai('denied', { api_key_env: 'TEST_CHAT_API_KEY' }));
    const before = server.requests.length;
    const res = await testSaved(id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, detail: 'tiny-model answered: “OK”', latency_ms: expect.any(Number) });
    expect(server.requests.slice(before)).toEqual([
      { path: '/denied/v1/chat/completions', model: 'tiny-model', stream: false, authorization: 'Bearer sk-right' },
    ]);
  });

  it.each([
    ['fail', {}, 'The provider answered HTTP 500: model overloaded'],
    ['denied', { api_key_env: 'WRONG_API_KEY' }, 'The provider answered HTTP 401: Incorrect API key provided'],
  ])('reports what a failing provider said (%s)', async (mode, extra, detail) => {
    vi.stubEnv('WRONG_API_KEY', 'sk-wrong');
    const res = await testSaved(await makeModel(`fails-${mode}`, openai(mode, extra)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: false, detail, latency_ms: expect.any(Number) });
  });

  it('says when the key is not set, without calling the provider', async () => {
    const id = await makeModel('nokey', openai('ok', { api_key_env: 'MISSING_API_KEY' }));
    const before = server.requests.length;
    expect((await testSaved(id)).body).toEqual({
      ok: false,
      detail: 'The environment variable MISSING_API_KEY is not set on the server, so there is no key to send.',
      latency_ms: 0,
    });
    expect(server.requests.length).toBe(before);
  });

  it('gives up after a short time limit, and says when nothing listens', async () => {
    overrideConfig({ GENERATION_TIMEOUT_MS: '300' });
    const slow = await testSaved(await makeModel('slow', openai('slow')));
    expect(slow.body).toEqual({ ok: false, detail: 'The provider did not answer within 0.3 s.', latency_ms: expect.any(Number) });
    expect(slow.body.latency_ms).toBeGreaterThanOrEqual(250);
    const closed = await testSaved(await makeModel('closed', { provider: 'openai', base_url: 'http://127.0.0.1:9/v1' }));
    expect(closed.body.ok).toBe(false);
    expect(closed.body.detail).toMatch(/^Could not reach the provider: .*ECONNREFUSED/);
  });

  it('passes the SSRF guard: loopback is refused unless the deployment allows it', async () => {
    const id = await makeModel('guarded', openai('ok'));
    const port = new URL(server.origin).port;
    const byNameId = await makeModel('by-name', { provider: 'openai', base_url: `http://localhost:${port}/ok/v1` });
    overrideConfig({ IMPORT_ALLOW_LOOPBACK: '0' });
    const before = server.requests.length;
    expect((await testSaved(id)).body).toEqual({
      ok: false,
      detail: `Refused 127.0.0.1:${port}: 127.0.0.1 is a loopback address; a model made in the UI or API may only reach public addresses`,
      latency_ms: expect.any(Number),
    });
    expect((await testSaved(byNameId)).body.detail).toBe(`Refused port ${port}: only ports 80, 443, 8080, 8443 are allowed`);
    overrideConfig({ IMPORT_ALLOWED_PORTS: `80,443,${port}` });
    expect((await testSaved(byNameId)).body.detail).toMatch(
      new RegExp(`^Refused localhost:${port}: it resolves to (127\\.0\\.0\\.1|::1), which is a loopback address`),
    );
    expect(server.requests.length).toBe(before);
    // Saving a loopback address is refused too, now that it is not allowed.
    const save = await call(models.POST, 'POST', '/x', { ...asMember(a, 'OWNER'), body: { name: `lo-${a.tag}`, ...openai('ok') } });
    expect(save.body).toEqual({
      detail: 'base_url is refused: 127.0.0.1 is a loopback address; a model made in the UI or API may only reach public addresses',
    });
    // The operator may open the private network to the projects' models.
    overrideConfig({ GENERATION_ALLOW_PRIVATE_NETWORK: '1' });
    expect((await testSaved(id)).body).toMatchObject({ ok: true });
  });

  it("tests the service's own models as the operator set them up (not guarded)", async () => {
    overrideConfig({ IMPORT_ALLOW_LOOPBACK: '0' });
    const service = await upsertGenerativeModel({
      name: `service-${a.tag}`,
      provider: 'openai',
      baseUrl: `${server.origin}/ok/v1`,
      providerModel: 'tiny-model',
    });
    expect((await testSaved(service.id)).body).toMatchObject({ ok: true, detail: 'tiny-model answered: “OK”' });
    const extractive = await upsertGenerativeModel({ name: 'extractive', provider: 'extractive' });
    expect((await testSaved(extractive.id)).body).toEqual({
      ok: true,
      detail: 'The extractive provider runs inside this server: there is nothing to connect to.',
      latency_ms: 0,
    });
  });

  it('is for owners and admins of the project only', async () => {
    const id = await makeModel('roles', openai('ok'));
    for (const role of ['EDITOR', 'VIEWER'] as const) {
      expect((await testSaved(id, asMember(a, role))).body).toEqual({
        detail: `The ${role} role cannot change datamodels, presets or generative models; ask an owner or admin`,
      });
    }
    expect((await testSaved(id, asMember(b, 'OWNER'))).body).toEqual({ detail: `Generative model ${id} not found` });
    expect((await testSaved(id, withToken(a.apiKey))).status).toBe(200);
  });
});

describe('POST /searcher/v1/generative_models/connection_test (settings not saved yet)', () => {
  it('tries the settings, guarded like a project model, and stores nothing', async () => {
    const count = await db().generativeModel.count();
    const ok = await call(unsavedTest.POST, 'POST', '/x', { ...asMember(a, 'OWNER'), body: openai('ok') });
    expect(ok.body).toEqual({ ok: true, detail: 'tiny-model answered: “OK”', latency_ms: expect.any(Number) });
    overrideConfig({ IMPORT_ALLOW_LOOPBACK: '0' });
    expect((await call(unsavedTest.POST, 'POST', '/x', { ...asMember(a, 'OWNER'), body: openai('ok') })).body.detail).toMatch(/is a loopback address/);
    expect((await call(unsavedTest.POST, 'POST', '/x', { ...asMember(a, 'OWNER'), body: { provider: 'openai' } })).body).toEqual({
      detail: 'base_url: base_url is required for the openai provider',
    });
    expect((await call(unsavedTest.POST, 'POST', '/x', { ...asMember(a, 'EDITOR'), body: openai('ok') })).status).toBe(403);
    expect(await db().generativeModel.count()).toBe(count);
  });
});

describe('answers through a project model', () => {
  it('answers a search and a stream through the guarded path, and refuses when the guard says no', async () => {
    const modelId = await makeModel('answers', openai('ok', { fee_search: 2 }));
    const preset = await call(presets.POST, 'POST', '/x', { ...asMember(a, 'OWNER'), body: { identifier: 'llm', generative_model_id: modelId } });
    const dm = await call(datamodels.POST, 'POST', '/x', {
      ...asMember(a, 'OWNER'),
      body: { name: 'LLM bot', dataset_id: datasetId, preset_id: preset.body.id },
    });
    expect(dm.status).toBe(201);

    const answer = await call(search, 'POST', '/searcher/v1/search', { token: a.apiKey, body: { question: 'How long do refunds take?', model: 'LLM bot' } });
    expect(answer.status).toBe(200);
    expect(answer.body.generational.content).toBe(REPLY);
    const row = await db().interaction.findUniqueOrThrow({ where: { identifier: answer.body.identifier } });
    expect(row).toMatchObject({ generativeModelName: `answers-${a.tag}`, totalTokens: 48, totalTokensWithFee: 96 });

    const streamed = await call(stream, 'POST', '/searcher/v1/search/stream', {
      token: a.apiKey,
      body: { question: 'How long do refunds take?', model: 'LLM bot' },
    });
    expect(streamed.status).toBe(200);
    const done = (streamed.body as string).split('\n\n').find((block) => block.startsWith('event: done'))!;
    expect(JSON.parse(/^data: (.*)$/m.exec(done)![1]).content).toBe(REPLY);

    // A provider that never answers is given up at the time limit (the guarded request is aborted).
    const slowId = await makeModel('answers-slow', openai('slow'));
    overrideConfig({ GENERATION_TIMEOUT_MS: '300' });
    const slowPreset = await call(presets.POST, 'POST', '/x', { ...asMember(a, 'OWNER'), body: { identifier: 'llm-slow', generative_model_id: slowId } });
    await call(datamodels.POST, 'POST', '/x', { ...asMember(a, 'OWNER'), body: { name: 'Slow bot', dataset_id: datasetId, preset_id: slowPreset.body.id } });
    const late = await call(search, 'POST', '/searcher/v1/search', { token: a.apiKey, body: { question: 'How long do refunds take?', model: 'Slow bot' } });
    expect(late.status).toBe(504);
    expect(late.body).toEqual({ detail: `The language model provider of "answers-slow-${a.tag}" did not answer within 300 ms` });

    overrideConfig({ IMPORT_ALLOW_LOOPBACK: '0' });
    const refused = await call(search, 'POST', '/searcher/v1/search', { token: a.apiKey, body: { question: 'How long do refunds take?', model: 'LLM bot' } });
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toMatch(/^Refused 127\.0\.0\.1:\d+: 127\.0\.0\.1 is a loopback address/);
  });
});
