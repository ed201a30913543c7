// A small pool of worker threads that take jobs in the order they were
// submitted, each worker up to `jobsPerWorker` at a time (the import's parse
// threads one: a parse is pure computation; search threads several: a search
// mostly waits on its database). A worker that dies (out of its memory
// limit, a crash, or stopped because a job ran over its time) fails the jobs
// it held only: it is thrown away and a fresh one is started for the next
// job. Idle workers end after a while, so an app that imports nothing does
// not keep their heaps.
//
// Protocol: the pool posts `{ id, input }`; the worker answers
// `{ id, ok: true, output }` or `{ id, ok: false, error }`, optionally with
// `heapBytes` (its V8 heap size): V8 keeps a heap it grew for a big job, so
// a worker above `recycleAboveBytes` is replaced once its jobs are done.
import type { Transferable, Worker } from 'node:worker_threads';

export type PoolOptions = {
  size: number;
  /** Jobs one worker holds at once (default 1). */
  jobsPerWorker?: number;
  /** Starts one worker; called again to replace one that died. */
  spawn: () => Worker;
  /** A job that runs longer is stopped (its worker is terminated, failing the jobs it held). */
  timeoutMs: number;
  /** A worker left idle this long is ended (Infinity: never). */
  idleMs?: number;
  /** A worker whose reported heap is larger after a job is ended (a fresh one takes the next job). */
  recycleAboveBytes?: number;
  /** Turns the error a worker reported for a job into the Error the caller sees. */
  decodeError?: (error: unknown) => Error;
};

export type WorkerFailureKind = 'memory' | 'timeout' | 'crash';

/** The job's worker died: out of memory, over time, or crashed. */
export class WorkerFailure extends Error {
  constructor(
    readonly kind: WorkerFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerFailure';
  }
}

type Job = {
  id: number;
  input: unknown;
  transfer: Transferable[];
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};
type Slot = {
  worker: Worker;
  jobs: Map<number, Job>;
  idle?: NodeJS.Timeout;
  dead: boolean;
  /** Over its heap limit: takes no new job and ends when its jobs are done. */
  retiring: boolean;
  /** Called when its last job is done (close() waits for it). */
  drained?: () => void;
};
type Reply = ({ id: number; ok: true; output: unknown } | { id: number; ok: false; error: unknown }) & { heapBytes?: number };

const DEFAULT_IDLE_MS = 30_000;

export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot>();
  private readonly waiting: Job[] = [];
  private readonly jobsPerWorker: number;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    if (options.size < 1) throw new Error('A worker pool needs at least one worker');
    this.jobsPerWorker = Math.max(1, options.jobsPerWorker ?? 1);
  }

  /** Runs a job on the least busy worker with room; `transfer` lists buffers moved (not copied) to it. */
  run(input: In, transfer: Transferable[] = []): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed'));
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, input, transfer, resolve: resolve as (o: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Starts the workers now rather than on the first job (their start-up is then off the first caller's path). */
  warm(): void {
    while (!this.closed && this.slots.size < this.options.size) this.idleAfterwards(this.spawn());
  }

  /** Workers alive now (busy or idle). */
  get threads(): number {
    return this.slots.size;
  }

  /** Lets running jobs finish, fails waiting ones, then ends every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('The worker pool is closed'));
    const ends = [...this.slots].map(async (slot) => {
      if (slot.jobs.size) await new Promise<void>((r) => (slot.drained = r));
      this.retire(slot);
    });
    await Promise.all(ends);
  }

  private dispatch(): void {
    while (this.waiting.length) {
      const slot = this.slotWithRoom();
      if (!slot) return;
      this.start(slot, this.waiting.shift()!);
    }
  }

  private slotWithRoom(): Slot | null {
    let best: Slot | null = null;
    for (const slot of this.slots) {
      if (slot.dead || slot.retiring || slot.jobs.size >= this.jobsPerWorker) continue;
      if (!best || slot.jobs.size < best.jobs.size) best = slot;
    }
    // A new worker rather than a second job on a busy one, while the pool may grow.
    if (best?.jobs.size === 0 || this.slots.size >= this.options.size) return best;
    return this.spawn();
  }

  private spawn(): Slot {
    const slot: Slot = { worker: this.options.spawn(), jobs: new Map(), dead: false, retiring: false };
    this.slots.add(slot);
    slot.worker.unref();
    slot.worker.on('message', (reply: Reply) => this.settle(slot, reply));
    slot.worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.fail(slot, new WorkerFailure(memory ? 'memory' : 'crash', error.message));
    });
    slot.worker.on('exit', (code) => this.fail(slot, new WorkerFailure('crash', `the worker exited with code ${code}`)));
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    clearTimeout(slot.idle);
    slot.jobs.set(job.id, job);
    // A busy worker keeps the process alive until its answers; an idle one does not.
    slot.worker.ref();
    job.timer = setTimeout(() => {
      this.fail(slot, new WorkerFailure('timeout', `the job ran longer than ${this.options.timeoutMs} ms`));
    }, this.options.timeoutMs);
    try {
      slot.worker.postMessage({ id: job.id, input: job.input }, job.transfer);
    } catch (error) {
      // The input could not be cloned: that job's fault, the worker is fine.
      this.finish(slot, job);
      job.reject(error as Error);
      this.dispatch();
    }
  }

  private settle(slot: Slot, reply: Reply): void {
    const job = slot.jobs.get(reply.id);
    if (!job) return;
    const limit = this.options.recycleAboveBytes;
    if (limit !== undefined && (reply.heapBytes ?? 0) > limit) slot.retiring = true;
    this.finish(slot, job);
    if (reply.ok) job.resolve(reply.output);
    else job.reject(this.options.decodeError?.(reply.error) ?? new Error(String((reply.error as { message?: unknown })?.message ?? reply.error)));
    this.dispatch();
  }

  private finish(slot: Slot, job: Job): void {
    clearTimeout(job.timer);
    slot.jobs.delete(job.id);
    if (slot.jobs.size) return;
    slot.worker.unref();
    slot.drained?.();
    if (this.closed || slot.retiring) return this.retire(slot);
    this.idleAfterwards(slot);
  }

  private idleAfterwards(slot: Slot): void {
    const idleMs = this.options.idleMs ?? DEFAULT_IDLE_MS;
    if (!Number.isFinite(idleMs)) return;
    slot.idle = setTimeout(() => !slot.jobs.size && this.retire(slot), idleMs);
    slot.idle.unref();
  }

  /** The worker died or must be stopped: its jobs fail, a new worker will take the next job. */
  private fail(slot: Slot, failure: WorkerFailure): void {
    if (slot.dead) return;
    const jobs = [...slot.jobs.values()];
    for (const job of jobs) clearTimeout(job.timer);
    slot.jobs.clear();
    this.retire(slot);
    slot.drained?.();
    for (const job of jobs) job.reject(failure);
    if (!this.closed) this.dispatch();
  }

  private retire(slot: Slot): void {
    clearTimeout(slot.idle);
    if (!slot.dead) {
      slot.dead = true;
      void slot.worker.terminate();
    }
    this.slots.delete(slot);
  }
}
