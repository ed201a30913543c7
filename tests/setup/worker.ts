// Points this worker at its database before any app module reads the config.
// SQLite: each worker has its own copy of the migrated template, so workers
// never wait on each other's write locks.
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

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
