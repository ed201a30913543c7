// Prepares the database of an API test run: a fresh, migrated SQLite
// template (copied per worker) or the PostgreSQL database of TEST_DATABASE_URL.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../../lib/db/migrate';

export default async function setup(project: TestProject) {
  const runDir = path.resolve('data/test', `run-${Date.now()}-${process.pid}`);
  fs.mkdirSync(runDir, { recursive: true });
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    await migrateDatabase(postgresUrl);
    project.provide('databaseUrl', postgresUrl);
  } else {
    const template = path.join(runDir, 'template.db');
    await migrateDatabase(`file:${template}`);
    project.provide('databaseUrl', `file:${template}`);
  }
  project.provide('runDir', runDir);
  return () => {
    if (!process.env.KEEP_TEST_DATA) fs.rmSync(runDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    runDir: string;
  }
}
