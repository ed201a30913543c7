// "Test connection": one small real call to a model's provider, answered as
// {ok, detail, latency_ms} whatever happens (the provider's failure is the
// result, not an error of this endpoint). An OpenAI-compatible provider is
// asked for a five-token chat completion with the model's own settings and
// key, through the same path (and SSRF guard) as real answers, with a short
// time limit and no retries. The extractive provider runs in the server.
import { AppError } from '../errors';
import type { ConnectionSettings } from './contract';
import { assertKeyEnvAllowed } from './model-policy';
import { findVisibleModel } from './models';
import { endpoint, fetcherFor, generationTimeoutMs, headers, providerMessage, type ModelConfig } from './openai';
import type { ConnectionTestResult } from './serializers';

const TEST_TIMEOUT_MS = 10_000;
/** A five-token reply is far smaller: anything longer is cut (a hostile server cannot fill memory). */
const MAX_ANSWER_BYTES = 64 * 1024;

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= maxBytes) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, maxBytes);
}

export function connectionTestTimeoutMs(): number {
  return Math.min(TEST_TIMEOUT_MS, generationTimeoutMs());
}

type Testable = ModelConfig & { provider: string };

export async function testConnection(model: Testable): Promise<ConnectionTestResult> {
  if (model.provider !== 'openai')
    return { ok: true, detail: 'The extractive provider runs inside this server: there is nothing to connect to.', latency_ms: 0 };
  if (model.apiKeyEnv && !process.env[model.apiKeyEnv]) {
    return { ok: false, detail: `The environment variable ${model.apiKeyEnv} is not set on the server, so there is no key to send.`, latency_ms: 0 };
  }
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const limitMs = connectionTestTimeoutMs();
  const body = JSON.stringify({
    model: model.providerModel ?? model.name,
    messages: [{ role: 'user', content: 'Reply with the single word OK.' }],
    max_tokens: 5,
    stream: false,
  });
  try {
    const send = fetcherFor(model) ?? fetch;
    const response = await send(endpoint(model), { method: 'POST', headers: headers(model), body, signal: AbortSignal.timeout(limitMs) });
    const text = await readCapped(response, MAX_ANSWER_BYTES);
    if (!response.ok) return { ok: false, detail: `The provider answered HTTP ${response.status}${providerMessage(text)}`, latency_ms: elapsed() };
    let content: unknown;
    try {
      content = (JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
    } catch {
      content = undefined;
    }
    if (typeof content !== 'string')
      return {
        ok: false,
        detail: 'The provider answered, but not in the chat-completions format (choices[0].message.content is missing).',
        latency_ms: elapsed(),
      };
    const reply = content.trim().replace(/\s+/g, ' ').slice(0, 80);
    return { ok: true, detail: `${model.providerModel ?? model.name} answered${reply ? `: “${reply}”` : ' (an empty reply)'}`, latency_ms: elapsed() };
  } catch (error) {
    return { ok: false, detail: failureDetail(error, limitMs), latency_ms: elapsed() };
  }
}

function failureDetail(error: unknown, limitMs: number): string {
  if (error instanceof AppError) return error.detail;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `The provider did not answer within ${limitMs / 1000} s.`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  return `Could not reach the provider: ${cause}`;
}

/** A saved model the project may use (the service's too: tested as the operator set it up). */
export async function testSavedModel(projectId: number, id: number): Promise<ConnectionTestResult> {
  return testConnection(await findVisibleModel(projectId, id));
}

/** Settings from the form, before saving: treated as the project's own (guarded). */
export async function testUnsavedSettings(projectId: number, settings: ConnectionSettings): Promise<ConnectionTestResult> {
  assertKeyEnvAllowed(settings.api_key_env);
  return testConnection({
    projectId,
    name: settings.provider_model ?? 'model',
    provider: settings.provider,
    baseUrl: settings.base_url ?? null,
    providerModel: settings.provider_model ?? null,
    apiKeyEnv: settings.api_key_env ?? null,
  });
}
