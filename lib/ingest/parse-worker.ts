// Entry of a parse thread (see parse-pool.ts): parses one file at a time and
// answers with its passages, or with the reason it could not be read. Thrown
// ImportErrors cross the thread boundary as plain data and are rebuilt on
// the other side.
import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { parseAndChunk, type EncodedError, type ParseInput } from './parse-job';
import { ImportError } from './errors';

if (!parentPort) throw new Error('parse-worker.ts runs as a worker thread only');
const port = parentPort;

// Each answer carries the thread's heap size, so the pool can replace a thread that a big file left bloated.
const heapBytes = () => v8.getHeapStatistics().total_heap_size;

port.on('message', async ({ id, input }: { id: number; input: ParseInput }) => {
  try {
    const output = await parseAndChunk(input);
    port.postMessage({ id, ok: true, output, heapBytes: heapBytes() });
  } catch (error) {
    const encoded: EncodedError =
      error instanceof ImportError
        ? { message: error.message, importError: true, transient: error.transient }
        : { message: error instanceof Error ? error.message : String(error), importError: false, transient: false, stack: (error as Error)?.stack };
    port.postMessage({ id, ok: false, error: encoded, heapBytes: heapBytes() });
  }
});
