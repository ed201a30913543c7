// Streaming search (SSE) with the embedded provider and with an
// OpenAI-compatible provider served by a local HTTP server that speaks the
// real wire format; provider failures and time-outs become clear errors.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overrideConfig } from '@/lib/config';
import { db } from '@/lib/db/client';
import { createDatamodel, createPreset, upsertGenerativeModel } from '@/lib/generation/catalog';
import { POST as search } from '@/app/searcher/v1/search/route';
import { POST as stream } from '@/app/searcher/v1/search/stream/route';
import { call } from '../helpers/http';
import { createDatamodelFor, createTenant, type Tenant } from '../helpers/tenant';
import { loadCorpus } from '../fixtures/search-corpus';

type Seen = { url: string; authorization: string | undefined; body: Record<string, any> };
const seen: Seen[] = [];
let server: http.Server;
let base: string;
let t: Tenant;

const ANSWER = ['Pass ', 'reverse=True ', 'to sorted() [1].'];
const flaky = { count: 0 };
const hang = { started: 0, closed: 0 };
const USAGE = { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 };

function chunk(delta: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
      const mode = (req.url ?? '').split('/')[1];
      if (mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
      }
      if (mode === 'slow') return setTimeout(() => res.end('{}'), 3000).unref();
      // Two hiccups (a rate limit, then an overloaded server) before each answer.
      if (mode === 'flaky' && flaky.count++ % 3 < 2) {
        const status = flaky.count % 3 === 1 ? 429 : 503;
        res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '0' });
        return res.end(JSON.stringify({ error: { message: 'try again' } }));
      }
      if (mode === 'hang') {
        // Starts the answer, then waits; notes when the app closes the connection.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk({ role: 'assistant', content: 'Thinking' }));
        hang.started++;
        req.socket.on('close', () => hang.closed++);
        return;
      }
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk({ role: 'assistant', content: '' }));
        for (const piece of ANSWER) res.write(chunk({ content: piece }));
        if (mode === 'cut') return res.end();
        res.write(`data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [], usage: USAGE })}\n\n`);
        return res.end('data: [DONE]\n\n');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: mode === 'badcite' ? 'Pass reverse=True [1], as [7] says.' : ANSWER.join('') },
              finish_reason: 'stop',
            },
          ],
          ...(mode === 'nousage' ? {} : { usage: USAGE }),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  t = await createTenant('stream');
  await loadCorpus(t, 'Python docs');
  await createDatamodelFor(t, 'Python docs', 'Embedded');
  process.env.TEST_LLM_KEY = 'sk-test-123';
  for (const mode of ['ok', 'fail', 'slow', 'nousage', 'cut', 'flaky', 'hang', 'badcite']) {
    const name = `llm-${mode}-${t.tag}`;
    await upsertGenerativeModel({
      name,
      provider: 'openai',
      baseUrl: `${base}/${mode}/v1`,
      providerModel: 'tiny-model',
      apiKeyEnv: 'TEST_LLM_KEY',
      feeSearch: 1,
      feeStream: 1.5,
      feeDeepsearch: 3,
    });
    await createPreset(t.project.id, {
      identifier: `p-${mode}`,
      generativeModelName: name,
      parameters: { top_k: 3, min_score: 0, temperature: 0.2, max_tokens: 300 },
    });
    await createDatamodel(t.project.id, { name: `LLM ${mode}`, datasetName: 'Python docs', presetIdentifier: `p-${mode}` });
  }
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Splits an SSE body into its events. */
function events(text: string): { event: string; data: any }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) };
    });
}

const streamCall = (body: Record<string, unknown>) => call(stream, 'POST', '/searcher/v1/search/stream', { token: t.apiKey, body });

