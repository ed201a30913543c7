// An OpenAI-compatible embeddings endpoint (OpenAI, Ollama, vLLM, llama.cpp
// server): POST {baseUrl}/embeddings with {model, input: string[]}, answered
// with {data: [{embedding, index}], usage}. The base URL includes the API
// version, as for chat models (http://127.0.0.1:11434/v1). Failures become
// 502, time-outs 504 (lib/http/errors), each saying what the provider did.
import { AppError, badGateway, gatewayTimeout } from '../errors';
import type { EmbeddingsConfig } from './config';
import { fetchWithRetry } from '../providers/retrying-fetch';

type Wire = { data?: { embedding?: unknown; index?: unknown }[] };

function describe(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (typeof message === 'string' && message) return `: ${message.slice(0, 300)}`;
  } catch {
    // not JSON: show the start of the text
  }
  return text.trim() ? `: ${text.trim().slice(0, 300)}` : '';
}

function mapError(config: EmbeddingsConfig, error: unknown): Error {
  if (error instanceof AppError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return gatewayTimeout(`The embeddings provider did not answer within ${config.timeoutMs} ms`);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  return badGateway(`Could not reach the embeddings provider at ${config.baseUrl}: ${cause}`);
}

/** Checks the answer item by item: a vector per input, same length, finite numbers. */
function vectorsOf(config: EmbeddingsConfig, json: Wire | null, count: number): Float32Array[] {
  const data = json?.data;
  if (!Array.isArray(data) || data.length !== count) {
    throw badGateway(`The embeddings provider sent ${Array.isArray(data) ? data.length : 'no'} vectors for ${count} inputs`);
  }
  const out: Float32Array[] = new Array(count);
  data.forEach((item, position) => {
    const index = typeof item.index === 'number' ? item.index : position;
    const values = item.embedding;
    if (!Array.isArray(values) || !values.length || index < 0 || index >= count || out[index]) {
      throw badGateway('The embeddings provider sent a malformed answer (data[].embedding must be a list of numbers, one per input)');
    }
    const vector = Float32Array.from(values as number[]);
    if (vector.some((v) => !Number.isFinite(v))) throw badGateway('The embeddings provider sent a vector with non-numeric values');
    out[index] = vector;
  });
  const dims = out[0].length;
  if (out.some((v) => v.length !== dims)) throw badGateway('The embeddings provider sent vectors of different lengths');
  if (config.dimensions && dims !== config.dimensions) {
    throw badGateway(`The embeddings provider sent ${dims}-dimension vectors; EMBEDDINGS_DIMENSIONS is ${config.dimensions}`);
  }
  return out;
}

async function embedBatch(config: EmbeddingsConfig, input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const body = JSON.stringify({ model: config.model, input, ...(config.dimensions ? { dimensions: config.dimensions } : {}) });
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const limits = { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, deadline: Date.now() + config.timeoutMs };
  try {
    // A 429 or 5xx is tried again within the time limit.
    const response = await fetchWithRetry(`${config.baseUrl}/embeddings`, { method: 'POST', headers, body }, limits);
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw badGateway(`The embeddings provider answered HTTP ${response.status}${describe(text)}`);
    }
    const json = (await response.json().catch(() => null)) as Wire | null;
    return vectorsOf(config, json, input.length);
  } catch (error) {
    throw mapError(config, error);
  }
}

/** Embeds texts in batches of EMBEDDINGS_BATCH_SIZE, one request at a time; vectors in input order. */
export async function embedTexts(config: EmbeddingsConfig, texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += config.batchSize) {
    // Empty strings are refused by some providers: a space embeds the same "nothing".
    const batch = texts.slice(start, start + config.batchSize).map((t) => (t.trim() ? t : ' '));
    vectors.push(...(await embedBatch(config, batch, signal)));
  }
  return vectors;
}
