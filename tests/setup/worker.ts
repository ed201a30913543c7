// Points this worker at its database before any app module reads the config.
// SQLite: each worker has its own copy of the migrated template, so workers
// never wait on each other's write locks.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { inject } from 'vitest';
import { setParseWorkerSpawner } from '../../lib/ingest/parse-pool';
import { setRetrievalWorkerSpawner } from '../../lib/search/retrieval-threads';

const databaseUrl = inject('databaseUrl');
const runDir = inject('runDir');
process.env.DATA_DIR = runDir;
process.env.IMPORT_ALLOW_LOOPBACK ??= '1';
if (databaseUrl.startsWith('file:')) {
  const template = databaseUrl.slice('file:'.length);
  const copy = path.join(runDir, `worker-${process.env.VITEST_POOL_ID ?? '0'}.db`);
  if (!fs.existsSync(copy)) fs.copyFileSync(template, copy);
  process.env.DATABASE_URL = `file:${copy}`;
} else {
  process.env.DATABASE_URL = databaseUrl;
}

// Parse threads run the TypeScript sources through tsx (the built app runs Next's bundle of them).
setParseWorkerSpawner(
  (options) =>
    new Worker(new URL('../helpers/ts-worker.mjs', import.meta.url), { ...options, workerData: { tsEntry: path.resolve('lib/ingest/parse-worker.ts') } }),
);
setRetrievalWorkerSpawner(
  (options) =>
    new Worker(new URL('../helpers/ts-worker.mjs', import.meta.url), { ...options, workerData: { tsEntry: path.resolve('lib/search/retrieval-worker.ts') } }),
);