describe('POST /searcher/v1/search/stream', () => {
  it('sends search, then deltas, then done, and records a stream interaction (embedded provider)', async () => {
    const res = await streamCall({ question: 'sort a list in descending order', model: 'Embedded' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const list = events(res.body as string);
    expect(list[0].event).toBe('search');
    expect(list[0].data[0].content.name).toBe('Sorting lists');
    expect(list.at(-1)!.event).toBe('done');
    const deltas = list.slice(1, -1);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((e) => e.event === 'delta' && typeof e.data.content === 'string')).toBe(true);
    const done = list.at(-1)!.data;
    expect(Object.keys(done).sort()).toEqual(['answer_kind', 'content', 'conversation', 'identifier', 'total_tokens']);
    expect(done.answer_kind).toBe('extractive');
    expect(deltas.map((e) => e.data.content).join('')).toBe(done.content);
    const row = await db().interaction.findUniqueOrThrow({ where: { identifier: done.identifier } });
    expect(row).toMatchObject({ type: 'stream', conversationId: done.conversation, totalTokens: done.total_tokens, content: done.content, origin: 'api' });
  });

  it('a question with a typing mistake is told first what it was searched as', async () => {
    const list = events((await streamCall({ question: 'Sort a list in descendng order', model: 'Embedded' })).body as string);
    expect(list[0]).toEqual({ event: 'searched', data: { searched_for: 'Sort a list in descending order' } });
    expect(list[1].event).toBe('search');
    expect(list[1].data[0].content.name).toBe('Sorting lists');
    expect(list.at(-1)!.event).toBe('done');
  });

  it('errors before streaming are JSON with their status', async () => {
    const missing = await streamCall({ question: 'sort', model: 'Nope' });
    expect(missing).toMatchObject({ status: 404, body: { detail: 'Model "Nope" not found' } });
    const bad = await streamCall({ model: 'Embedded' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/json');
  });

  it('streams an OpenAI-compatible provider chunk by chunk, with its reported usage and fee', async () => {
    const res = await streamCall({ question: 'sort a list in descending order', model: 'LLM ok' });
    const list = events(res.body as string);
    expect(list.map((e) => e.event)).toEqual(['search', 'delta', 'delta', 'delta', 'done']);
    expect(list.slice(1, 4).map((e) => e.data.content)).toEqual(ANSWER);
    expect(list[4].data).toMatchObject({ total_tokens: 129, content: ANSWER.join('') });
    const row = await db().interaction.findUniqueOrThrow({ where: { identifier: list[4].data.identifier } });
    expect(row).toMatchObject({
      type: 'stream',
      promptTokens: 120,
      completionTokens: 9,
      totalTokens: 129,
      totalTokensWithFee: 194,
      generativeModelName: `llm-ok-${t.tag}`,
    });
    const request = seen.at(-1)!;
    expect(request.url).toBe('/ok/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test-123');
    expect(request.body).toMatchObject({ model: 'tiny-model', stream: true, stream_options: { include_usage: true }, temperature: 0.2, max_tokens: 300 });
    expect(request.body.messages.at(-1)).toMatchObject({ role: 'user' });
    expect(request.body.messages.at(-1).content).toContain('[1] Sorting lists');
    expect(row.userPrompt).toBe(request.body.messages.at(-1).content);
  });

  it('a client that goes away stops the provider call and nothing is recorded', async () => {
    const before = await db().interaction.count({ where: { projectId: t.project.id } });
    const closedBefore = hang.closed;
    const startedBefore = hang.started;
    // Called directly: the shared helper reads the whole body, and this one never ends.
    const request = new Request('http://localhost/searcher/v1/search/stream', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'how do I sort a list?', model: 'LLM hang' }),
    });
    const response = await stream(request, { params: Promise.resolve({}) });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: search');
    // The provider has begun answering when the client leaves.
    for (let i = 0; i < 100 && hang.started === startedBefore; i++) await new Promise((r) => setTimeout(r, 20));
    await reader.cancel();
    for (let i = 0; i < 100 && hang.closed === closedBefore; i++) await new Promise((r) => setTimeout(r, 20));
    expect(hang.closed).toBeGreaterThan(closedBefore);
    expect(await db().interaction.count({ where: { projectId: t.project.id } })).toBe(before);
  });

  it('a stream the provider cuts short ends with an error event and records nothing', async () => {
    const before = await db().interaction.count({ where: { projectId: t.project.id } });
    const list = events((await streamCall({ question: 'sort a list', model: 'LLM cut' })).body as string);
    expect(list[0].event).toBe('search');
    expect(list.at(-1)).toEqual({ event: 'error', data: { detail: expect.stringContaining('ended the stream before [DONE]') } });
    expect(await db().interaction.count({ where: { projectId: t.project.id } })).toBe(before);
  });
});

