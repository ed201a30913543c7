// The OpenAI-compatible embeddings client against a loopback server that
// speaks the real wire format: batching, order by `index`, errors and
// time-outs mapped to 502/504; and the float32 storage format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedTexts } from '@/lib/embeddings/client';
import type { EmbeddingsConfig } from '@/lib/embeddings/config';
import { dot, fromBytes, normalise, toBytes } from '@/lib/embeddings/vectors';
import { ApiError } from '@/lib/http/errors';
import { DIMENSIONS, fakeEmbedding, startEmbeddingsServer, type EmbeddingsServer } from '../helpers/embeddings-server';

let server: EmbeddingsServer;
beforeAll(async () => {
  server = await startEmbeddingsServer();
});
afterAll(() => server.close());

const config = (extra: Partial<EmbeddingsConfig> = {}): EmbeddingsConfig => ({
  baseUrl: server.baseUrl,
  apiKey: 'sk-test',
  model: 'fake-embed',
  dimensions: null,
  timeoutMs: 2_000,
  batchSize: 2,
  minSimilarity: 0.3,
  scanLimit: 1_000,
  ...extra,
});

describe('embeddings client', () => {
  it('sends {model, input[]} in batches with the key, and returns vectors in input order', async () => {
    server.mode = 'ok';
    server.requests.length = 0;
    const texts = ['alpha one', 'beta two', 'gamma three', 'delta four', 'epsilon five'];
    const vectors = await embedTexts(config(), texts);
    expect(server.requests.map((r) => r.input)).toEqual([['alpha one', 'beta two'], ['gamma three', 'delta four'], ['epsilon five']]);
    expect(server.requests.every((r) => r.model === 'fake-embed' && r.authorization === 'Bearer sk-test')).toBe(true);
    // The server answers each batch in reverse: order comes from `index`.
    expect(vectors.map((v) => [...v])).toEqual(texts.map(fakeEmbedding));
    expect(vectors[0]).toHaveLength(DIMENSIONS);
  });

  it('maps an HTTP error to 502 with the provider message', async () => {
    server.mode = 'error';
    const error = await embedTexts(config(), ['x']).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('bad_gateway');
    expect(error.detail).toBe('The embeddings provider answered HTTP 500: model not loaded');
  });

  it('maps a time-out to 504 and an unreachable provider to 502', async () => {
    server.mode = 'slow';
    const slow = await embedTexts(config({ timeoutMs: 150 }), ['x']).catch((e) => e);
    expect([slow.code, slow.detail]).toEqual(['gateway_timeout', 'The embeddings provider did not answer within 150 ms']);
    const down = await embedTexts(config({ baseUrl: 'http://127.0.0.1:9/v1' }), ['x']).catch((e) => e);
    expect(down.code).toBe('bad_gateway');
    expect(down.detail).toMatch(/^Could not reach the embeddings provider at http:\/\/127\.0\.0\.1:9\/v1: /);
  });

  it('refuses vectors of the wrong dimension count', async () => {
    server.mode = 'ok';
    const error = await embedTexts(config({ dimensions: 768 }), ['x']).catch((e) => e);
    expect([error.code, error.detail]).toEqual(['bad_gateway', `The embeddings provider sent ${DIMENSIONS}-dimension vectors; EMBEDDINGS_DIMENSIONS is 768`]);
  });
});

describe('stored vectors', () => {
  it('round-trips through little-endian float32 bytes; unit vectors compare by dot product', () => {
    const v = normalise(Float32Array.from([3, 4, 0]));
    expect([...v]).toEqual([Math.fround(0.6), Math.fround(0.8), 0]);
    const bytes = toBytes(v);
    expect(bytes.byteLength).toBe(12);
    expect(new DataView(bytes.buffer).getFloat32(0, true)).toBeCloseTo(0.6, 6);
    expect([...fromBytes(bytes)]).toEqual([...v]);
    const unaligned = new Uint8Array(bytes.byteLength + 1);
    unaligned.set(bytes, 1);
    expect([...fromBytes(unaligned.subarray(1))]).toEqual([...v]);
    expect(dot(v, v)).toBeCloseTo(1, 6);
    expect(dot(v, normalise(Float32Array.from([-4, 3, 0])))).toBeCloseTo(0, 6);
    expect(dot(v, Float32Array.from([1, 0]))).toBe(0);
  });
});
