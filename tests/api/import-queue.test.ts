// The durable queue: restart safety, leases, retries with back-off, several
// workers at once, re-import, and the plan's indexed-token limit.
import { describe, expect, it } from 'vitest';
import { overrideConfig } from '@/lib/config';
import { call } from '../helpers/http';
import { fullTextHits } from '../helpers/full-text';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import { importFixtureForFile } from '../helpers/import-fixture';
import { db, isPostgres } from '@/lib/db/client';
import { upsertPlan } from '@/lib/tenancy/organizations';
import { drainUploads, startImportWorkers, stopImportWorkers } from '@/lib/ingest/worker';
import { advance, claimNext } from '@/lib/ingest/queue';
import * as upload from '@/app/searcher/v1/upload/route';
import * as uploadOne from '@/app/searcher/v1/upload/[upload_id]/route';
import * as passages from '@/app/searcher/v1/contents/[content_id]/passages/route';
import * as contentOne from '@/app/searcher/v1/contents/[content_id]/route';

const fixture = importFixtureForFile('queue', 'Queue');

async function start(urls: string[], who: Tenant = fixture.tenant, dataset = 'Queue'): Promise<number> {
  const res = await call(upload.POST, 'POST', '/searcher/v1/upload', {
    token: who.apiKey,
    body: { name: 'queue test', uploads: urls.map((url) => ({ url, dataset_name: dataset })) },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function progress(id: number, who: Tenant = fixture.tenant) {
  return (await call(uploadOne.GET, 'GET', `/searcher/v1/upload/${id}`, { token: who.apiKey, params: { upload_id: String(id) } })).body as {
    state: string;
    counts: Record<string, number>;
    items: {
      id: number;
      url: string;
      state: string;
      error: string | null;
      attempts: number;
      content_id: number | null;
      content_name: string | null;
      content_title: string | null;
      passages: number;
      tokens: number;
    }[];
  };
}

/** Drains this tenant's items (other test files may share the database) until the upload is settled. */
async function drainUntilSettled(id: number, workerId: string, who: Tenant = fixture.tenant) {
  for (let i = 0; i < 50; i++) {
    await drainUploads({ workerId, projectId: who.project.id });
    const p = await progress(id, who);
    if (p.counts.done + p.counts.failed === p.counts.total) return p;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('upload did not settle');
}

const contentsFor = (url: string) => db().content.findMany({ where: { datasetId: fixture.datasetId, importUrl: url } });

describe('restart safety', () => {
  it('an item left fetching by a dead worker is imported again; a done item is never re-imported', async () => {
    const [dead, finished, fresh] = ['/restart-a.txt', '/restart-b.txt', '/restart-c.txt'];
    for (const path of [dead, finished, fresh])
      fixture.server.on(path, (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`Body of ${path}.`));
    const id = await start([fixture.server.url(dead), fixture.server.url(finished), fixture.server.url(fresh)]);
    const items = await db().uploadItem.findMany({ where: { uploadId: id }, orderBy: { position: 'asc' } });
    // The state a crash leaves behind: a claimed item whose lease ran out, and one that had finished.
    await db().uploadItem.update({
      where: { id: items[0].id },
      data: { state: 'parsing', lockedBy: 'crashed-worker', lockedUntil: new Date(Date.now() - 1000), attempts: 1 },
    });
    await db().uploadItem.update({ where: { id: items[1].id }, data: { state: 'done', attempts: 1 } });
    const p = await drainUntilSettled(id, 'restarted');
    expect(p.items.map((i) => [i.state, i.attempts])).toEqual([
      ['done', 2],
      ['done', 1],
      ['done', 1],
    ]);
    expect(fixture.server.hits.get(finished) ?? 0).toBe(0);
    expect(fixture.server.hits.get(dead)).toBe(1);
    expect(await contentsFor(fixture.server.url(dead))).toHaveLength(1);
  });

  it('an item whose lease is still valid is left to its worker', async () => {
    fixture.server.on('/leased.txt', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Leased.'));
    const id = await start([fixture.server.url('/leased.txt')]);
    const [item] = await db().uploadItem.findMany({ where: { uploadId: id } });
    await db().uploadItem.update({ where: { id: item.id }, data: { state: 'fetching', lockedBy: 'alive-worker', lockedUntil: new Date(Date.now() + 60_000) } });
    await drainUploads({ workerId: 'other', projectId: fixture.tenant.project.id });
    expect((await db().uploadItem.findUniqueOrThrow({ where: { id: item.id } })).lockedBy).toBe('alive-worker');
    expect(fixture.server.hits.get('/leased.txt') ?? 0).toBe(0);
    await db().uploadItem.update({ where: { id: item.id }, data: { state: 'queued', lockedBy: null, lockedUntil: null } });
    await drainUntilSettled(id, 'cleanup');
  });

  it('a worker that lost its lease cannot move or complete the item', async () => {
    fixture.server.on('/stolen.txt', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Stolen.'));
    const id = await start([fixture.server.url('/stolen.txt')]);
    const [row] = await db().uploadItem.findMany({ where: { uploadId: id } });
    const claimed = await claimNext('slow-worker', 60_000, { projectId: fixture.tenant.project.id });
    expect(claimed?.id).toBe(row.id);
    await db().uploadItem.update({ where: { id: row.id }, data: { lockedUntil: new Date(Date.now() - 1) } });
    const stolen = await claimNext('fast-worker', 60_000, { projectId: fixture.tenant.project.id });
    expect(stolen?.id).toBe(row.id);
    expect(await advance(row.id, 'slow-worker', 'parsing', 60_000)).toBe(false);
    expect(await advance(row.id, 'fast-worker', 'fetching', 60_000)).toBe(true);
    await db().uploadItem.update({ where: { id: row.id }, data: { lockedUntil: new Date(Date.now() - 1) } });
    await drainUntilSettled(id, 'cleanup-2');
    expect(await contentsFor(fixture.server.url('/stolen.txt'))).toHaveLength(1);
  });

  it('a worker stopped in the middle gives its item back; a new worker finishes the upload, nothing twice', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let slowCalls = 0;
    fixture.server.on('/slow.txt', (_req, res) => {
      slowCalls++;
      res.writeHead(200, { 'content-type': 'text/plain' });
      if (slowCalls === 1) return void gate.then(() => res.end('late'));
      res.end('The slow file finally arrived.');
    });
    const urls = ['/stop-1.txt', '/slow.txt', '/stop-3.txt'].map((p) => fixture.server.url(p));
    for (const p of ['/stop-1.txt', '/stop-3.txt']) fixture.server.on(p, (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`File ${p}.`));
    const id = await start(urls);
    const controller = new AbortController();
    const first = drainUploads({ workerId: 'stopping', signal: controller.signal, projectId: fixture.tenant.project.id });
    for (let i = 0; i < 100 && slowCalls === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(slowCalls).toBe(1);
    controller.abort();
    await first;
    release();
    const midway = await progress(id);
    expect(midway.items[1].state).toBe('queued');
    expect(midway.items[2].state).toBe('queued');
    const done = await drainUntilSettled(id, 'second-start');
    expect(done.items.map((i) => i.state)).toEqual(['done', 'done', 'done']);
    for (const url of urls) expect(await contentsFor(url)).toHaveLength(1);
    expect(fixture.server.hits.get('/stop-1.txt')).toBe(1);
    expect(fixture.server.hits.get('/stop-3.txt')).toBe(1);
  });

  it('two workers draining at once import every item exactly once', async () => {
    const paths = Array.from({ length: 12 }, (_, i) => `/parallel-${i}.md`);
    for (const p of paths)
      fixture.server.on(p, (_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'text/markdown' }).end(`# Part ${p}\n\nText of ${p}.`), 10));
    const id = await start(paths.map((p) => fixture.server.url(p)));
    await Promise.all([
      drainUploads({ workerId: 'twin-1', projectId: fixture.tenant.project.id }),
      drainUploads({ workerId: 'twin-2', projectId: fixture.tenant.project.id }),
    ]);
    const p = await drainUntilSettled(id, 'twin-check');
    expect(p.state).toBe('done');
    for (const path of paths) {
      expect(fixture.server.hits.get(path)).toBe(1);
      expect(await contentsFor(fixture.server.url(path))).toHaveLength(1);
    }
    expect(p.items.every((i) => i.attempts === 1)).toBe(true);
  });
});

describe('background workers', () => {
  // On PostgreSQL all test files share one database: a background loop would take other files' items.
  it.skipIf(isPostgres())('start with the server, are woken by a new upload and stop cleanly', async () => {
    overrideConfig({ IMPORT_WORKERS: '2', IMPORT_POLL_MS: '60000' });
    startImportWorkers();
    try {
      fixture.server.on('/background.txt', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Imported by the background loop.'));
      // The loops found nothing and sleep for a minute; only the wake-up can start this upload in time.
      await new Promise((r) => setTimeout(r, 200));
      const id = await start([fixture.server.url('/background.txt')]);
      let p = await progress(id);
      for (let i = 0; i < 100 && p.state !== 'done'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        p = await progress(id);
      }
      expect(p.state).toBe('done');
    } finally {
      await stopImportWorkers();
      overrideConfig({ IMPORT_WORKERS: undefined, IMPORT_POLL_MS: undefined });
    }
  });
});

describe('retries', () => {
  it('retries a 503 with back-off, then imports', async () => {
    overrideConfig({ IMPORT_RETRY_BASE_MS: '1000' });
    let calls = 0;
    fixture.server.on('/flaky.txt', (_req, res) =>
      ++calls === 1 ? res.writeHead(503).end() : res.writeHead(200, { 'content-type': 'text/plain' }).end('Flaky but fine.'),
    );
    const id = await start([fixture.server.url('/flaky.txt')]);
    await drainUploads({ workerId: 'retry-1', projectId: fixture.tenant.project.id });
    const waiting = await progress(id);
    expect(waiting.items[0]).toMatchObject({ state: 'queued', attempts: 1, error: 'The server answered 503 Service Unavailable (attempt 1 of 4, will retry)' });
    const row = await db().uploadItem.findUniqueOrThrow({ where: { id: waiting.items[0].id } });
    // Back-off of the first attempt: the base delay ±20 %.
    expect(row.nextAttemptAt.getTime() - row.updatedAt.getTime()).toBeGreaterThanOrEqual(790);
    expect(row.nextAttemptAt.getTime() - row.updatedAt.getTime()).toBeLessThanOrEqual(1210);
    await drainUploads({ workerId: 'retry-2', projectId: fixture.tenant.project.id });
    expect(calls).toBe(1); // not due yet
    await new Promise((r) => setTimeout(r, 1300));
    const done = await drainUntilSettled(id, 'retry-3');
    expect(done.items[0]).toMatchObject({ state: 'done', attempts: 2, error: null });
    overrideConfig({ IMPORT_RETRY_BASE_MS: undefined });
  });

  it('gives up after IMPORT_MAX_ATTEMPTS with the last reason', async () => {
    overrideConfig({ IMPORT_RETRY_BASE_MS: '1', IMPORT_MAX_ATTEMPTS: '2' });
    fixture.server.on('/down.txt', (_req, res) => res.writeHead(502).end());
    const id = await start([fixture.server.url('/down.txt')]);
    const p = await drainUntilSettled(id, 'giving-up');
    expect(p.items[0]).toMatchObject({ state: 'failed', attempts: 2, error: 'The server answered 502 Bad Gateway (gave up after 2 attempts)' });
    expect(fixture.server.hits.get('/down.txt')).toBe(2);
    overrideConfig({ IMPORT_RETRY_BASE_MS: undefined, IMPORT_MAX_ATTEMPTS: undefined });
  });
});

describe('re-import and the indexed-token limit', () => {
  it('re-importing the same URL into the same dataset updates the content and replaces its passages', async () => {
    let version = 1;
    fixture.server.on('/living.md', (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/markdown' })
        .end(version === 1 ? '# Living doc\n\nFirst version text.' : '# Living doc v2\n\nSecond version text.\n\n## More\n\nAnother section.'),
    );
    const first = await drainUntilSettled(await start([fixture.server.url('/living.md')]), 'reimport-1');
    const contentId = first.items[0].content_id!;
    const firstIds = (await db().passage.findMany({ where: { contentId }, select: { id: true } })).map((p) => p.id);
    expect(await fullTextHits(fixture.datasetId, 'first')).toEqual(expect.arrayContaining(firstIds));
    const orgBefore = await db().organization.findUniqueOrThrow({ where: { id: fixture.tenant.organization.id } });
    version = 2;
    const second = await drainUntilSettled(await start([fixture.server.url('/living.md')]), 'reimport-2');
    expect(second.items[0].content_id).toBe(contentId);
    expect(await contentsFor(fixture.server.url('/living.md'))).toHaveLength(1);
    const content = await db().content.findUniqueOrThrow({ where: { id: contentId } });
    expect(content.name).toBe('Living doc v2');
    const rows = (
      await call(passages.GET, 'GET', `/searcher/v1/contents/${contentId}/passages`, {
        token: fixture.tenant.apiKey,
        params: { content_id: String(contentId) },
      })
    ).body as { text: string }[];
    expect(rows.map((r) => r.text).join(' ')).not.toContain('First version');
    expect(rows.map((r) => r.text).join(' ')).toContain('Second version text.');
    const orgAfter = await db().organization.findUniqueOrThrow({ where: { id: fixture.tenant.organization.id } });
    expect(orgAfter.indexedTokens - orgBefore.indexedTokens).toBe(second.items[0].tokens - first.items[0].tokens);
    const total = await db().content.aggregate({
      where: { dataset: { project: { organizationId: fixture.tenant.organization.id } } },
      _sum: { tokenCount: true },
    });
    expect(orgAfter.indexedTokens).toBe(total._sum.tokenCount);
    // The full-text index (kept by the search migration's triggers) follows the replacement.
    const current = await db().passage.findMany({ where: { contentId }, select: { id: true, text: true } });
    const secondId = current.find((p) => p.text.includes('Second version text.'))!.id;
    expect(await fullTextHits(fixture.datasetId, 'second')).toContain(secondId);
    const stale = await fullTextHits(fixture.datasetId, 'first');
    for (const id of firstIds) expect(stale).not.toContain(id);
    expect(firstIds.length).toBeGreaterThan(0);
  });

  it('an item names the content it imported as it stands now: its title, a new name, nothing once deleted', async () => {
    fixture.server.on('/guide/index.html', (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><head><title>Harbour fees guide</title></head><body><h1>Harbour fees guide</h1><p>Fees are due on arrival.</p></body></html>'),
    );
    const id = await start([fixture.server.url('/guide/index.html'), fixture.server.url('/guide/missing.html')]);
    const before = await progress(id);
    expect(before.items.map((item) => item.content_title)).toEqual([null, null]);
    const settled = await drainUntilSettled(id, 'titles');
    const [page, missing] = settled.items;
    expect(page).toMatchObject({ state: 'done', content_name: null, content_title: 'Harbour fees guide' });
    expect(missing).toMatchObject({ state: 'failed', content_id: null, content_title: null });

    const params = { content_id: String(page.content_id) };
    const renamed = await call(contentOne.PUT, 'PUT', '/x', { token: fixture.tenant.apiKey, params, body: { name: 'Port fees', source: '' } });
    expect(renamed.status).toBe(200);
    expect((await progress(id)).items[0].content_title).toBe('Port fees');
    expect((await call(contentOne.DELETE, 'DELETE', '/x', { token: fixture.tenant.apiKey, params })).status).toBe(204);
    expect((await progress(id)).items[0]).toMatchObject({ content_id: page.content_id, content_title: null });
  });

  it("an import that would pass the plan's indexed-token limit fails with a clear reason and changes nothing", async () => {
    const small = await createTenant('limit');
    await createKnowledge(small, 'Queue');
    const plan = await upsertPlan({
      name: `Tiny ${small.tag}`,
      creditLimit: 10,
      datamodelLimit: 1,
      privateSmartpageLimit: 0,
      publicSmartpageLimit: 0,
      privateSmartpageUserLimit: 0,
      indexedTokenLimit: 40,
    });
    await db().subscription.update({ where: { organizationId: small.organization.id }, data: { planId: plan.id } });
    fixture.server.on('/short.txt', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Short note.'));
    const id = await start([fixture.server.url('/short.txt'), fixture.server.url('/handbook.html')], small);
    const p = await drainUntilSettled(id, 'limit', small);
    expect(p.items[0].state).toBe('done');
    expect(p.items[1].state).toBe('failed');
    expect(p.items[1].error).toMatch(/^Importing this file \(\d+ tokens\) would pass the plan's indexed-token limit: \d+ of 40 tokens are already indexed$/);
    const org = await db().organization.findUniqueOrThrow({ where: { id: small.organization.id } });
    expect(org.indexedTokens).toBe(p.items[0].tokens);
    expect(await db().content.count({ where: { importUrl: fixture.server.url('/handbook.html'), dataset: { projectId: small.project.id } } })).toBe(0);
  });
});
