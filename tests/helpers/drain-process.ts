// Another app instance's import worker, as its own process, for the
// multi-instance test: drains one project's queue until the test stops it
// (SIGTERM) or kills it (SIGKILL). The database and lease length come from
// the environment like the app's own.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drainUploads } from '../../lib/ingest/worker';
import { setParseWorkerSpawner } from '../../lib/ingest/parse-pool';

setParseWorkerSpawner(
  (options) => new Worker(new URL('./ts-worker.mjs', import.meta.url), { ...options, workerData: { tsEntry: path.resolve('lib/ingest/parse-worker.ts') } }),
);

const projectId = Number(process.env.DRAIN_PROJECT_ID);
const workerId = process.env.DRAIN_WORKER_ID ?? `process-${process.pid}`;
let stopping = false;
process.on('SIGTERM', () => (stopping = true));

while (!stopping) {
  await drainUploads({ workerId, projectId });
  await new Promise((r) => setTimeout(r, 100));
}
process.exit(0);
