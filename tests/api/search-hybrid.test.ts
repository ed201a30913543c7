// Hybrid retrieval with an embeddings provider (a loopback server speaking
// the OpenAI wire format, tests/helpers/embeddings-server.ts): a paraphrase
// sharing no word with its passage is found only through vectors; a
// provider that fails at query time leaves a lexical answer; vector hits
// never leave the caller's dataset; an import embeds its passages.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { overrideConfig } from '@/lib/config';
import { db, isPostgres } from '@/lib/db/client';
import { replacePassages } from '@/lib/knowledge/passages';
import { backfillVectors } from '@/lib/embeddings/store';
import { retrieve } from '@/lib/search/retrieve';
import { detectVectorIndex, nearestPassages, resetVectorIndex, scanNearest } from '@/lib/search/vector-index';
import { drainUploads } from '@/lib/ingest/worker';
import { normalise } from '@/lib/embeddings/vectors';
import { POST as search } from '@/app/searcher/v1/search/route';
import * as upload from '@/app/searcher/v1/upload/route';
import { call } from '../helpers/http';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import { fakeEmbedding, startEmbeddingsServer, type EmbeddingsServer } from '../helpers/embeddings-server';
import { startFileServer, type FileServer } from '../helpers/file-server';
import { loadCorpus } from '../fixtures/search-corpus';

const GARDEN = [
  { heading: 'Watering tomatoes', text: 'Tomato plants need deep watering twice a week; shallow sprinkling leaves roots weak.' },
  { heading: 'Pruning roses', text: 'Cut rose stems above an outward facing bud in late winter.' },
  { heading: 'Baking bread', text: 'Knead the dough for ten minutes and let it rise somewhere warm.' },
  { heading: 'Composting', text: 'Mix green kitchen scraps with brown material and turn the heap monthly.' },
];
// No word of this question is in any passage (nor a paraphrase the lexical side knows).
const PARAPHRASE = 'how often should I irrigate my vegetable seedlings';

let provider: EmbeddingsServer;
let files: FileServer;
let mine: Tenant;
let other: Tenant;
let datasetId: number;
let otherDatasetId: number;
const options = { topK: 5, minScore: 0 };

function useProvider(baseUrl: string | null) {
  if (baseUrl) {
    overrideConfig({ EMBEDDINGS_BASE_URL: baseUrl, EMBEDDINGS_MODEL: 'fake-embed', EMBEDDINGS_TIMEOUT_MS: '2000' });
  } else {
    overrideConfig({ EMBEDDINGS_BASE_URL: undefined, EMBEDDINGS_MODEL: undefined });
  }
}

async function gardenDataset(tenant: Tenant, name: string, passages: { heading: string; text: string }[]) {
  const { dataset, content } = await createKnowledge(tenant, name);
  await db().content.update({ where: { id: content.id }, data: { name: 'Garden notes' } });
  await db().$transaction((tx) =>
    replacePassages(
      tx,
      { id: content.id, datasetId: dataset.id, tokenCount: 0 },
      tenant.organization.id,
      passages.map((p) => ({ ...p, tokenCount: 20 })),
    ),
  );
  return dataset.id;
}

beforeAll(async () => {
  provider = await startEmbeddingsServer();
  files = await startFileServer();
  mine = await createTenant('hybrid');
  other = await createTenant('hybrid-other');
  datasetId = await gardenDataset(mine, 'Garden', GARDEN);
  // Another organisation holds an even closer passage to the paraphrase.
  otherDatasetId = await gardenDataset(other, 'Garden', [{ heading: 'Irrigating vegetable seedlings', text: 'Irrigate vegetable seedlings often.' }]);
  useProvider(provider.baseUrl);
  expect(await backfillVectors(datasetId)).toBe(GARDEN.length);
  expect(await backfillVectors(otherDatasetId)).toBe(1);
  expect(await backfillVectors(datasetId)).toBe(0);
});

afterEach(() => {
  provider.mode = 'ok';
  useProvider(provider.baseUrl);
});

afterAll(async () => {
  useProvider(null);
  await provider.close();
  await files.close();
});

