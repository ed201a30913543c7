import { defineConfig } from 'vitest/config';
import path from 'node:path';

// Two tiers: `unit` (pure logic, no database) and `api` (route handlers and
// domain code against a real database: a SQLite file per worker, or the
// PostgreSQL database named by TEST_DATABASE_URL).
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global.ts'],
          setupFiles: ['tests/setup/worker.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
