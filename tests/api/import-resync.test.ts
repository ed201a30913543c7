// Re-sync of a dataset's URL contents (issue 16 item 3), on SQLite and
// PostgreSQL: unchanged pages cost one conditional request (304, or the same
// bytes) and no re-indexing; a changed page is replaced (its unchanged
// passages keep their ids) and searchable at once; a page gone (404/410) is
// kept at the first miss and removed at the second. The schedule starts a
// sync on one worker only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../helpers/http';
import { fullTextHits } from '../helpers/full-text';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import type { FileServer } from '../helpers/file-server';
import { importFixture } from '../helpers/import-fixture';
import { asMember } from '../helpers/session-as';
import { db } from '@/lib/db/client';
import { drainUploads } from '@/lib/ingest/worker';
import { runDueSyncs } from '@/lib/ingest/sync/syncs';
import * as upload from '@/app/searcher/v1/upload/route';
import * as site from '@/app/searcher/v1/upload/site/route';
import * as uploadOne from '@/app/searcher/v1/upload/[upload_id]/route';
import * as resync from '@/app/searcher/v1/datasets/[dataset_id]/resync/route';
import * as sync from '@/app/searcher/v1/datasets/[dataset_id]/sync/route';

vi.mock('@/lib/auth/session', async (original) => (await import('../helpers/session-as')).withSignedIn(await original()));

let server: FileServer;
let tenant: Tenant;
let datasetId: number;
const conditional: Record<string, string[]> = {};

