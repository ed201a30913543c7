// `npm test`: every test tier. Formatting and lint (Biome, biome.jsonc), the
// type check, unit and API tests (SQLite by default, or the PostgreSQL
// database of TEST_DATABASE_URL), then the browser tests against the built
// app. `npm test -- --skip-e2e` leaves out the browser.
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, run } from './ensure.mjs';

const skipE2e = process.argv.includes('--skip-e2e') || process.env.SKIP_E2E === '1';
ensureInstalled();
run(process.execPath, [path.join(root, 'node_modules/@biomejs/biome/bin/biome'), 'ci', '--reporter=summary', '.']);
run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.']);
run(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run']);
if (!skipE2e) {
  ensureBuilt();
  run(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test']);
}