describe('hybrid retrieval', () => {
  it('detects how vectors are compared: sqlite-vec on SQLite, JavaScript on PostgreSQL (no pgvector here)', async () => {
    resetVectorIndex();
    const info = await detectVectorIndex();
    expect(info.kind).toBe(isPostgres() ? 'javascript' : 'sqlite-vec');
  });

  it('the accelerated search and the JavaScript scan agree', async () => {
    const q = {
      datasetId,
      model: 'fake-embed',
      vector: normalise(Float32Array.from(fakeEmbedding('tomato roses dough'))),
      limit: 3,
      minSimilarity: -1,
      scanLimit: 1_000,
    };
    const fast = await nearestPassages(q);
    const scan = await scanNearest(q);
    expect(fast.map((h) => h.passageId)).toEqual(scan.map((h) => h.passageId));
    fast.forEach((h, i) => expect(h.similarity).toBeCloseTo(scan[i].similarity, 5));
    expect(fast).toHaveLength(3);
  });

  it('finds a paraphrase that shares no word with the passage only through vectors', async () => {
    useProvider(null);
    const calls = provider.requests.length;
    expect(await retrieve(datasetId, PARAPHRASE, options)).toEqual([]);
    expect(provider.requests.length).toBe(calls); // no provider configured: no request
    useProvider(provider.baseUrl);
    const found = await retrieve(datasetId, PARAPHRASE, options);
    expect(found[0]?.heading).toBe('Watering tomatoes');
    expect(found[0].score).toBeGreaterThan(0.3);
    expect(found[0].score).toBeLessThanOrEqual(1);
    expect(provider.requests.at(-1)).toMatchObject({ model: 'fake-embed', input: [PARAPHRASE] });
  });

  it('keeps lexical matches first when they are also the nearest vectors, with scores best first in 0..1', async () => {
    const found = await retrieve(datasetId, 'pruning roses in winter', { topK: 10, minScore: 0 });
    expect(found[0].heading).toBe('Pruning roses');
    for (let i = 1; i < found.length; i++) expect(found[i].score).toBeLessThanOrEqual(found[i - 1].score);
    expect(await retrieve(datasetId, 'pruning roses in winter', { topK: 1, minScore: 0 })).toHaveLength(1);
    expect(await retrieve(datasetId, PARAPHRASE, { topK: 5, minScore: 0.99 })).toEqual([]);
  });

  it('never returns vector hits of another dataset or organisation', async () => {
    const vector = normalise(Float32Array.from(fakeEmbedding(PARAPHRASE)));
    const ownIds = (await db().passage.findMany({ where: { datasetId }, select: { id: true } })).map((p) => p.id);
    const hits = await nearestPassages({ datasetId, model: 'fake-embed', vector, limit: 50, minSimilarity: -1, scanLimit: 1_000 });
    expect(hits.length).toBe(GARDEN.length);
    expect(hits.every((h) => ownIds.includes(h.passageId))).toBe(true);
    const otherHits = await nearestPassages({ datasetId: otherDatasetId, model: 'fake-embed', vector, limit: 50, minSimilarity: -1, scanLimit: 1_000 });
    expect(otherHits[0].similarity).toBeGreaterThan(hits[0].similarity);
    const found = await retrieve(datasetId, PARAPHRASE, { topK: 50, minScore: 0 });
    expect(found.map((p) => p.heading)).not.toContain('Irrigating vegetable seedlings');
    // Vectors of another model are another space: never compared.
    expect(await nearestPassages({ datasetId, model: 'other-model', vector, limit: 50, minSimilarity: -1, scanLimit: 1_000 })).toEqual([]);
  });

  it('answers lexically (200) and logs when the provider fails or is down at query time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      provider.mode = 'error';
      const res = await call(search, 'POST', '/searcher/v1/search', { token: mine.apiKey, body: { question: 'pruning roses', dataset: 'Garden' } });
      expect(res.status).toBe(200);
      expect(res.body.search[0].content.name).toBe('Garden notes');
      expect(res.body.search[0].context).toContain('outward facing bud');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('The embeddings provider answered HTTP 500: model not loaded'));
      useProvider('http://127.0.0.1:9/v1');
      const down = await call(search, 'POST', '/searcher/v1/search', { token: mine.apiKey, body: { question: PARAPHRASE, dataset: 'Garden' } });
      expect(down.status).toBe(200);
      expect(down.body.search).toEqual([]);
      expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('Could not reach the embeddings provider'));
    } finally {
      warn.mockRestore();
    }
  });

  it('the search endpoint returns the paraphrased passage through vectors', async () => {
    const res = await call(search, 'POST', '/searcher/v1/search', { token: mine.apiKey, body: { question: PARAPHRASE, dataset: 'Garden' } });
    expect(res.status).toBe(200);
    expect(res.body.search[0].context).toBe(GARDEN[0].text);
  });
});

