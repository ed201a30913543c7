// Parsing, splitting and token counting run in a pool of worker threads
// (IMPORT_PARSE_THREADS, default half the cores, at least 1), not on the
// server's own JavaScript thread: the event loop keeps answering requests
// while a big page is read. Each thread has a
// heap limit (IMPORT_PARSE_MEMORY_MB) and each file a time limit
// (IMPORT_PARSE_TIMEOUT_MS): a hostile document that passes either kills
// only its own thread, and its item fails with the reason.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { WorkerPool, WorkerFailure } from '../server/worker-pool';
import { parseLimitsOf, type EncodedError, type ParseInput, type ParseOutput } from './parse-job';
import { ImportError, refuse } from './errors';
import type { ImportConfig } from './config';

type Spawner = (options: WorkerOptions) => Worker;
/** V8's default young generation (up to 48 MB per thread) costs resident memory for little speed here. */
const YOUNG_GENERATION_MB = 16;
type Held = { key: string; pool: WorkerPool<ParseInput, ParseOutput> };
// Route handlers and instrumentation can be separate bundles of one process: share one pool.
const holder = globalThis as unknown as { __ksParsePool?: Held; __ksParseSpawner?: Spawner };

/** Parses fetched bytes in a parse thread. The bytes are moved to the thread: `bytes` is unusable afterwards. */
export async function parseInThread(bytes: Buffer, contentType: string, url: URL, config: ImportConfig): Promise<ParseOutput> {
  const pool = poolFor(config);
  // Move the memory to the thread instead of copying it when the Buffer owns its whole ArrayBuffer.
  const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const data = owned ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
  try {
    return await pool.run({ bytes: data, contentType, url: url.href, limits: parseLimitsOf(config) }, [data.buffer]);
  } catch (error) {
    throw asImportError(error, config);
  }
}

/** A dead parse thread as the import's reason; other errors as they are. */
function asImportError(error: unknown, config: ImportConfig): unknown {
  if (!(error instanceof WorkerFailure)) return error;
  if (error.kind === 'memory') return refuse(`Reading the file needed more than the ${config.parseMemoryMb} MB memory limit of a parse thread`);
  if (error.kind === 'timeout') return refuse(`Reading the file took longer than the ${formatSeconds(config.parseTimeoutMs)} time limit`);
  return refuse(`The parser stopped unexpectedly while reading the file (${error.message.slice(0, 200)})`);
}

/**
 * Parses Markdown typed in the editors in a parse thread, under the same memory and time limits as a file: a
 * hostile text of 200,000 characters (a hundred thousand nested quotes) takes the Markdown parser seconds, which
 * on the server's thread would stop every other request.
 */
export async function parseTextInThread(text: string, config: ImportConfig): Promise<ParseOutput> {
  try {
    return await poolFor(config).run({ bytes: new Uint8Array(0), contentType: 'text/markdown', url: 'text:', limits: parseLimitsOf(config), text });
  } catch (error) {
    throw asImportError(error, config);
  }
}

/** Ends the parse threads (when the import workers stop); a later parse starts new ones. */
export async function closeParsePool(): Promise<void> {
  const held = holder.__ksParsePool;
  holder.__ksParsePool = undefined;
  await held?.pool.close();
}

/**
 * Replaces how a parse thread is started. Tests run the TypeScript sources,
 * which Node cannot load in a thread by itself; the app never calls this.
 */
export function setParseWorkerSpawner(spawner: Spawner | undefined): void {
  holder.__ksParseSpawner = spawner;
}

function poolFor(config: ImportConfig): WorkerPool<ParseInput, ParseOutput> {
  const key = `${config.parseThreads}:${config.parseMemoryMb}:${config.parseTimeoutMs}`;
  const held = holder.__ksParsePool;
  if (held?.key === key) return held.pool;
  // The limits changed (tests do this): running jobs finish on the old pool.
  if (held) void held.pool.close();
  const pool = new WorkerPool<ParseInput, ParseOutput>({
    size: config.parseThreads,
    timeoutMs: config.parseTimeoutMs,
    spawn: () => spawnParseWorker(config.parseMemoryMb),
    // V8 keeps a heap it grew for a big page: a thread left above ¾ of its limit is replaced.
    recycleAboveBytes: config.parseMemoryMb * 0.75 * 1024 * 1024,
    decodeError,
  });
  holder.__ksParsePool = { key, pool };
  return pool;
}

function spawnParseWorker(memoryMb: number): Worker {
  const custom = holder.__ksParseSpawner;
  if (custom) return custom({ resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  // Next's bundler (Turbopack) recognises this exact form — `new Worker(new URL('…', import.meta.url), {object literal})`
  // — and builds parse-worker.ts with everything it imports into a worker entry of its own (the
  // serverExternalPackages such as linkedom and gpt-tokenizer are loaded from node_modules). Passing
  // the options as a variable instead makes it ship the .ts file as a plain asset, which Node cannot run.
  return new Worker(new URL('./parse-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
}

function decodeError(raw: unknown): Error {
  const encoded = raw as EncodedError;
  if (encoded.importError) return new ImportError(encoded.message, encoded.transient);
  const error = new Error(encoded.message);
  if (encoded.stack) error.stack = encoded.stack;
  return error;
}

const formatSeconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);
