// Retrieval runs in worker threads (SEARCH_THREADS: by default one on
// SQLite, none on PostgreSQL) when the server is busy. On SQLite every statement and
// the re-ranking are synchronous: on the server's one JavaScript thread a
// search held up every other request for its whole retrieval (≈ 13 ms of
// ≈ 30 at 100,000 passages) while the machine's second core stayed idle. A
// thread has its own database connection (SQLite's WAL lets it read what the
// server's thread has committed) and its own caches of tokenised passages;
// the server's thread keeps authentication, the answer and the recording.
//
// A question asked while the server answers nothing else stays on the
// server's thread: there a lone search measured ≈ 4 ms faster than in a
// thread (bench/search/results.md) — most likely because a thread's
// connection starts each question with an empty page cache (SQLite empties
// it whenever another connection, here the server's recording the last
// search, has written). Under load the threads take the rest.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { appConfig } from '../config';
import { AppError } from '../errors';
import { WorkerFailure, WorkerPool } from '../server/worker-pool';
import { requestsInFlight } from '../server/shutdown';
import { metrics } from '../observability/metrics';
import { retrieveReading, type Retrieval, type RetrieveOptions } from './retrieve';

export type RetrievalJob = { datasetId: number; question: string; options: RetrieveOptions };

type Spawner = (options: WorkerOptions) => Worker;
/** Questions one thread holds at once: on PostgreSQL each mostly waits on the database (the worker's pool has 10 connections). */
const JOBS_PER_THREAD = 8;
/** A retrieval still running after this long is stopped with its thread (SQLite waits at most 10 s for a lock). */
const TIMEOUT_MS = 30_000;
type Held = { threads: number; pool: WorkerPool<RetrievalJob, Retrieval> };
// Route handlers and instrumentation can be separate bundles of one process: share one pool and one count.
const holder = globalThis as unknown as { __ksRetrievalPool?: Held; __ksRetrievalSpawner?: Spawner; __ksRetrievalsRunning?: { count: number } };

/**
 * The question's passages, re-ranked and thresholded, with the words read as others (retrieve.ts): on the
 * server's thread when it answers no other request and runs no other retrieval (or there are no threads),
 * else from a retrieval thread.
 */
export async function retrievePassages(datasetId: number, question: string, options: RetrieveOptions): Promise<Retrieval> {
  const threads = appConfig().searchThreads;
  const running = runningOf();
  running.count++;
  let here = true;
  try {
    // One turn of the event loop first: requests that arrived meanwhile start and are counted. On SQLite a
    // request runs from its start to here without waiting on anything, so without the turn none would be.
    if (threads > 0) await new Promise((resolve) => setImmediate(resolve));
    here = threads === 0 || (running.count === 1 && requestsInFlight() <= 1);
    return here ? await retrieveReading(datasetId, question, options) : await retrieveInThread(datasetId, question, options);
  } finally {
    running.count--;
    // search_retrievals_total: where retrievals ran, for operators and tests alike.
    metrics().retrievals.inc({ thread: here ? 'server' : 'worker' });
  }
}

/** Retrieval in a retrieval thread (one is started if none runs); a thread that crashes costs its question nothing. */
export async function retrieveInThread(datasetId: number, question: string, options: RetrieveOptions): Promise<Retrieval> {
  const pool = poolOf(Math.max(1, appConfig().searchThreads));
  try {
    return await pool.run({ datasetId, question, options });
  } catch (error) {
    if (!(error instanceof WorkerFailure)) throw error;
    if (error.kind === 'timeout') throw new AppError('service_unavailable', 'The search took too long; try again in a moment', { 'retry-after': '5' });
    // The thread crashed (a fresh one takes the next question): this one is answered here.
    console.warn(`[search] retrieval thread failed (${error.message}); retrieving on the server's thread`);
    return retrieveReading(datasetId, question, options);
  }
}

/** Retrievals running now, on any thread. */
export const retrievalsRunning = (): number => runningOf().count;

const runningOf = () => (holder.__ksRetrievalsRunning ??= { count: 0 });

/** Starts the retrieval threads at server start, so the first question does not wait for one. */
export function warmRetrievalThreads(): void {
  const threads = appConfig().searchThreads;
  if (threads > 0) poolOf(threads).warm();
}

/** Ends the retrieval threads (tests); the next question starts new ones. */
export async function closeRetrievalThreads(): Promise<void> {
  const held = holder.__ksRetrievalPool;
  holder.__ksRetrievalPool = undefined;
  await held?.pool.close();
}

/**
 * Replaces how a retrieval thread is started, and gives back the one it replaced. Tests run the TypeScript
 * sources, which Node cannot load in a thread by itself; the app never calls this.
 */
export function setRetrievalWorkerSpawner(spawner: Spawner | undefined): Spawner | undefined {
  const before = holder.__ksRetrievalSpawner;
  holder.__ksRetrievalSpawner = spawner;
  return before;
}

function poolOf(threads: number): WorkerPool<RetrievalJob, Retrieval> {
  const held = holder.__ksRetrievalPool;
  if (held?.threads === threads) return held.pool;
  if (held) void held.pool.close();
  const pool = new WorkerPool<RetrievalJob, Retrieval>({
    size: threads,
    jobsPerWorker: JOBS_PER_THREAD,
    timeoutMs: TIMEOUT_MS,
    // A thread's start (its modules and its database connection) is not paid again after a quiet spell.
    idleMs: Number.POSITIVE_INFINITY,
    spawn: spawnRetrievalWorker,
  });
  holder.__ksRetrievalPool = { threads, pool };
  return pool;
}

function spawnRetrievalWorker(): Worker {
  const custom = holder.__ksRetrievalSpawner;
  if (custom) return custom({});
  // Turbopack builds the worker entry only from this exact form, options as an object literal (see parse-pool.ts).
  return new Worker(new URL('./retrieval-worker.ts', import.meta.url), { workerData: { role: 'retrieval' } });
}
