// Two app instances share one import queue: each runs its workers in its own
// process; one is killed (SIGKILL) in the middle of an import, and every item
// still finishes, exactly once — its lease runs out and the other instance
// takes the item. Runs on the database of the test run (SQLite file or
// PostgreSQL), with real processes, a real file server and real files.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/http';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import { startFileServer, type FileServer } from '../helpers/file-server';
import { db } from '@/lib/db/client';
import * as upload from '@/app/searcher/v1/upload/route';

const FILES = 8;
const LEASE_MS = 1_500;
let server: FileServer;
let tenant: Tenant;
const children: ChildProcess[] = [];

function instance(name: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/helpers/drain-process.ts')], {
    env: {
      ...process.env,
      DRAIN_PROJECT_ID: String(tenant.project.id),
      DRAIN_WORKER_ID: name,
      IMPORT_LEASE_MS: String(LEASE_MS),
      IMPORT_ALLOW_LOOPBACK: '1',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d}`));
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  server = await startFileServer();
  tenant = await createTenant('instances');
  await createKnowledge(tenant, 'Shared queue');
  // Each file takes a while to send, so an instance is caught holding one.
  for (let i = 1; i <= FILES; i++) {
    server.on(`/slow-${i}.txt`, (_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end(`Document ${i}. The harbour ${i} opens at dawn and closes at dusk.`), 400);
    });
  }
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(children.map(exited));
  await server.close();
});

describe('two instances, one killed mid-import', () => {
  it('every item finishes exactly once', { timeout: 120_000 }, async () => {
    const urls = Array.from({ length: FILES }, (_, i) => server.url(`/slow-${i + 1}.txt`));
    const res = await call(upload.POST, 'POST', '/searcher/v1/upload', {
      token: tenant.apiKey,
      body: { name: 'two instances', uploads: urls.map((url) => ({ url, dataset_name: 'Shared queue' })) },
    });
    expect(res.status).toBe(200);
    const uploadId = res.body.id as number;

    const a = instance('instance-a');
    instance('instance-b');
    // Kill A while it holds an item.
    const held = await waitFor('instance A to claim an item', () => db().uploadItem.findFirst({ where: { uploadId, lockedBy: 'instance-a' } }));
    a.kill('SIGKILL');
    await exited(a);
    expect(a.signalCode).toBe('SIGKILL');

    const items = await waitFor('every item to finish', async () => {
      const rows = await db().uploadItem.findMany({ where: { uploadId } });
      return rows.every((r) => r.state === 'done' || r.state === 'failed') ? rows : null;
    });
    expect(items.map((i) => i.state)).toEqual(Array(FILES).fill('done'));
    // The item A was killed on was taken again by B after its lease ran out.
    const retaken = items.find((i) => i.id === held.id)!;
    expect(retaken.attempts).toBeGreaterThanOrEqual(2);
    // Exactly once: one content per file, each with the passages its item reports, no duplicates.
    const contents = await db().content.findMany({
      where: { dataset: { projectId: tenant.project.id }, importUrl: { in: urls } },
      include: { _count: { select: { passages: true } } },
    });
    expect(contents.map((c) => c.importUrl).sort()).toEqual([...urls].sort());
    for (const item of items) {
      const content = contents.find((c) => c.id === item.contentId);
      expect(content, `content of ${item.url}`).toBeDefined();
      expect(content!._count.passages).toBe(item.passageCount);
    }
  });
});
