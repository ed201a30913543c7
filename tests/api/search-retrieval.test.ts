// Retrieval quality on a small real corpus: for questions phrased unlike the
// text, the expected passage ranks first; scores are in 0..1; hostile input
// stays a parameter.
import { describe, expect, it, beforeAll, vi } from 'vitest';
import { retrieve } from '@/lib/search/retrieve';
import { lexicalIndex } from '@/lib/search/choose-lexical-index';
import { termKey, type IndexTerm } from '@/lib/search/lexical';
import { createTenant } from '../helpers/tenant';
import { loadCorpus } from '../fixtures/search-corpus';

let datasetId: number;
const options = { topK: 5, minScore: 0 };

beforeAll(async () => {
  const tenant = await createTenant('retrieval');
  datasetId = (await loadCorpus(tenant)).id;
});

const top = async (question: string) => (await retrieve(datasetId, question, options))[0];

describe('retrieval', () => {
  it.each([
    ['How can I order a list from biggest to smallest?', 'Descending order'],
    ['sort items backwards', 'Descending order'],
    ['case insensitive sorting of strings', 'Key functions'],
    ['how do I append text to the end of an existing file', 'Opening files'],
    ['make sure a file gets closed even when an error happens', 'The with statement'],
    ['iterate over the lines of a file', 'Reading lines'],
    ['code that always runs after try whether or not it failed', 'try and except'],
    ['how to throw an error on purpose', 'Raising exceptions'],
    ['get a value from a dict without KeyError if the key is absent', 'Mapping types'],
    ['delete a key from a dictionary', 'Removing entries'],
    ['pause a coroutine without blocking the thread', 'Sleeping'],
    ['difference between sorted() and list.sort()', 'Sorting basics'],
  ])('%s → %s', async (question, heading) => {
    const best = await top(question);
    expect(best?.heading).toBe(heading);
  });

  it('scores are between 0 and 1, best first, and min_score and top_k bound the list', async () => {
    const all = await retrieve(datasetId, 'sort a list in reverse order', { topK: 50, minScore: 0 });
    expect(all.length).toBeGreaterThan(1);
    for (const p of all) expect(p.score).toBeGreaterThan(0), expect(p.score).toBeLessThanOrEqual(1);
    expect(all.map((p) => p.score)).toEqual([...all.map((p) => p.score)].sort((a, b) => b - a));
    expect(await retrieve(datasetId, 'sort a list in reverse order', { topK: 2, minScore: 0 })).toHaveLength(2);
    const threshold = all[1].score + 0.00001;
    expect((await retrieve(datasetId, 'sort a list in reverse order', { topK: 50, minScore: threshold })).length).toBe(1);
  });

  it('finds nothing for words that are not in the dataset, and survives query syntax', async () => {
    expect(await retrieve(datasetId, 'photosynthesis chlorophyll', options)).toEqual([]);
    for (const hostile of [`"unbalanced`, 'NEAR(a b)', "'; DROP TABLE passages; --", 'sort* OR ^list', 'body:file', '*', '!!!???']) {
      await expect(retrieve(datasetId, hostile, options)).resolves.toBeInstanceOf(Array);
    }
  });
});

describe('candidates of a question of common words', () => {
  // Counts that make every word of the question common (too many passages to rank): the bounded queries of
  // passages holding all of them, then all but the commonest, are what chooses the candidates.
  const commonCounts = async (_dataset: number, terms: IndexTerm[]) => ({ total: 1_000_000, df: new Map(terms.map((t) => [termKey(t), 50_000])) });

  it('the queries certain to run start together, and the passages are those of running them one after another', async () => {
    const index = lexicalIndex();
    const original = index.candidates.bind(index);
    const question = 'append text to an existing file';
    vi.spyOn(index, 'frequencies').mockImplementation(commonCounts);
    let inFlight = 0;
    let mostAtOnce = 0;
    const asked: string[][] = [];
    const candidates = vi.spyOn(index, 'candidates').mockImplementation(async (...args) => {
      asked.push(args[1].map((t) => t.stem));
      mostAtOnce = Math.max(mostAtOnce, ++inFlight);
      try {
        return await original(...args);
      } finally {
        inFlight--;
      }
    });
    try {
      const together = await retrieve(datasetId, question, options);
      expect(mostAtOnce).toBe(2);
      expect([...asked[0]].sort()).toEqual(['append', 'exist', 'file', 'text']);
      expect(asked[1]).toEqual(asked[0].slice(0, -1));
      // One at a time: each call waits for the one before it.
      let last: Promise<unknown> = Promise.resolve();
      candidates.mockImplementation((...args) => {
        const run = last.then(() => original(...args));
        last = run.catch(() => {});
        return run;
      });
      expect(together.length).toBeGreaterThan(0);
      expect(await retrieve(datasetId, question, options)).toEqual(together);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
