// Import workers inside the app process. `drainUploads` claims and
// processes items until none is due: tests await it, and each background
// worker loop calls it, then sleeps until the next poll or until a new
// upload wakes it. Workers of several processes share one queue safely
// (see queue.ts), so the app can run as several instances.
import os from 'node:os';
import crypto from 'node:crypto';
import { importConfig } from './config';
import { claimNext, fail } from './queue';
import { processItem } from './process-item';
import { closeParsePool } from './parse-pool';
import type { Resolver } from './fetch-safely';
import { wakeImportWorkers, wakeListeners } from './wake';
import { sweepUploadFiles } from './files';
import { spoolDir } from './file-uploads';
import { sweepSpool } from './upload-form';
import { metrics } from '../observability/metrics';
import { runDueSyncs } from './sync/syncs';

export type DrainOptions = {
  /** Written into locked_by; must be unique per concurrent worker. */
  workerId?: string;
  /** Stops after the current item; the item is given back to the queue. */
  signal?: AbortSignal;
  /** DNS resolver, replaceable in tests. */
  resolve?: Resolver;
  /** Only this project's uploads (tests that share a database with others). */
  projectId?: number;
};

/** Processes due items one after another until none is left; returns how many it settled. */
export async function drainUploads(options: DrainOptions = {}): Promise<number> {
  const workerId = options.workerId ?? newWorkerId('drain');
  let settled = 0;
  while (!options.signal?.aborted) {
    const config = importConfig();
    const item = await claimNext(workerId, config.leaseMs, { projectId: options.projectId });
    if (!item) break;
    if (item.attempts > config.maxAttempts) {
      // Claimed again and again after expired leases: the file keeps killing its worker.
      await fail(item.id, workerId, `Gave up after ${item.attempts - 1} attempts: the import stopped before it finished each time`);
    } else {
      const timer = metrics().importSeconds.startTimer();
      await processItem(item, { workerId, config, signal: options.signal, resolve: options.resolve });
      timer();
    }
    settled++;
  }
  return settled;
}

export function newWorkerId(label: string): string {
  return `${os.hostname()}:${process.pid}:${label}:${crypto.randomUUID().slice(0, 8)}`;
}

// Route handlers and instrumentation can live in different bundles of one
// process: the running pool is kept on globalThis so both see the same one.
type Pool = { controller: AbortController; loops: Promise<void>[] };
const holder = globalThis as unknown as { __ksImportPool?: Pool };

/** Starts IMPORT_WORKERS background loops (once per process). */
export function startImportWorkers(): void {
  if (holder.__ksImportPool) return;
  const config = importConfig();
  if (config.workers === 0) return;
  const pool: Pool = { controller: new AbortController(), loops: [] };
  holder.__ksImportPool = pool;
  for (let i = 0; i < config.workers; i++) pool.loops.push(loop(pool, newWorkerId(`w${i}`)));
  console.log(`Import workers started: ${config.workers}`);
}

/** Stops the loops; items in progress go back to the queue. */
export async function stopImportWorkers(): Promise<void> {
  const pool = holder.__ksImportPool;
  if (!pool) return;
  pool.controller.abort();
  wakeImportWorkers();
  await Promise.allSettled(pool.loops);
  holder.__ksImportPool = undefined;
  await closeParsePool();
}

/** Called after an upload is stored, so idle workers start on it now rather than at the next poll. */
export { wakeImportWorkers };

async function loop(pool: Pool, workerId: string): Promise<void> {
  const { signal } = pool.controller;
  while (!signal.aborted) {
    let settled = 0;
    try {
      settled = await drainUploads({ workerId, signal });
      // Scheduled re-syncs become items of the same queue; each starts on one instance only (syncs.ts).
      settled += await runDueSyncs();
      await sweepNowAndThen();
    } catch (error) {
      // The database may be briefly unreachable; the loop must outlive that.
      console.error(`[import] worker ${workerId}:`, error);
    }
    if (settled === 0) await idle(importConfig().pollMs);
  }
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;
const sweepState = globalThis as unknown as { __ksLastFileSweep?: number };

/**
 * At start and then every ten minutes (one loop of the process does it):
 * stored originals nothing refers to any more, and spool files left by
 * uploads that died with an earlier process.
 */
async function sweepNowAndThen(): Promise<void> {
  const now = Date.now();
  if (sweepState.__ksLastFileSweep !== undefined && now - sweepState.__ksLastFileSweep < SWEEP_EVERY_MS) return;
  sweepState.__ksLastFileSweep = now;
  const files = await sweepUploadFiles();
  const spooled = await sweepSpool(spoolDir());
  if (files || spooled) console.log(`[import] removed ${files} stored file(s) nothing refers to and ${spooled} stale spool file(s)`);
}

function idle(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wakeListeners().delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wakeListeners().add(done);
  });
}