describe('hybrid retrieval on the lexical corpus', () => {
  // Fusion must not cost the lexical side its wins: with vectors of every
  // passage (from a weak bag-of-words model), the expected passage still ranks first.
  it.each([
    ['How can I order a list from biggest to smallest?', 'Descending order'],
    ['case insensitive sorting of strings', 'Key functions'],
    ['make sure a file gets closed even when an error happens', 'The with statement'],
    ['code that always runs after try whether or not it failed', 'try and except'],
    ['how to throw an error on purpose', 'Raising exceptions'],
    ['pause a coroutine without blocking the thread', 'Sleeping'],
  ])('%s → %s', async (question, heading) => {
    const corpus = await corpusId();
    expect((await retrieve(corpus, question, options))[0]?.heading).toBe(heading);
  });
});

let corpus: number | undefined;
async function corpusId(): Promise<number> {
  if (corpus === undefined) {
    corpus = (await loadCorpus(mine, 'Python docs')).id;
    expect(await backfillVectors(corpus)).toBeGreaterThan(0);
  }
  return corpus;
}

describe('import with an embeddings provider', () => {
  it('embeds the imported passages before its transaction and stores one vector per passage', async () => {
    const { dataset } = await createKnowledge(mine, 'Imported');
    const before = provider.requests.length;
    const res = await call(upload.POST, 'POST', '/searcher/v1/upload', {
      token: mine.apiKey,
      body: { name: 'hybrid import', uploads: [{ dataset_name: 'Imported', url: files.url('/orchard.md') }] },
    });
    expect(res.status).toBe(200);
    await drainUploads({ workerId: 'hybrid-import', projectId: mine.project.id });
    const passages = await db().passage.findMany({ where: { datasetId: dataset.id }, select: { id: true } });
    expect(passages.length).toBeGreaterThan(0);
    const vectors = await db().$queryRaw<{ passage_id: number; model: string; dims: number }[]>`
      SELECT passage_id, model, dims FROM passage_vectors WHERE dataset_id = ${dataset.id} ORDER BY passage_id`;
    expect(vectors.map((v) => Number(v.passage_id))).toEqual(passages.map((p) => p.id).sort((a, b) => a - b));
    expect(vectors.every((v) => v.model === 'fake-embed' && Number(v.dims) === 64)).toBe(true);
    expect(provider.requests.slice(before).flatMap((r) => r.input)).toHaveLength(passages.length);
  });

  it('stores the passages without vectors when the provider fails, and they are still found lexically', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      provider.mode = 'error';
      const { dataset } = await createKnowledge(mine, 'Imported offline');
      await call(upload.POST, 'POST', '/searcher/v1/upload', {
        token: mine.apiKey,
        body: { name: 'offline import', uploads: [{ dataset_name: 'Imported offline', url: files.url('/orchard.md') }] },
      });
      await drainUploads({ workerId: 'hybrid-offline', projectId: mine.project.id });
      expect(await db().passage.count({ where: { datasetId: dataset.id } })).toBeGreaterThan(0);
      const [row] = await db().$queryRaw<{ n: number }[]>`SELECT count(*) AS n FROM passage_vectors WHERE dataset_id = ${dataset.id}`;
      expect(Number(row.n)).toBe(0);
      provider.mode = 'ok';
      expect((await retrieve(dataset.id, 'codling moth traps', options))[0]?.body).toContain('Codling moth traps go up in May');
      expect(await backfillVectors(dataset.id)).toBeGreaterThan(0);
    } finally {
      warn.mockRestore();
    }
  });
});
