// Crawling a website (issue 16 item 2) against a small site served on
// loopback: a sitemap, a robots.txt disallowing a folder, a redirect loop,
// a link to a private address, a 404, pages outside the scope or the
// patterns, and a chain of links deeper than max_depth. Real HTTP, the real
// queue and workers, on SQLite and on PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { overrideConfig } from '@/lib/config';
import type http from 'node:http';
import { call } from '../helpers/http';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import type { FileServer } from '../helpers/file-server';
import { importFixture } from '../helpers/import-fixture';
import { asMember } from '../helpers/session-as';
import { db } from '@/lib/db/client';
import { drainUploads } from '@/lib/ingest/worker';
import * as site from '@/app/searcher/v1/upload/site/route';
import * as uploadOne from '@/app/searcher/v1/upload/[upload_id]/route';

vi.mock('@/lib/auth/session', async (original) => (await import('../helpers/session-as')).withSignedIn(await original()));

let server: FileServer;
let tenant: Tenant;
let datasetId: number;
let inFlight = 0;
let maxInFlight = 0;

const page = (title: string, body: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`;

/** Serves a page a little slowly, counting requests in flight (politeness). */
function html(body: string) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    }, 30);
  };
}

beforeAll(async () => {
  overrideConfig({ IMPORT_CRAWL_DELAY_MS: '0' });
  ({ server, tenant, datasetId } = await importFixture('crawl', 'Harbour'));
  const u = (p: string) => server.url(p);
  server.on('/robots.txt', (_q, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /docs/private/\n\nUser-agent: OtherBot\nDisallow: /\n'),
  );
  server.on('/sitemap.xml', (_q, res) =>
    res
      .writeHead(200, { 'content-type': 'application/xml' })
      .end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${u('/docs/index.html')}</loc></url><url><loc>${u('/docs/orphan.html')}</loc></url><url><loc>${u('/other/outside.html')}</loc></url></urlset>`,
      ),
  );
  server.on(
    '/docs/index.html',
    html(
      page('Harbour guide', 'The harbour guide explains mooring fees for visiting sailboats.', [
        'a.html',
        'b.html#tides',
        'a.html',
        'private/secret.html',
        'loop.html',
        'missing.html',
        'http://10.0.0.1/admin',
        '../other/outside.html',
        'https://example.org/elsewhere',
        'skip-me.html',
        'chart.png',
        'mailto:harbour@example.com',
      ]),
    ),
  );
  server.on('/docs/a.html', html(page('Anchoring', 'Anchoring is allowed east of the breakwater on sandy ground.', ['deep/c.html', 'index.html'])));
  server.on('/docs/b.html', html(page('Tides', 'Spring tides flood the lower quay twice a month.', ['index.html'])));
  server.on('/docs/deep/c.html', html(page('Lighthouse', 'The lighthouse keeper logs every passing ferry.', ['d.html'])));
  server.on('/docs/deep/d.html', html(page('Too deep', 'This page is three links away from the start.', [])));
  server.on('/docs/orphan.html', html(page('Orphan page', 'Only the sitemap knows about the fish market opening hours.', [])));
  server.on('/docs/private/secret.html', html(page('Secret', 'Robots may not read this.', [])));
  server.on('/docs/skip-me.html', html(page('Skipped', 'Excluded by a pattern.', [])));
  server.on('/other/outside.html', html(page('Outside', 'Outside the path scope.', [])));
  server.on('/docs/loop.html', (_q, res) => res.writeHead(302, { location: '/docs/loop2.html' }).end());
  server.on('/docs/loop2.html', (_q, res) => res.writeHead(302, { location: '/docs/loop.html' }).end());
});

afterAll(async () => {
  overrideConfig({ IMPORT_CRAWL_DELAY_MS: undefined });
  await server.close();
});

async function startCrawl(body: Record<string, unknown>, token = tenant.apiKey) {
  return call(site.POST, 'POST', '/searcher/v1/upload/site', { token, body });
}

type Progress = {
  state: string;
  counts: Record<string, number>;
  crawl: Record<string, unknown>;
  items: { url: string; state: string; error: string | null; passages: number }[];
};

async function progress(id: number): Promise<Progress> {
  const res = await call(uploadOne.GET, 'GET', `/searcher/v1/upload/${id}`, { token: tenant.apiKey, params: { upload_id: String(id) } });
  expect(res.status).toBe(200);
  return res.body as Progress;
}