const article = (title: string, ...paragraphs: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${paragraphs.map((p, i) => `<h2>Part ${i + 1}</h2><p>${p}</p>`).join('')}</main></body></html>`;

const pages = {
  etag: article('Ferry timetable', 'The morning ferry leaves the pier at seven.', 'The evening ferry returns at nine.'),
  plain: article('Fish market', 'The fish market opens before sunrise on weekdays.'),
  changed: article('Harbour fees', 'Mooring costs twelve euros per night.', 'Showers are free for guests.'),
  gone: article('Old regatta', 'The regatta used to start at the lighthouse.'),
};
let goneStatus = 200;

beforeAll(async () => {
  ({ server, tenant, datasetId } = await importFixture('resync', 'Harbour info'));
  server.on('/kb/etag.html', (req, res) => {
    (conditional.etag ??= []).push(String(req.headers['if-none-match'] ?? ''));
    if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304, { etag: '"v1"' }).end();
    res.writeHead(200, { 'content-type': 'text/html', etag: '"v1"', 'last-modified': 'Mon, 23 Nov 2026 10:00:00 GMT' }).end(pages.etag);
  });
  // No validators at all: only the hash of the bytes tells it is unchanged.
  server.on('/kb/plain.html', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(pages.plain));
  server.on('/kb/changed.html', (req, res) => {
    (conditional.changed ??= []).push(String(req.headers['if-modified-since'] ?? ''));
    res.writeHead(200, { 'content-type': 'text/html', 'last-modified': new Date(0).toUTCString() }).end(pages.changed);
  });
  server.on('/kb/gone.html', (_req, res) =>
    goneStatus === 200 ? res.writeHead(200, { 'content-type': 'text/html' }).end(pages.gone) : res.writeHead(goneStatus).end('gone'),
  );
  const res = await call(upload.POST, 'POST', '/searcher/v1/upload', {
    token: tenant.apiKey,
    body: { name: 'harbour', uploads: ['etag', 'plain', 'changed', 'gone'].map((p) => ({ url: server.url(`/kb/${p}.html`), dataset_name: 'Harbour info' })) },
  });
  expect(res.status).toBe(200);
  await drainUploads({ workerId: 'resync-import', projectId: tenant.project.id });
});

afterAll(() => server.close());

const key = (p: string) => server.url(`/kb/${p}.html`);
const contentOf = (p: string) => db().content.findUnique({ where: { datasetId_importUrl: { datasetId, importUrl: key(p) } } });
const passagesOf = async (p: string) => {
  const content = await contentOf(p);
  return content ? db().passage.findMany({ where: { contentId: content.id }, orderBy: { position: 'asc' }, select: { id: true, text: true } }) : [];
};

async function resyncNow() {
  const res = await call(resync.POST, 'POST', `/searcher/v1/datasets/${datasetId}/resync`, { token: tenant.apiKey, params: { dataset_id: String(datasetId) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await drainUploads({ workerId: `resync-${res.body.id}`, projectId: tenant.project.id });
  return res.body as { id: number; sync_id: number };
}

async function status() {
  const res = await call(sync.GET, 'GET', `/searcher/v1/datasets/${datasetId}/sync`, { token: tenant.apiKey, params: { dataset_id: String(datasetId) } });
  expect(res.status).toBe(200);
  return res.body;
}

describe('re-sync', () => {
  it('unchanged pages cost one request each and keep their passages; a changed page is replaced; a gone page is a miss', async () => {
    const before = { etag: await passagesOf('etag'), plain: await passagesOf('plain'), changed: await passagesOf('changed') };
    const hits = { etag: server.hits.get('/kb/etag.html'), plain: server.hits.get('/kb/plain.html') };
    pages.changed = article('Harbour fees', 'Mooring costs fifteen euros per night since the winter.', 'Showers are free for guests.');
    goneStatus = 404;

    const started = await resyncNow();
    // One conditional request each; the validators of the first import were sent back.
    expect(server.hits.get('/kb/etag.html')).toBe(hits.etag! + 1);
    expect(server.hits.get('/kb/plain.html')).toBe(hits.plain! + 1);
    expect(conditional.etag.at(-1)).toBe('"v1"');
    expect(conditional.changed.at(-1)).toBe(new Date(0).toUTCString());
    // Unchanged: the very same passage rows.
    expect(await passagesOf('etag')).toEqual(before.etag);
    expect(await passagesOf('plain')).toEqual(before.plain);
    // Changed: new text found, old text gone, the unchanged passage kept its id.
    const after = await passagesOf('changed');
    expect(after.map((p) => p.text).join(' ')).toContain('fifteen euros');
    expect(await fullTextHits(datasetId, 'fifteen')).toHaveLength(1);
    expect(await fullTextHits(datasetId, 'twelve')).toHaveLength(0);
    const showers = (rows: { id: number; text: string }[]) => rows.find((p) => p.text.includes('Showers'))?.id;
    expect(showers(after)).toBe(showers(before.changed));
    // Gone once: kept, one miss counted.
    expect(await contentOf('gone')).toMatchObject({ missCount: 1 });

    const s = await status();
    expect(s.last_sync).toMatchObject({
      id: started.sync_id,
      upload_id: started.id,
      trigger: 'manual',
      state: 'done',
      checked: 4,
      total: 4,
      unchanged: 2,
      changed: 1,
      missing: 1,
      removed: 0,
      failed: 0,
    });
    expect(s.last_sync.finished_at).not.toBeNull();
    expect(s.last_sync.changes.map((c: { url: string; outcome: string }) => [c.url, c.outcome]).sort()).toEqual([
      [key('changed'), 'changed'],
      [key('gone'), 'missing'],
    ]);
  });

  it('a page gone at the second consecutive re-sync is removed with its passages and tokens', async () => {
    const gone = (await contentOf('gone'))!;
    const tokensBefore = (await db().organization.findUniqueOrThrow({ where: { id: tenant.organization.id } })).indexedTokens;
    goneStatus = 410;
    await resyncNow();
    expect(await contentOf('gone')).toBeNull();
    expect(await db().passage.count({ where: { contentId: gone.id } })).toBe(0);
    expect(await fullTextHits(datasetId, 'regatta')).toHaveLength(0);
    const tokensAfter = (await db().organization.findUniqueOrThrow({ where: { id: tenant.organization.id } })).indexedTokens;
    expect(tokensBefore - tokensAfter).toBe(gone.tokenCount);
    const s = await status();
    expect(s.last_sync).toMatchObject({ checked: 4, unchanged: 3, changed: 0, missing: 0, removed: 1 });
    expect(s.syncs[1]).toMatchObject({ missing: 1, changed: 1, unchanged: 2 });
  });

  it('one sync at a time per dataset (409); nothing to sync is a 409; another project’s dataset is a 404', async () => {
    const first = await call(resync.POST, 'POST', `/searcher/v1/datasets/${datasetId}/resync`, {
      token: tenant.apiKey,
      params: { dataset_id: String(datasetId) },
    });
    expect(first.status).toBe(200);
    const second = await call(resync.POST, 'POST', `/searcher/v1/datasets/${datasetId}/resync`, {
      token: tenant.apiKey,
      params: { dataset_id: String(datasetId) },
    });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe('A re-sync of this dataset is still running');
    await drainUploads({ workerId: 'resync-409', projectId: tenant.project.id });
    const empty = (await createKnowledge(tenant, 'No URLs')).dataset.id;
    const none = await call(resync.POST, 'POST', `/searcher/v1/datasets/${empty}/resync`, { token: tenant.apiKey, params: { dataset_id: String(empty) } });
    expect(none.status).toBe(409);
    const other = await createTenant('resync-other');
    const foreign = await call(resync.POST, 'POST', `/searcher/v1/datasets/${datasetId}/resync`, {
      token: other.apiKey,
      params: { dataset_id: String(datasetId) },
    });
    expect(foreign.status).toBe(404);
  });

  it('a schedule starts a due sync once, even when two workers look at the same moment', async () => {
    const put = (body: unknown, options = { token: tenant.apiKey } as Parameters<typeof call>[3]) =>
      call(sync.PUT, 'PUT', `/searcher/v1/datasets/${datasetId}/sync`, { ...options, params: { dataset_id: String(datasetId) }, body });
    expect((await put({ schedule: 'monthly' })).status).toBe(400);
    expect((await put({ schedule: 'daily', extra: 1 })).status).toBe(400);
    const viewer = await call(
      sync.PUT,
      'PUT',
      `/searcher/v1/datasets/${datasetId}/sync`,
      asMember(tenant, 'VIEWER', { params: { dataset_id: String(datasetId) }, body: { schedule: 'daily' } }),
    );
    expect(viewer.status).toBe(403);
    const set = await put({ schedule: 'hourly' });
    expect(set.status).toBe(200);
    expect(set.body.schedule).toBe('hourly');
    expect(Math.abs(new Date(set.body.next_sync_at).getTime() - Date.now() - 3_600_000)).toBeLessThan(60_000);
    expect(await runDueSyncs({ projectId: tenant.project.id })).toBe(0);

    const syncsBefore = await db().datasetSync.count({ where: { datasetId } });
    await db().dataset.update({ where: { id: datasetId }, data: { nextSyncAt: new Date(Date.now() - 1000) } });
    const started = await Promise.all([runDueSyncs({ projectId: tenant.project.id }), runDueSyncs({ projectId: tenant.project.id })]);
    expect(started[0] + started[1]).toBe(1);
    expect(await db().datasetSync.count({ where: { datasetId } })).toBe(syncsBefore + 1);
    await drainUploads({ workerId: 'resync-schedule', projectId: tenant.project.id });
    const s = await status();
    expect(s.last_sync).toMatchObject({ trigger: 'schedule', state: 'done', unchanged: 3 });
    expect(new Date(s.next_sync_at).getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    expect((await put({ schedule: 'none' })).body).toMatchObject({ schedule: 'none', next_sync_at: null });
  });
});

describe('a crawl run again', () => {
  it('parses only pages whose bytes changed, keeps the unchanged ones as they are, and finds new pages', async () => {
    let home = article('Marina', 'The marina has forty berths.', '<a href="berths.html">berths</a>');
    server.on('/site/index.html', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(home));
    server.on('/site/berths.html', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(article('Berths', 'Berths are booked by the week.')));
    server.on('/site/fuel.html', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(article('Fuel dock', 'Diesel is sold at the fuel dock until eight.')),
    );
    const crawl = async () => {
      const res = await call(site.POST, 'POST', '/searcher/v1/upload/site', {
        token: tenant.apiKey,
        body: { dataset_name: 'Harbour info', site: { url: server.url('/site/index.html') } },
      });
      expect(res.status).toBe(200);
      for (let i = 0; i < 40; i++) {
        await drainUploads({ workerId: `recrawl-${res.body.id}-${i}`, projectId: tenant.project.id });
        const p = await call(uploadOne.GET, 'GET', `/searcher/v1/upload/${res.body.id}`, { token: tenant.apiKey, params: { upload_id: String(res.body.id) } });
        if (p.body.counts.done + p.body.counts.failed === p.body.counts.total) return p.body;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('crawl did not settle');
    };
    const first = await crawl();
    expect(first.crawl).toMatchObject({ found: 2, indexed: 2, unchanged: 0 });
    const berths = await db().content.findUniqueOrThrow({
      where: { datasetId_importUrl: { datasetId, importUrl: server.url('/site/berths.html') } },
      include: { passages: { select: { id: true } } },
    });

    home = article('Marina', 'The marina has forty berths.', '<a href="berths.html">berths</a> <a href="fuel.html">fuel</a>');
    const second = await crawl();
    expect(second.crawl).toMatchObject({ found: 3, fetched: 3, indexed: 3, unchanged: 1 });
    const outcomes = Object.fromEntries((await db().uploadItem.findMany({ where: { uploadId: second.id } })).map((i) => [new URL(i.url).pathname, i.outcome]));
    expect(outcomes).toEqual({ '/site/index.html': 'changed', '/site/berths.html': 'unchanged', '/site/fuel.html': null });
    const after = await db().content.findUniqueOrThrow({ where: { id: berths.id }, include: { passages: { select: { id: true } } } });
    expect(after.passages).toEqual(berths.passages);
    expect(await fullTextHits(datasetId, 'diesel')).toHaveLength(1);
  });
});
