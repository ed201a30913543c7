// Re-importing a content keeps its unchanged passages (same ids, same
// vectors, no re-indexing): only new or changed passages are written and
// embedded, removed ones deleted, moved ones renumbered. The text an earlier
// answer cited stays readable in the thread view after its passage changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overrideConfig } from '@/lib/config';
import { db, isPostgres, Prisma } from '@/lib/db/client';
import { drainUploads } from '@/lib/ingest/worker';
import { replacePassages } from '@/lib/knowledge/passages';
import { sourcesOf } from '@/lib/console/sources';
import { CITED_CHARS, storedResult } from '@/lib/search/stored-results';
import { POST as search } from '@/app/searcher/v1/search/route';
import * as upload from '@/app/searcher/v1/upload/route';
import * as conversations from '@/app/searcher/v1/conversations/route';
import { call } from '../helpers/http';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import { startEmbeddingsServer, type EmbeddingsServer } from '../helpers/embeddings-server';
import { startFileServer, type FileServer } from '../helpers/file-server';

const SECTIONS = {
  pelicans: '## Pelicans\n\nPelicans migrate along the coast in large flocks every autumn.',
  kangaroos: '## Kangaroos\n\nKangaroos hop across the dry plains at dawn looking for grass.',
  narwhals: '## Narwhals\n\nNarwhals swim under the pack ice and surface through cracks to breathe.',
  walruses: '## Walruses\n\nWalruses rest on floating ice floes between their dives for clams.',
  quokkas: '## Quokkas\n\nQuokkas live on a small island and are famous for their smiling faces.',
};
const document = (...parts: (keyof typeof SECTIONS)[]) => ['# Animal notes', ...parts.map((p) => SECTIONS[p])].join('\n\n');

let files: FileServer;
let provider: EmbeddingsServer;
let tenant: Tenant;
let datasetId: number;
let served = document('pelicans', 'kangaroos', 'walruses');

beforeAll(async () => {
  files = await startFileServer();
  provider = await startEmbeddingsServer();
  files.on('/animals.md', (_req, res) => res.writeHead(200, { 'content-type': 'text/markdown' }).end(served));
  overrideConfig({ EMBEDDINGS_BASE_URL: provider.baseUrl, EMBEDDINGS_MODEL: 'fake-embed', EMBEDDINGS_TIMEOUT_MS: '2000' });
  tenant = await createTenant('reimport');
  datasetId = (await createKnowledge(tenant, 'Animals')).dataset.id;
});

afterAll(async () => {
  overrideConfig({ EMBEDDINGS_BASE_URL: undefined, EMBEDDINGS_MODEL: undefined, EMBEDDINGS_TIMEOUT_MS: undefined });
  await provider.close();
  await files.close();
});

/** Imports the served document and returns the texts the embeddings provider was asked for. */
async function importAnimals(): Promise<string[]> {
  const before = provider.requests.length;
  const res = await call(upload.POST, 'POST', '/searcher/v1/upload', {
    token: tenant.apiKey,
    body: { name: 'animals', uploads: [{ url: files.url('/animals.md'), dataset_name: 'Animals' }] },
  });
  expect(res.status).toBe(200);
  await drainUploads({ workerId: `reimport-${before}`, projectId: tenant.project.id });
  const [item] = await db().uploadItem.findMany({ where: { uploadId: res.body.id } });
  expect(item).toMatchObject({ state: 'done', error: null });
  return provider.requests.slice(before).flatMap((r) => r.input);
}

async function passagesOfContent() {
  const content = await db().content.findFirstOrThrow({ where: { datasetId, importUrl: files.url('/animals.md') } });
  return db().passage.findMany({ where: { contentId: content.id }, orderBy: { position: 'asc' } });
}

const idOf = (rows: { id: number; text: string }[], word: string) => rows.find((p) => p.text.includes(word))?.id;

async function vectorIds(): Promise<number[]> {
  const rows = await db().$queryRaw<{ id: number }[]>`SELECT passage_id AS id FROM passage_vectors WHERE dataset_id = ${datasetId} ORDER BY passage_id`;
  return rows.map((r) => Number(r.id));
}

/** Row versions of the kept passages' PostgreSQL index rows (a re-indexed row gets a new one). */
async function indexRowVersions(ids: number[]): Promise<string[]> {
  const rows = await db().$queryRaw<
    { v: string }[]
  >`SELECT ctid::text || ':' || xmin::text AS v FROM passage_search WHERE passage_id = ANY(${ids}) ORDER BY passage_id`;
  return rows.map((r) => r.v);
}

/** Changes whenever the index is written: PostgreSQL's row versions, or FTS5's structure record (a new segment per writing transaction). */
async function indexState(ids: number[]): Promise<string[]> {
  if (isPostgres()) return indexRowVersions(ids);
  const [row] = await db().$queryRaw<{ block: Uint8Array }[]>`SELECT block FROM passage_fts_data WHERE id = 10`;
  return [Buffer.from(row.block).toString('hex')];
}

