// PostgreSQL keeps large document-frequency counts between questions
// (lib/search/common-count-cache.ts); small ones are counted every time, so
// a rare word imported a moment ago is found at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPostgres } from '@/lib/db/client';
import { forgetPostgresCounts, postgresIndex } from '@/lib/search/lexical-postgres';
import { CACHE_FROM, CACHE_MS } from '@/lib/search/common-count-cache';
import { rewritePassages } from '../helpers/passages';
import { createKnowledge, createTenant } from '../helpers/tenant';

const term = (word: string) => ({ word, stem: word });

describe.skipIf(!isPostgres())('document frequencies on PostgreSQL', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    forgetPostgresCounts();
  });

  it('keeps a common word’s count, counts a rare word afresh every time', async () => {
    const t = await createTenant('df-cache');
    const { dataset, content } = await createKnowledge(t, 'Counts');
    const write = (texts: string[]) => rewritePassages(t.organization.id, content.id, texts);
    const common = Array.from({ length: CACHE_FROM }, (_, i) => `Pelicans gather on pier ${i}.`);
    await write(common);
    const first = await postgresIndex.frequencies(dataset.id, [term('pelican'), term('walrus')]);
    expect(first.df.get('pelican')).toBe(CACHE_FROM);
    expect(first.df.get('walrus')).toBe(0);
    expect(first.total).toBe(CACHE_FROM);

    // The content is rewritten: one walrus, pelicans everywhere but one passage.
    await write([...common.slice(1), 'A walrus rests on the ice.']);
    const second = await postgresIndex.frequencies(dataset.id, [term('pelican'), term('walrus')]);
    expect(second.df.get('walrus')).toBe(1);
    // The common word's count (and the dataset's size) come from the cache.
    expect(second.df.get('pelican')).toBe(CACHE_FROM);
    expect(second.total).toBe(CACHE_FROM);

    forgetPostgresCounts();
    const fresh = await postgresIndex.frequencies(dataset.id, [term('pelican')]);
    expect(fresh.df.get('pelican')).toBe(CACHE_FROM - 1);
  });

  it('trusts a kept dataset size for CACHE_MS from its count, however many questions use it', async () => {
    const t = await createTenant('df-cache-3');
    const { dataset, content } = await createKnowledge(t, 'Sizes');
    const pelicans = (n: number) => Array.from({ length: n }, (_, i) => `Pelicans on pier ${i}.`);
    await rewritePassages(t.organization.id, content.id, pelicans(CACHE_FROM + 100));
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    expect((await postgresIndex.frequencies(dataset.id, [term('pelican')])).total).toBe(CACHE_FROM + 100);

    await rewritePassages(t.organization.id, content.id, pelicans(CACHE_FROM + 50));
    now.mockReturnValue(start + CACHE_MS - 60_000);
    // A word counted now must not stretch the kept size's time.
    expect((await postgresIndex.frequencies(dataset.id, [term('walrus')])).total).toBe(CACHE_FROM + 100);
    now.mockReturnValue(start + CACHE_MS + 60_000);
    expect((await postgresIndex.frequencies(dataset.id, [term('walrus')])).total).toBe(CACHE_FROM + 50);
  });

  it('keeps the counts of one dataset away from another', async () => {
    const t = await createTenant('df-cache-2');
    const a = await createKnowledge(t, 'A');
    const b = await createKnowledge(t, 'B');
    await rewritePassages(
      t.organization.id,
      a.content.id,
      Array.from({ length: CACHE_FROM }, (_, i) => `Pelicans on pier ${i}.`),
    );
    expect((await postgresIndex.frequencies(a.dataset.id, [term('pelican')])).df.get('pelican')).toBe(CACHE_FROM);
    expect((await postgresIndex.frequencies(b.dataset.id, [term('pelican')])).df.get('pelican')).toBe(0);
  });
});
