// Applies the committed migrations of the active provider, once each, at
// start and in tests. Applied migrations are recorded in `_prisma_migrations`
// with Prisma's own columns and checksum, so `prisma migrate deploy` on a
// machine with internet sees the same history.
// Several processes may start at once: SQLite serialises them with
// BEGIN IMMEDIATE, PostgreSQL with an advisory lock.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { ensurePrivateFile } from '../server/private-files';
import Database from 'better-sqlite3';
import pg from 'pg';
import { providerOf } from '../config';

type Migration = { name: string; sql: string; checksum: string };

const ADVISORY_LOCK_KEY = 72_707_369;

export function migrationsDir(provider: 'sqlite' | 'postgresql'): string {
  return path.join(process.cwd(), 'prisma', provider, 'migrations');
}

/** The names of the committed migrations of a provider, in order. */
export function committedMigrations(provider: 'sqlite' | 'postgresql'): string[] {
  return readMigrations(provider).map((m) => m.name);
}

function readMigrations(provider: 'sqlite' | 'postgresql'): Migration[] {
  const dir = migrationsDir(provider);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Returns the names of the migrations it applied. `before`: only those whose
 * names sort before it (the benchmark's seed loads rows first and lets a later
 * migration index them in bulk, as on an existing database).
 */
export async function migrateDatabase(databaseUrl: string, options: { before?: string } = {}): Promise<string[]> {
  const provider = providerOf(databaseUrl);
  const migrations = readMigrations(provider).filter((m) => options.before === undefined || m.name < options.before);
  return provider === 'sqlite' ? migrateSqlite(databaseUrl, migrations) : migratePostgres(databaseUrl, migrations);
}

export function sqliteFilePath(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, '').replace(/\?.*$/, '');
}

function migrateSqlite(databaseUrl: string, migrations: Migration[]): string[] {
  const file = sqliteFilePath(databaseUrl);
  // The database holds every organisation's data: readable by the server only.
  // SQLite gives its -wal and -shm files the database file's permissions.
  ensurePrivateFile(path.resolve(file));
  const sqlite = new Database(file, { timeout: 30_000 });
  try {
    // WAL lets readers go on while an import writes; it is a property of the file.
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      sqlite.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
        "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
        "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
        "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
      const done = new Set(
        sqlite
          .prepare('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL')
          .all()
          .map((row) => (row as { migration_name: string }).migration_name),
      );
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.name)) continue;
        const startedAt = new Date().toISOString();
        sqlite.exec(migration.sql);
        sqlite
          .prepare('INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, 1)')
          .run(crypto.randomUUID(), migration.checksum, new Date().toISOString(), migration.name, startedAt);
        applied.push(migration.name);
      }
      sqlite.exec('COMMIT');
      return applied;
    } catch (error) {
      sqlite.exec('ROLLBACK');
      throw error;
    }
  } finally {
    sqlite.close();
  }
}

async function migratePostgres(databaseUrl: string, migrations: Migration[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const { rows } = await client.query<{ migration_name: string }>('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL');
    const done = new Set(rows.map((row) => row.migration_name));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await client.query('BEGIN');
      try {
        const startedAt = new Date();
        await client.query(migration.sql);
        await client.query(
          'INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, $4, 1)',
          [crypto.randomUUID(), migration.checksum, migration.name, startedAt],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
