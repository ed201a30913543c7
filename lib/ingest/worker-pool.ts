// A small pool of worker threads that run one job at a time each, in the
// order the jobs were submitted. A worker that dies in a job (out of its
// memory limit, a crash, or stopped because the job ran over its time) fails
// that job only: it is thrown away and a fresh one is started for the next
// job. Idle workers end after a while, so an app that imports nothing does
// not keep their heaps.
//
// Protocol: the pool posts `{ id, input }`; the worker answers
// `{ id, ok: true, output }` or `{ id, ok: false, error }`, optionally with
// `heapBytes` (its V8 heap size): V8 keeps a heap it grew for a big job, so
// a worker above `recycleAboveBytes` is replaced after its job.
import type { Transferable, Worker } from 'node:worker_threads';

export type PoolOptions = {
  size: number;
  /** Starts one worker; called again to replace one that died. */
  spawn: () => Worker;
  /** A job that runs longer is stopped (its worker is terminated). */
  timeoutMs: number;
  /** A worker left idle this long is ended. */
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
};
type Slot = { worker: Worker; job: Job | null; timer?: NodeJS.Timeout; idle?: NodeJS.Timeout; dead: boolean };
type Reply = ({ id: number; ok: true; output: unknown } | { id: number; ok: false; error: unknown }) & { heapBytes?: number };

const DEFAULT_IDLE_MS = 30_000;

export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot>();
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    if (options.size < 1) throw new Error('A worker pool needs at least one worker');
  }

  /** Runs a job on the first free worker; `transfer` lists buffers moved (not copied) to it. */
  run(input: In, transfer: Transferable[] = []): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed'));
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, input, transfer, resolve: resolve as (o: unknown) => void, reject });
      this.dispatch();
    });
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
      if (slot.job) await new Promise<void>((r) => slot.worker.once('exit', () => r()).once('message', () => r()));
      this.retire(slot);
    });
    await Promise.all(ends);
  }

  private dispatch(): void {
    while (this.waiting.length) {
      const slot = this.freeSlot();
      if (!slot) return;
      this.start(slot, this.waiting.shift()!);
    }
  }

  private freeSlot(): Slot | null {
    for (const slot of this.slots) if (!slot.job && !slot.dead) return slot;
    if (this.slots.size >= this.options.size) return null;
    return this.spawn();
  }

  private spawn(): Slot {
    const slot: Slot = { worker: this.options.spawn(), job: null, dead: false };
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
    slot.job = job;
    // A busy worker keeps the process alive until its answer; an idle one does not.
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      this.fail(slot, new WorkerFailure('timeout', `the job ran longer than ${this.options.timeoutMs} ms`));
    }, this.options.timeoutMs);
    try {
      slot.worker.postMessage({ id: job.id, input: job.input }, job.transfer);
    } catch (error) {
      // The input could not be cloned: that job's fault, the worker is fine.
      this.finish(slot);
      job.reject(error as Error);
      this.dispatch();
    }
  }

  private settle(slot: Slot, reply: Reply): void {
    const job = slot.job;
    if (!job || reply.id !== job.id) return;
    this.finish(slot);
    const limit = this.options.recycleAboveBytes;
    if (limit !== undefined && (reply.heapBytes ?? 0) > limit) this.retire(slot);
    if (reply.ok) job.resolve(reply.output);
    else job.reject(this.options.decodeError?.(reply.error) ?? new Error(String((reply.error as { message?: unknown })?.message ?? reply.error)));
    this.dispatch();
  }

  private finish(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.job = null;
    slot.worker.unref();
    if (this.closed) return this.retire(slot);
    slot.idle = setTimeout(() => !slot.job && this.retire(slot), this.options.idleMs ?? DEFAULT_IDLE_MS);
    slot.idle.unref();
  }

  /** The worker died or must be stopped: its job fails, a new worker will take the next job. */
  private fail(slot: Slot, failure: WorkerFailure): void {
    if (slot.dead) return;
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = null;
    this.retire(slot);
    job?.reject(failure);
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
