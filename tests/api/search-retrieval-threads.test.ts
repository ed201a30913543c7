// Retrieval in a worker thread (SEARCH_THREADS): a lone question stays on the
// server's thread, questions asked while another is retrieving go to a
// thread; the thread, with its own database connection and caches, finds
// exactly what the server's thread finds, sees what was written after it
// started, and a thread that dies costs its question nothing.
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overrideConfig } from '@/lib/config';
import { db } from '@/lib/db/client';
import { retrieveReading } from '@/lib/search/retrieve';
import { closeRetrievalThreads, retrievalsRunning, retrieveInThread, retrievePassages, setRetrievalWorkerSpawner } from '@/lib/search/retrieval-threads';
import * as search from '@/app/searcher/v1/search/route';
import { createTenant, type Tenant } from '../helpers/tenant';
import { loadCorpus } from '../fixtures/search-corpus';
import { rewritePassages } from '../helpers/passages';
import { call } from '../helpers/http';
import { metrics } from '@/lib/observability/metrics';

/** search_retrievals_total of one thread label. */
async function retrievalsCounted(thread: 'server' | 'worker'): Promise<number> {
  const { values } = await metrics().retrievals.get();
  return values.find((v) => v.labels.thread === thread)?.value ?? 0;
}

let tenant: Tenant;
let datasetId: number;
const options = { topK: 5, minScore: 0 };
const QUESTIONS = [
  'How can I order a list from biggest to smallest?',
  'make sure a file gets closed even when an error happens',
  'get a value from a dict without KeyError if the key is absent',
  'pause a coroutine without blocking the thread',
  'photosynthesis chlorophyll',
  // A slip of the keyboard: its reading ("dictionary") comes back from a thread too.
  'delete a key from a dictionery',
  "'; DROP TABLE passages; --",
];

beforeAll(async () => {
  tenant = await createTenant('threads');
  datasetId = (await loadCorpus(tenant)).id;
  overrideConfig({ SEARCH_THREADS: '1' });
});

afterAll(async () => {
  overrideConfig({ SEARCH_THREADS: undefined });
  await closeRetrievalThreads();
});

describe('retrieval threads', () => {
  it('find the same passages with the same scores, and read the same words as others, as the server thread', async () => {
    expect((await retrieveInThread(datasetId, 'delete a key from a dictionery', options)).readings).toEqual([{ written: 'dictionery', read: 'dictionary' }]);
    for (const question of QUESTIONS) {
      const here = await retrieveReading(datasetId, question, options);
      expect(await retrieveInThread(datasetId, question, options), question).toEqual(here);
    }
  });

  it('take the questions asked while another is retrieving; a lone question stays on the server thread', async () => {
    const [serverBefore, workerBefore] = [await retrievalsCounted('server'), await retrievalsCounted('worker')];
    await retrievePassages(datasetId, QUESTIONS[0], options);
    expect(await retrievalsCounted('server')).toBe(serverBefore + 1);
    expect(await retrievalsCounted('worker')).toBe(workerBefore);

    const together = await Promise.all(QUESTIONS.map((q) => retrievePassages(datasetId, q, options)));
    expect(await retrievalsCounted('server')).toBe(serverBefore + 1);
    expect(await retrievalsCounted('worker')).toBe(workerBefore + QUESTIONS.length);
    expect(retrievalsRunning()).toBe(0);
    // Each caller gets its own answer.
    for (const [i, question] of QUESTIONS.entries()) expect(together[i], question).toEqual(await retrieveReading(datasetId, question, options));
  });

  it('read what the server thread wrote after they started, changed text included', async () => {
    expect((await retrieveInThread(datasetId, 'albatross wingspan', options)).passages).toEqual([]);
    const subject = await db().subject.findFirstOrThrow({ where: { datasetId } });
    const content = await db().content.create({ data: { datasetId, subjectId: subject.id, name: 'Seabirds', source: 'https://docs.example.org/birds' } });
    await rewritePassages(tenant.organization.id, content.id, ['The albatross has the widest wingspan of any bird.']);
    const {
      passages: [found],
    } = await retrieveInThread(datasetId, 'albatross wingspan', options);
    expect(found?.body).toContain('widest wingspan');

    // Same passage count, new text: the thread's kept tokens of the old text are not used.
    await rewritePassages(tenant.organization.id, content.id, ['Petrels glide low over the waves for days.']);
    expect((await retrieveInThread(datasetId, 'albatross wingspan', options)).passages).toEqual([]);
    expect((await retrieveInThread(datasetId, 'petrels glide over waves', options)).passages[0]?.body).toContain('Petrels glide');
  });

  it('answer searches over HTTP as the server thread does', async () => {
    const questions = ['sort items backwards', 'how to throw an error on purpose', 'delete a key from a dictionary'];
    const ask = (question: string) => call(search.POST, 'POST', '/searcher/v1/search', { token: tenant.apiKey, body: { question, dataset: 'Python docs' } });
    const before = await retrievalsCounted('worker');
    const threaded = await Promise.all(questions.map(ask));
    expect((await retrievalsCounted('worker')) - before).toBeGreaterThan(0);
    overrideConfig({ SEARCH_THREADS: '0' });
    const here = [];
    for (const question of questions) here.push(await ask(question));
    overrideConfig({ SEARCH_THREADS: '1' });
    for (const [i, answer] of threaded.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.body.search.length).toBeGreaterThan(0);
      expect(answer.body.search).toEqual(here[i].body.search);
      expect(answer.body.generational.content).toBe(here[i].body.generational.content);
    }
  });

  it('a thread that dies fails no question: it is answered on the server thread', async () => {
    await closeRetrievalThreads();
    const usual = setRetrievalWorkerSpawner(() => new Worker('process.exit(7)', { eval: true }));
    try {
      const question = 'iterate over the lines of a file';
      expect(await retrieveInThread(datasetId, question, options)).toEqual(await retrieveReading(datasetId, question, options));
    } finally {
      await closeRetrievalThreads();
      setRetrievalWorkerSpawner(usual);
    }
  });
});
