// Entry of a retrieval thread (see retrieval-threads.ts): runs retrieval with
// the thread's own database connection and answers with the passages (and the words read as others), or
// with the error's message. Several questions may be in flight at once: on
// PostgreSQL each mostly waits on the database.
import { parentPort } from 'node:worker_threads';
import { retrieveReading } from './retrieve';
import type { RetrievalJob } from './retrieval-threads';

if (!parentPort) throw new Error('retrieval-worker.ts runs as a worker thread only');
const port = parentPort;

port.on('message', async ({ id, input }: { id: number; input: RetrievalJob }) => {
  try {
    const output = await retrieveReading(input.datasetId, input.question, input.options);
    port.postMessage({ id, ok: true, output });
  } catch (error) {
    port.postMessage({ id, ok: false, error: { message: error instanceof Error ? error.message : String(error), stack: (error as Error)?.stack } });
  }
});
