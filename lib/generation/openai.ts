// Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM,
// llama.cpp server): POST {baseUrl}/chat/completions, JSON or server-sent
// chunks ending with `data: [DONE]`. A 429 or 5xx is retried within the
// time limit; failures become 502, time-outs 504, each with a detail that
// says what the provider did. The caller's signal (the client went away)
// aborts the call.
import { appConfig } from '../config';
import type { GenerativeModel } from '../db/generated/sqlite/client';
import { AppError, badGateway, gatewayTimeout } from '../errors';
import { countTokens } from '../text/tokens';
import { fetchWithRetry } from '../providers/retrying-fetch';
import { guardedFetch, type FetchLike } from '../providers/guarded-fetch';
import { privateNetworkAllowed } from './model-policy';
import { withValidCitations } from './citations';
import type { GenerationInput, GenerationProvider, GenerationResult } from './provider';

/** `projectId`: set for a model a project made (its address passes the SSRF guard); null or absent for the operator's. */
export type ModelConfig = Pick<GenerativeModel, 'name' | 'baseUrl' | 'providerModel' | 'apiKeyEnv'> & { projectId?: number | null };
type Usage = { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };

const MAX_THREAD_TURNS = 4;

/** GENERATION_TIMEOUT_MS (lib/config/generation.ts). */
export const generationTimeoutMs = (): number => appConfig().generation.timeoutMs;

/**
 * How to reach the model's provider: the operator's own models (admin CLI)
 * are trusted as configured; a project's model goes through the import's
 * SSRF guard unless the operator opted in (GENERATION_ALLOW_PRIVATE_NETWORK).
 */
export function fetcherFor(model: ModelConfig): FetchLike | undefined {
  if (model.projectId === null || model.projectId === undefined || privateNetworkAllowed()) return undefined;
  return guardedFetch();
}

export function endpoint(model: ModelConfig): string {
  if (!model.baseUrl) throw badGateway(`Generative model "${model.name}" has no base URL configured`);
  return `${model.baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

export function headers(model: ModelConfig): Record<string, string> {
  const result: Record<string, string> = { 'content-type': 'application/json' };
  if (model.apiKeyEnv) {
    const key = process.env[model.apiKeyEnv];
    if (!key) throw badGateway(`The key of generative model "${model.name}" is missing: set the environment variable ${model.apiKeyEnv}`);
    result.authorization = `Bearer ${key}`;
  }
  return result;
}

function messages(input: GenerationInput) {
  const turns = input.thread.slice(-MAX_THREAD_TURNS).flatMap((t) => [
    { role: 'user', content: t.question },
    { role: 'assistant', content: t.answer },
  ]);
  return [...turns, { role: 'user', content: input.userPrompt }];
}

function requestBody(model: ModelConfig, input: GenerationInput, stream: boolean): string {
  return JSON.stringify({
    model: model.providerModel ?? model.name,
    messages: messages(input),
    ...(input.parameters.temperature !== undefined ? { temperature: input.parameters.temperature } : {}),
    ...(input.parameters.maxTokens !== undefined ? { max_tokens: input.parameters.maxTokens } : {}),
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  });
}

/** The call's time limit, and the caller's own signal (the client went away) when there is one. */
function callLimits(input: GenerationInput): { signal: AbortSignal; deadline: number } {
  const ms = generationTimeoutMs();
  const timeout = AbortSignal.timeout(ms);
  return { signal: input.signal ? AbortSignal.any([input.signal, timeout]) : timeout, deadline: Date.now() + ms };
}

async function post(model: ModelConfig, input: GenerationInput, stream: boolean, limits: { signal: AbortSignal; deadline: number }): Promise<Response> {
  let response: Response;
  try {
    // A 429 or 5xx is tried again within the time limit (lib/providers/retrying-fetch.ts).
    response = await fetchWithRetry(
      endpoint(model),
      { method: 'POST', headers: headers(model), body: requestBody(model, input, stream) },
      { ...limits, fetch: fetcherFor(model) },
    );
  } catch (error) {
    throw mapFetchError(model, error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw badGateway(`The language model provider of "${model.name}" answered HTTP ${response.status}${providerMessage(text)}`);
  }
  return response;
}

export function providerMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string' && message) return `: ${message.slice(0, 300)}`;
  } catch {
    // not JSON: show the start of the text
  }
  return text.trim() ? `: ${text.trim().slice(0, 300)}` : '';
}

export function mapFetchError(model: Pick<ModelConfig, 'name'>, error: unknown): Error {
  if (error instanceof AppError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return gatewayTimeout(`The language model provider of "${model.name}" did not answer within ${generationTimeoutMs()} ms`);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  return badGateway(`Could not reach the language model provider of "${model.name}": ${cause}`);
}

async function withUsage(input: GenerationInput, content: string, usage: Usage | undefined): Promise<GenerationResult> {
  const promptTokens =
    usage?.prompt_tokens ??
    (await countTokens(
      messages(input)
        .map((m) => m.content)
        .join('\n'),
    ));
  const completionTokens = usage?.completion_tokens ?? (await countTokens(content));
  return { content, promptTokens, completionTokens, totalTokens: usage?.total_tokens ?? promptTokens + completionTokens };
}

/** Reads server-sent events line by line, calling onData with each `data:` payload up to `[DONE]`; whether `[DONE]` came. */
async function readEvents(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<boolean> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return true;
      onData(data);
    }
  }
  return false;
}

export function openAiProvider(model: ModelConfig): GenerationProvider {
  return {
    kind: 'generated',
    async generate(input) {
      try {
        const response = await post(model, input, false, callLimits(input));
        const json = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[]; usage?: Usage } | null;
        const content = json?.choices?.[0]?.message?.content;
        if (typeof content !== 'string') throw badGateway(`The language model provider of "${model.name}" sent an answer without choices[0].message.content`);
        return withUsage(input, withValidCitations(content, input.passages.length), json?.usage);
      } catch (error) {
        throw mapFetchError(model, error);
      }
    },

    async stream(input, onDelta) {
      try {
        const response = await post(model, input, true, callLimits(input));
        if (!response.body) throw badGateway(`The language model provider of "${model.name}" sent an empty stream`);
        let content = '';
        let usage: Usage | undefined;
        const done = await readEvents(response.body, (data) => {
          let chunk: { choices?: { delta?: { content?: unknown } }[]; usage?: Usage | null; error?: { message?: string } };
          try {
            chunk = JSON.parse(data);
          } catch {
            throw badGateway(`The language model provider of "${model.name}" sent a malformed stream chunk`);
          }
          if (chunk.error) throw badGateway(`The language model provider of "${model.name}" failed: ${chunk.error.message ?? 'unknown error'}`);
          const piece = chunk.choices?.[0]?.delta?.content;
          if (typeof piece === 'string' && piece) {
            content += piece;
            onDelta(piece);
          }
          if (chunk.usage) usage = chunk.usage;
        });
        if (!done) throw badGateway(`The language model provider of "${model.name}" ended the stream before [DONE]`);
        // The deltas went out as the model wrote them; the stored and final answer (done.content) cites only real sources.
        return withUsage(input, withValidCitations(content, input.passages.length), usage);
      } catch (error) {
        throw mapFetchError(model, error);
      }
    },
  };
}