describe('OpenAI-compatible provider through POST /searcher/v1/search', () => {
  const ask = (model: string, extra: Record<string, unknown> = {}) =>
    call(search, 'POST', '/searcher/v1/search', { token: t.apiKey, body: { question: 'sort a list backwards', model, ...extra } });

  it('uses the JSON answer and its usage', async () => {
    const { status, body } = await ask('LLM ok');
    expect(status).toBe(200);
    expect(body.generational).toEqual({ content: ANSWER.join(''), total_tokens: 129 });
    expect(seen.at(-1)!.body.stream).toBeUndefined();
  });

  it('counts tokens with the tokenizer when the provider reports no usage', async () => {
    const { body } = await ask('LLM nousage');
    const row = await db().interaction.findUniqueOrThrow({ where: { identifier: body.identifier } });
    expect(row.completionTokens).toBeGreaterThan(3);
    expect(row.promptTokens).toBeGreaterThan(20);
    expect(body.generational.total_tokens).toBe(row.promptTokens + row.completionTokens);
  });

  it('sends the earlier turns of the thread as messages', async () => {
    const first = await ask('LLM ok');
    await ask('LLM ok', { question: 'and what about strings?', conversation: first.body.conversation });
    const messages = seen.at(-1)!.body.messages;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[0].content).toBe('sort a list backwards');
  });

  it('an HTTP error of the provider is 502 with its message; nothing is recorded', async () => {
    const before = await db().interaction.count({ where: { projectId: t.project.id } });
    const res = await ask('LLM fail');
    expect(res).toMatchObject({ status: 502, body: { detail: expect.stringContaining('answered HTTP 500: model overloaded') } });
    expect(await db().interaction.count({ where: { projectId: t.project.id } })).toBe(before);
  });

  it('a citation of a source the model was not given is removed', async () => {
    const res = await ask('LLM badcite');
    expect(res.body.generational.content).toBe('Pass reverse=True [1], as says.');
  });

  it('a rate limit or an overloaded provider is tried again: the user gets the answer', async () => {
    const before = flaky.count;
    const res = await ask('LLM flaky');
    expect(res.status).toBe(200);
    expect(res.body.generational.content).toBe(ANSWER.join(''));
    expect(flaky.count - before).toBe(3);
  });

  it('a provider that does not answer in time is 504', async () => {
    overrideConfig({ GENERATION_TIMEOUT_MS: '300' });
    try {
      const res = await ask('LLM slow');
      expect(res).toMatchObject({ status: 504, body: { detail: expect.stringContaining('did not answer within 300 ms') } });
    } finally {
      overrideConfig({ GENERATION_TIMEOUT_MS: undefined });
    }
  });

  it('an unreachable provider or a missing key is 502', async () => {
    delete process.env.TEST_LLM_KEY;
    try {
      expect(await ask('LLM ok')).toMatchObject({ status: 502, body: { detail: expect.stringContaining('set the environment variable TEST_LLM_KEY') } });
    } finally {
      process.env.TEST_LLM_KEY = 'sk-test-123';
    }
    await db().generativeModel.update({ where: { name: `llm-nousage-${t.tag}` }, data: { baseUrl: 'http://127.0.0.1:1/v1' } });
    expect(await ask('LLM nousage')).toMatchObject({ status: 502, body: { detail: expect.stringContaining('Could not reach the language model provider') } });
  });
});
