// Generates one Prisma client per database provider (SQLite and PostgreSQL)
// so a single build can serve either; lib/db picks one from DATABASE_URL.
//
// The Prisma CLI wants to download its Rust schema engine before `generate`,
// which these offline machines cannot do. `generate` itself only needs the
// WebAssembly tools shipped in the package, and pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips the download check.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { syncProviderSchemas } from './prisma-schemas.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
syncProviderSchemas(root);

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? fileURLToPath(import.meta.url),
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
for (const provider of ['sqlite', 'postgresql']) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/prisma/build/index.js'), 'generate', '--schema', `prisma/${provider}/schema.prisma`],
    { cwd: root, env, stdio: 'inherit' },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