/** Three workers at once, as the app runs them, until the crawl is settled. */
async function crawlUntilSettled(id: number): Promise<Progress> {
  for (let i = 0; i < 100; i++) {
    await Promise.all([1, 2, 3].map((n) => drainUploads({ workerId: `crawl-${id}-${n}-${i}`, projectId: tenant.project.id })));
    const p = await progress(id);
    if (p.counts.total > 0 && p.counts.done + p.counts.failed === p.counts.total) return p;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('crawl did not settle');
}

describe('crawl a website', () => {
  it('reads the sitemap and robots.txt, follows links within scope, depth and patterns, and says why pages failed', async () => {
    const res = await startCrawl({
      dataset_name: 'Harbour',
      site: { url: server.url('/docs/index.html'), max_depth: 2, scope: 'path', exclude: ['/docs/skip-*'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Crawl started', id: expect.any(Number), crawl_id: expect.any(Number) });
    const p = await crawlUntilSettled(res.body.id);

    const byPath = Object.fromEntries(p.items.map((i) => [new URL(i.url).pathname === '/admin' ? 'private-address' : new URL(i.url).pathname, i]));
    expect(Object.keys(byPath).sort()).toEqual(
      [
        '/docs/index.html',
        '/docs/a.html',
        '/docs/b.html',
        '/docs/deep/c.html',
        '/docs/orphan.html',
        '/docs/private/secret.html',
        '/docs/loop.html',
        '/docs/missing.html',
        'private-address',
      ].sort(),
    );
    for (const indexed of ['/docs/index.html', '/docs/a.html', '/docs/b.html', '/docs/deep/c.html', '/docs/orphan.html']) {
      expect(byPath[indexed]).toMatchObject({ state: 'done', error: null });
      expect(byPath[indexed].passages).toBeGreaterThan(0);
    }
    expect(byPath['/docs/private/secret.html']).toMatchObject({ state: 'failed', error: expect.stringContaining('robots.txt disallows') });
    expect(byPath['/docs/loop.html']).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^Redirect loop: .*loop2\.html redirects back to .*loop\.html$/),
    });
    expect(byPath['/docs/missing.html']).toMatchObject({ state: 'failed', error: 'The server answered 404 Not Found' });
    expect(byPath['private-address']).toMatchObject({ state: 'failed', error: expect.stringContaining('10.0.0.1 is a private (RFC 1918) address') });
    expect(byPath['private-address'].error).toMatch(/^Not fetched/);

    // Never requested: disallowed, out of scope, excluded, too deep, not a document.
    for (const path of ['/docs/private/secret.html', '/other/outside.html', '/docs/skip-me.html', '/docs/deep/d.html', '/docs/chart.png'])
      expect(server.hits.get(path) ?? 0).toBe(0);
    // Each page once (the fragment and the repeated link are the same page); robots.txt and the sitemap once.
    for (const path of ['/docs/index.html', '/docs/a.html', '/docs/b.html', '/robots.txt', '/sitemap.xml']) expect(server.hits.get(path)).toBe(1);
    // Polite: never more than two requests to the site at once, with three workers.
    expect(maxInFlight).toBeLessThanOrEqual(2);

    expect(p.state).toBe('partial');
    expect(p.crawl).toMatchObject({
      start_url: server.url('/docs/index.html'),
      max_pages: 100,
      max_depth: 2,
      scope: 'path',
      exclude: ['/docs/skip-*'],
      found: 9,
      fetched: 5,
      indexed: 5,
      failed: 4,
      disallowed_by_robots: 1,
      over_limit: 0,
      sitemap_urls: 3,
      robots_txt: true,
    });
    const contents = await db().content.findMany({
      where: { datasetId, importUrl: { not: null } },
      select: { name: true, subject: { select: { name: true } }, contentHash: true },
    });
    expect(contents.map((c) => c.name).sort()).toEqual(['Anchoring', 'Harbour guide', 'Lighthouse', 'Orphan page', 'Tides']);
    expect(contents.every((c) => c.subject.name === '127.0.0.1' && /^[0-9a-f]{64}$/.test(c.contentHash ?? ''))).toBe(true);
  });

  it('stops adding pages at max_pages and counts the links it left', async () => {
    const res = await startCrawl({
      dataset_name: 'Harbour',
      name: 'Small crawl',
      subject_name: 'Harbour pages',
      site: { url: server.url('/docs/index.html'), max_pages: 3, max_depth: 1, include: ['/docs/'] },
    });
    expect(res.status).toBe(200);
    const p = await crawlUntilSettled(res.body.id);
    const pages = p.items.filter((i) => !i.error?.startsWith('Not fetched'));
    expect(pages).toHaveLength(3);
    expect(p.crawl.over_limit).toBeGreaterThan(0);
    expect(p.crawl.found).toBe(p.items.length);
  });
});

describe('starting a crawl', () => {
  const valid = () => ({ dataset_name: 'Harbour', site: { url: server.url('/docs/index.html') } });

  it('refuses malformed or unbounded requests with 400 {detail}', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ dataset_name: 'Harbour' }, /site/],
      [{ ...valid(), site: { url: 'ftp://example.com/' } }, /http or https/],
      [{ ...valid(), site: { url: server.url('/'), max_pages: 5001 } }, /max_pages must be at most 5000/],
      [{ ...valid(), site: { url: server.url('/'), max_pages: 0 } }, /max_pages must be at least 1/],
      [{ ...valid(), site: { url: server.url('/'), max_depth: 11 } }, /max_depth must be at most 10/],
      [{ ...valid(), site: { url: server.url('/'), scope: 'world' } }, /scope must be "host" or "path"/],
      [{ ...valid(), site: { url: server.url('/'), include: Array(21).fill('/a') } }, /include may hold at most 20 patterns/],
      [{ ...valid(), site: { url: server.url('/'), exclude: ['x'.repeat(201)] } }, /at most 200 characters/],
      [{ ...valid(), site: { url: server.url('/'), depth: 2 } }, /depth/],
      [
        { ...valid(), site: { url: 'http://10.0.0.1/' } },
        /site\.url: http:\/\/10\.0\.0\.1\/ cannot be crawled\. Refused 10\.0\.0\.1: 10\.0\.0\.1 is a private/,
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await startCrawl(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
  });

  it('404 for a dataset that is not in the caller’s project; 403 for a VIEWER', async () => {
    const other = await createTenant('crawl-other');
    await createKnowledge(other, 'Secret');
    const res = await startCrawl({ dataset_name: 'Secret', site: { url: server.url('/docs/index.html') } });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Dataset "Secret" not found in this project');
    const viewer = await call(site.POST, 'POST', '/searcher/v1/upload/site', asMember(tenant, 'VIEWER', { body: valid() }));
    expect(viewer.status).toBe(403);
    expect(viewer.body.detail).toBe('The VIEWER role cannot change data');
  });
});
