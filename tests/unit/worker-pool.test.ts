// The worker-thread pool under the import's parse threads, with a real
// worker script: jobs come back to their callers in order, a worker that
// dies (crash, heap limit, time limit) fails only its job and is replaced.
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool, WorkerFailure } from '@/lib/server/worker-pool';

type Input = { op: 'echo'; value: number; delayMs?: number } | { op: 'fail'; message: string } | { op: 'exit' | 'hog' | 'spin' };
type Output = { value: number; threadId: number; startedAt: number; endedAt: number };

const script = new URL('../fixtures/workers/test-worker.mjs', import.meta.url);
const pools: WorkerPool<Input, Output>[] = [];

function pool(size: number, timeoutMs = 10_000, jobsPerWorker = 1): WorkerPool<Input, Output> {
  const made = new WorkerPool<Input, Output>({
    size,
    timeoutMs,
    jobsPerWorker,
    spawn: () => new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: 16 } }),
    decodeError: (e) => new Error(`decoded: ${(e as { message: string }).message}`),
  });
  pools.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('WorkerPool', () => {
  it('runs jobs in submission order on one thread and answers each caller with its own result', async () => {
    const one = pool(1);
    const finished: number[] = [];
    const delays = [60, 5, 30, 0, 10];
    const results = await Promise.all(delays.map((delayMs, value) => one.run({ op: 'echo', value, delayMs }).then((r) => (finished.push(r.value), r))));
    expect(results.map((r) => r.value)).toEqual([0, 1, 2, 3, 4]);
    expect(finished).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(1);
    expect(one.threads).toBe(1);
  });

  it('runs as many jobs at once as it has threads, never more', async () => {
    const two = pool(2);
    const results = await Promise.all([0, 1, 2, 3].map((value) => two.run({ op: 'echo', value, delayMs: 200 })));
    expect(results.map((r) => r.value)).toEqual([0, 1, 2, 3]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    // The most jobs running at one moment (from the workers' own clocks): exactly the pool's size.
    const runningAt = (t: number) => results.filter((r) => r.startedAt <= t && t < r.endedAt).length;
    expect(Math.max(...results.map((r) => runningAt(r.startedAt)))).toBe(2);
    expect(two.threads).toBe(2);
  });

  it('a job that reports an error fails alone; its worker goes on', async () => {
    const one = pool(1);
    const before = await one.run({ op: 'echo', value: 1 });
    await expect(one.run({ op: 'fail', message: 'bad file' })).rejects.toThrow('decoded: bad file');
    const after = await one.run({ op: 'echo', value: 2 });
    expect(after.threadId).toBe(before.threadId);
  });

  it('a worker that exits fails its job as a crash and is replaced; queued jobs still run', async () => {
    const one = pool(1);
    const first = await one.run({ op: 'echo', value: 1 });
    const crash = one.run({ op: 'exit' });
    const queued = one.run({ op: 'echo', value: 2 });
    const failure = await crash.catch((e) => e);
    expect(failure).toBeInstanceOf(WorkerFailure);
    expect(failure.kind).toBe('crash');
    const next = await queued;
    expect(next.value).toBe(2);
    expect(next.threadId).not.toBe(first.threadId);
    expect(one.threads).toBe(1);
  });

  it('a worker over its heap limit fails its job as out of memory; the next job runs on a fresh worker', async () => {
    const one = pool(1);
    const failure = await one.run({ op: 'hog' }).catch((e) => e);
    expect(failure).toBeInstanceOf(WorkerFailure);
    expect(failure.kind).toBe('memory');
    expect((await one.run({ op: 'echo', value: 7 })).value).toBe(7);
  }, 20_000);

  it('a job over its time limit is stopped with its worker; the pool goes on', async () => {
    // The limit also covers a fresh worker's start-up, so it leaves room for that on a busy machine.
    const one = pool(1, 1500);
    const started = Date.now();
    const failure = await one.run({ op: 'spin' }).catch((e) => e);
    expect(failure).toBeInstanceOf(WorkerFailure);
    expect(failure.kind).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1490);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await one.run({ op: 'echo', value: 8 })).value).toBe(8);
  });

  it('with several jobs a worker, a job waiting on something lets the next one start on the same thread', async () => {
    const one = pool(1, 10_000, 3);
    const results = await Promise.all([0, 1, 2, 3].map((value) => one.run({ op: 'echo', value, delayMs: 200 })));
    expect(results.map((r) => r.value)).toEqual([0, 1, 2, 3]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(1);
    const runningAt = (t: number) => results.filter((r) => r.startedAt <= t && t < r.endedAt).length;
    expect(Math.max(...results.map((r) => runningAt(r.startedAt)))).toBe(3);
  });

  it('a second worker is started before a busy one takes a second job', async () => {
    const two = pool(2, 10_000, 4);
    const results = await Promise.all([0, 1].map((value) => two.run({ op: 'echo', value, delayMs: 100 })));
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
  });

  it('a worker that dies fails every job it held, and only those', async () => {
    const one = pool(1, 10_000, 2);
    const held = one.run({ op: 'echo', value: 1, delayMs: 300 });
    const crash = one.run({ op: 'exit' });
    const queued = one.run({ op: 'echo', value: 2 });
    expect((await held.catch((e) => e)).kind).toBe('crash');
    expect((await crash.catch((e) => e)).kind).toBe('crash');
    expect((await queued).value).toBe(2);
  });

  it('warm() starts the workers before any job; close() waits for running jobs', async () => {
    const two = new WorkerPool<Input, Output>({ size: 2, timeoutMs: 10_000, idleMs: Number.POSITIVE_INFINITY, spawn: () => new Worker(script) });
    two.warm();
    expect(two.threads).toBe(2);
    const running = two.run({ op: 'echo', value: 5, delayMs: 150 });
    await two.close();
    expect((await running).value).toBe(5);
    expect(two.threads).toBe(0);
  });

  it('refuses jobs once closed', async () => {
    const one = pool(1);
    await one.run({ op: 'echo', value: 1 });
    await one.close();
    expect(one.threads).toBe(0);
    await expect(one.run({ op: 'echo', value: 2 })).rejects.toThrow('The worker pool is closed');
  });
});