async function ask(question: string, conversation?: string) {
  const res = await call(search, 'POST', '/searcher/v1/search', {
    token: tenant.apiKey,
    body: { question, dataset: 'Animals', ...(conversation ? { conversation } : {}) },
  });
  expect(res.status).toBe(200);
  return res.body as { conversation: string; search: { context: string }[] };
}

describe('re-importing a content', () => {
  it('keeps unchanged passages, embeds and indexes only the changed one, and keeps the cited text readable', async () => {
    const first = await importAnimals();
    const v1 = await passagesOfContent();
    expect(v1).toHaveLength(3);
    expect(first).toHaveLength(3);
    expect(await vectorIds()).toEqual(v1.map((p) => p.id).sort((a, b) => a - b));

    // An answer that cites the kangaroo passage, before it changes.
    const asked = await ask('Where do kangaroos hop at dawn?');
    expect(asked.search[0].context).toContain('Kangaroos hop across the dry plains');

    // One paragraph changed: kangaroos → narwhals.
    served = document('pelicans', 'narwhals', 'walruses');
    const second = await importAnimals();
    const v2 = await passagesOfContent();
    expect(v2.map((p) => p.position)).toEqual([0, 1, 2]);
    expect(idOf(v2, 'Pelicans')).toBe(idOf(v1, 'Pelicans'));
    expect(idOf(v2, 'Walruses')).toBe(idOf(v1, 'Walruses'));
    const narwhal = idOf(v2, 'Narwhals')!;
    expect(v1.map((p) => p.id)).not.toContain(narwhal);
    // Only the changed passage was sent to the embeddings provider; every passage has its vector.
    expect(second).toHaveLength(1);
    expect(second[0]).toContain('Narwhals swim under the pack ice');
    expect(await vectorIds()).toEqual(v2.map((p) => p.id).sort((a, b) => a - b));

    // The index follows: the new text is found, the old one is not.
    expect((await ask('narwhals pack ice')).search[0].context).toContain('Narwhals swim under the pack ice');
    const stale = await ask('kangaroos dry plains dawn');
    expect(stale.search.map((s) => s.context).join(' ')).not.toContain('Kangaroos');

    // The thread view still shows the text the first answer cited.
    const threads = await call(conversations.GET, 'GET', '/searcher/v1/conversations', { token: tenant.apiKey });
    const thread = (threads.body as { id: string; turns: { sources: { context: string; content: { name: string } }[] }[] }[]).find(
      (t) => t.id === asked.conversation,
    )!;
    expect(thread.turns[0].sources[0].context).toContain('Kangaroos hop across the dry plains at dawn');
    expect(thread.turns[0].sources[0].content.name).toBe('Animal notes');

    // A section added at the top moves the others: same ids, new positions, one embedding, no re-indexing.
    const kept = v2.map((p) => p.id);
    const versions = isPostgres() ? await indexRowVersions(kept) : [];
    served = document('quokkas', 'pelicans', 'narwhals', 'walruses');
    const third = await importAnimals();
    const v3 = await passagesOfContent();
    expect(third).toHaveLength(1);
    expect(third[0]).toContain('Quokkas live on a small island');
    expect(v3.slice(1).map((p) => [p.id, p.position])).toEqual(kept.map((id, i) => [id, i + 1]));
    expect((await ask('quokkas smiling island')).search[0].context).toContain('Quokkas live on a small island');
    if (isPostgres()) expect(await indexRowVersions(kept)).toEqual(versions);

    // The same document again changes nothing, embeds nothing and writes nothing to the index
    // (the content's name and subject are saved again, unchanged).
    const index = await indexState(v3.map((p) => p.id));
    expect(await importAnimals()).toEqual([]);
    expect((await passagesOfContent()).map((p) => p.id)).toEqual(v3.map((p) => p.id));
    expect(await indexState(v3.map((p) => p.id))).toEqual(index);
  });

  it('a content of many passages is written in batches: every position and id in order, reads answered meanwhile', async () => {
    const { content } = await createKnowledge(tenant, 'Many passages');
    const texts = Array.from({ length: 450 }, (_, i) => `Passage number ${i} about bird ${i % 7}.`);
    // Counted while the passages are being written: the reads answer between batches and see none of them
    // (a count answered before COMMIT was sent cannot have seen it).
    const seenMeanwhile: number[] = [];
    let writing = true;
    const reading = (async () => {
      while (writing) {
        const count = await db().passage.count({ where: { contentId: content.id } });
        if (writing) seenMeanwhile.push(count);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const written = await db().$transaction(
      async (tx) => {
        const result = await replacePassages(
          tx,
          content,
          tenant.organization.id,
          texts.map((text) => ({ text, tokenCount: 3 })),
        );
        writing = false;
        return result;
      },
      { timeout: 20_000 },
    );
    await reading;
    const rows = await db().passage.findMany({ where: { contentId: content.id }, orderBy: { position: 'asc' } });
    expect(rows.map((r) => r.text)).toEqual(texts);
    expect(written.passages.map((p) => p.id)).toEqual(rows.map((r) => r.id));
    expect(written.tokenCount).toBe(450 * 3);
    expect(seenMeanwhile.length).toBeGreaterThan(1);
    expect(seenMeanwhile.every((n) => n === 0)).toBe(true);
  });

  it('renumbering passages does not touch the full-text index', async () => {
    const { dataset, content } = await createKnowledge(tenant, 'Renumbered');
    const texts = ['Herons wade in shallow water.', 'Ibises probe the mud.', 'Storks nest on chimneys.'];
    await db().$transaction((tx) =>
      replacePassages(
        tx,
        content,
        tenant.organization.id,
        texts.map((text) => ({ text, tokenCount: 5 })),
      ),
    );
    const before = await db().passage.findMany({ where: { contentId: content.id }, orderBy: { position: 'asc' } });
    const current = await db().content.findUniqueOrThrow({ where: { id: content.id } });
    const versions = isPostgres() ? await indexRowVersions(before.map((p) => p.id)) : [];
    // Reversed: every passage moves, none changes.
    const changes = await db().$transaction(async (tx) => {
      const count = async () => Number((await tx.$queryRaw<{ n: bigint | number }[]>`SELECT total_changes() AS n`)[0].n);
      const start = isPostgres() ? 0 : await count();
      await replacePassages(
        tx,
        current,
        tenant.organization.id,
        [...texts].reverse().map((text) => ({ text, tokenCount: 5 })),
      );
      return isPostgres() ? 0 : (await count()) - start;
    });
    const after = await db().passage.findMany({ where: { contentId: content.id }, orderBy: { position: 'asc' } });
    expect(after.map((p) => p.id)).toEqual([...before.map((p) => p.id)].reverse());
    if (isPostgres()) {
      expect(await indexRowVersions(before.map((p) => p.id))).toEqual(versions);
    } else {
      // SQLite counts rows written by triggers too: the two passages that moved (the middle one stays) and the two totals, nothing in the index.
      expect(changes).toBe(2 + 2);
    }
    const hits = await db().$queryRaw<{ id: number }[]>(
      isPostgres()
        ? Prisma.sql`SELECT passage_id AS id FROM passage_search WHERE dataset_id = ${dataset.id} AND document @@ plainto_tsquery('english', 'storks')`
        : Prisma.sql`SELECT rowid AS id FROM passage_fts WHERE passage_fts MATCH ${`body:storks`} AND ds = ${`ds${dataset.id}`}`,
    );
    expect(hits.map((h) => Number(h.id))).toEqual([before[2].id]);
  });

  it('a cited passage changed in place or deleted shows the recorded text; an old record without it shows the live passage', async () => {
    const { content } = await createKnowledge(tenant, 'Cited');
    const long = `Cranes dance in pairs. ${'Their calls carry far. '.repeat(120)}`;
    await db().$transaction((tx) =>
      replacePassages(tx, content, tenant.organization.id, [
        { heading: 'Cranes', text: long, tokenCount: 9 },
        { text: 'Owls hunt at night.', answer: 'Mostly mice.', tokenCount: 6 },
      ]),
    );
    const [crane, owl] = await db().passage.findMany({ where: { contentId: content.id }, orderBy: { position: 'asc' } });
    const cited = (p: typeof crane) =>
      storedResult(
        { passageId: p.id, contentId: content.id, content: { name: 'Welcome' }, score: 0.5, heading: p.heading, body: p.text, answer: p.answer },
        '2026-01-02 03:04:05',
      );
    const recorded = { results: [cited(crane), cited(owl)] };
    // At most CITED_CHARS of a passage are recorded.
    expect(recorded.results[0].context).toBe(`${long.slice(0, CITED_CHARS)}…`);
    const legacy = { results: [{ passage_id: owl.id, content_id: content.id, content: 'Welcome', score: 0.4 }] };

    let [now, old] = await sourcesOf(tenant.project.id, [recorded, legacy]);
    expect(now.map((s) => s.context)).toEqual([long, 'Owls hunt at night.']);
    expect(old[0]).toMatchObject({ context: 'Owls hunt at night.', answer: 'Mostly mice.' });

    await db().passage.update({ where: { id: owl.id }, data: { text: 'Owls sleep all day.' } });
    await db().passage.delete({ where: { id: crane.id } });
    [now, old] = await sourcesOf(tenant.project.id, [recorded, legacy]);
    expect(now[0]).toMatchObject({
      context: `${long.slice(0, CITED_CHARS)}…`,
      answer: '',
      date: '2026-01-02 03:04:05',
      content: { name: 'Welcome', source: 'https://example.com/welcome', subject: 'General' },
    });
    expect(now[1]).toMatchObject({ context: 'Owls hunt at night.', answer: 'Mostly mice.', date: '2026-01-02 03:04:05' });
    // Recorded before snapshots were kept: only the live passage is known.
    expect(old[0]).toMatchObject({ context: 'Owls sleep all day.' });
  });
});
