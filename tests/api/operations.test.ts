// Readiness, metrics and request logs (issue 13): /api/ready checks the
// database and its migrations, /api/metrics speaks Prometheus text and counts
// requests under their route pattern, every request logs one JSON line
// without secrets.
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { overrideConfig } from '@/lib/config';
import Database from 'better-sqlite3';
import { call } from '../helpers/http';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import { createDb, type Db } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { readiness } from '@/lib/server/readiness';
import { peerStamp, PEER_HEADER } from '@/lib/http/client-address';
import { pino, setLogger } from '@/lib/observability/log';
import * as ready from '@/app/api/ready/route';
import * as metricsRoute from '@/app/api/metrics/route';
import * as dataset from '@/app/searcher/v1/datasets/[dataset_id]/route';
import * as token from '@/app/api/v1/auth/token/route';

const local = { headers: { [PEER_HEADER]: peerStamp('127.0.0.1') } };

let a: Tenant;
beforeAll(async () => {
  a = await createTenant('ops');
});

describe('GET /api/ready', () => {
  it('is ready on the migrated database of this run', async () => {
    const res = await call(ready.GET, 'GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('is 503 naming the migration whose row is missing, and when there is no migration table (scratch SQLite file)', async () => {
    const file = path.join(process.env.DATA_DIR!, `ready-${Date.now()}.db`);
    await migrateDatabase(`file:${file}`);
    const sqlite = new Database(file);
    const last = (sqlite.prepare('SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1').get() as { migration_name: string })
      .migration_name;
    sqlite.prepare('DELETE FROM _prisma_migrations WHERE migration_name = ?').run(last);
    sqlite.close();
    const client = createDb(`file:${file}`);
    const holder = globalThis as unknown as { __ksDb?: Db };
    const own = holder.__ksDb;
    try {
      expect(await readiness(client, 'sqlite')).toEqual({ ready: false, detail: `1 migration is not applied: ${last}` });
      // The route itself, with this process's client pointed at the scratch file for one call.
      holder.__ksDb = client;
      const res = await call(ready.GET, 'GET', '/api/ready').finally(() => (holder.__ksDb = own));
      // (Both providers have the same migration names, so this holds on a PostgreSQL run too.)
      expect(res).toMatchObject({ status: 503, body: { detail: `1 migration is not applied: ${last}` } });
      await client.$executeRawUnsafe('DROP TABLE _prisma_migrations');
      expect(await readiness(client, 'sqlite')).toEqual({ ready: false, detail: 'The database has no migrations applied (no _prisma_migrations table)' });
    } finally {
      await client.$disconnect();
      fs.rmSync(file, { force: true });
    }
  });
});

describe('GET /api/metrics', () => {
  afterEach(() => overrideConfig());

  it('is open to this machine only, or to the bearer of METRICS_TOKEN when set', async () => {
    expect((await call(metricsRoute.GET, 'GET', '/api/metrics')).status).toBe(403);
    expect((await call(metricsRoute.GET, 'GET', '/api/metrics', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(403);
    expect((await call(metricsRoute.GET, 'GET', '/api/metrics', { headers: { [PEER_HEADER]: peerStamp('203.0.113.9') } })).status).toBe(403);
    expect((await call(metricsRoute.GET, 'GET', '/api/metrics', local)).status).toBe(200);
    overrideConfig({ METRICS_TOKEN: 'scrape-secret-123' });
    const refused = await call(metricsRoute.GET, 'GET', '/api/metrics', local);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: 'The metrics need Authorization: Bearer <METRICS_TOKEN>' });
    expect((await call(metricsRoute.GET, 'GET', '/api/metrics', { token: 'wrong' })).status).toBe(401);
    expect((await call(metricsRoute.GET, 'GET', '/api/metrics', { token: 'scrape-secret-123' })).status).toBe(200);
  });

  it('counts a request under its route pattern and status class, and the text parses', async () => {
    const { dataset: ds } = await createKnowledge(a, 'Metrics');
    const before = sample(await scrape(), 'http_requests_total', { route: '/searcher/v1/datasets/[dataset_id]', method: 'GET', status_class: '2xx' });
    const got = await call(dataset.GET, 'GET', `/searcher/v1/datasets/${ds.id}`, { token: a.apiKey, params: { dataset_id: String(ds.id) } });
    expect(got.status).toBe(200);
    await call(dataset.GET, 'GET', '/searcher/v1/datasets/999999999', { token: a.apiKey, params: { dataset_id: '999999999' } });
    const text = await scrape();
    expect(sample(text, 'http_requests_total', { route: '/searcher/v1/datasets/[dataset_id]', method: 'GET', status_class: '2xx' })).toBe(before + 1);
    expect(sample(text, 'http_requests_total', { route: '/searcher/v1/datasets/[dataset_id]', method: 'GET', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/searcher/v1/datasets/${ds.id}"`);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/searcher/v1/datasets/[dataset_id]', method: 'GET', status_class: '2xx' })).toBe(
      before + 1,
    );
    for (const name of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'import_items_failed_total'])
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    expect(text).toMatch(/^import_queue_items\{state="queued"\} \d+$/m);
    expect(text).toMatch(/^import_queue_items\{state="failed"\} \d+$/m);
    expect(text).toContain('# TYPE search_phase_duration_seconds histogram');
    expect(text).toContain('# TYPE import_item_duration_seconds histogram');
    // Every line is a comment or `name{labels} value`.
    for (const line of text.split('\n').filter(Boolean))
      expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|[a-zA-Z_:][\w:]*(\{([a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})? -?(\d+(\.\d+)?(e[+-]?\d+)?|NaN|\+Inf|-Inf))$/i);
  });
});

describe('request logs', () => {
  afterEach(() => setLogger(undefined));

  function capture(level: string): string[] {
    const lines: string[] = [];
    setLogger(
      pino(
        { level, formatters: { level: (label) => ({ level: label }) }, redact: { paths: ['body.password', 'body.token'], censor: '[redacted]' } },
        new Writable({
          write(chunk, _, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      ),
    );
    return lines;
  }

  it('one JSON line per request: request id, route pattern, method, status, duration, organisation; no token', async () => {
    const lines = capture('info');
    const { dataset: ds } = await createKnowledge(a, 'Logged');
    await call(dataset.GET, 'GET', `/searcher/v1/datasets/${ds.id}`, {
      token: a.apiKey,
      params: { dataset_id: String(ds.id) },
      headers: { 'x-request-id': 'req-log-1' },
    });
    const line = JSON.parse(lines.find((l) => l.includes('req-log-1'))!);
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      request_id: 'req-log-1',
      route: '/searcher/v1/datasets/[dataset_id]',
      method: 'GET',
      status: 200,
      organization_id: a.organization.id,
      auth: 'apiKey',
    });
    expect(typeof line.duration_ms).toBe('number');
    expect(lines.join('')).not.toContain(a.apiKey);
  });

  it('never logs the password or the body at info; at debug the body is logged with the password redacted', async () => {
    const lines = capture('info');
    const body = { email: a.users.OWNER.email, password: 'not-the-password-xyz' };
    const failed = await call(token.POST, 'POST', '/api/v1/auth/token', { body, headers: { 'x-request-id': 'req-log-2' } });
    expect(failed.status).toBe(401);
    expect(lines.join('')).not.toContain('not-the-password-xyz');
    expect(lines.join('')).not.toContain(a.users.OWNER.email);
    const debug = capture('debug');
    await call(token.POST, 'POST', '/api/v1/auth/token', { body, headers: { 'x-request-id': 'req-log-3' } });
    const line = JSON.parse(debug.find((l) => l.includes('req-log-3'))!);
    expect(line.body).toEqual({ email: a.users.OWNER.email, password: '[redacted]' });
  });
});

async function scrape(): Promise<string> {
  const res = await call(metricsRoute.GET, 'GET', '/api/metrics', local);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.body as string;
}

function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const match = /^([\w:]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...match[2].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v) && Object.keys(found).length === Object.keys(labels).length) return Number(match[3]);
  }
  return 0;
}
