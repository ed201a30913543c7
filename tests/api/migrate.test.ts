import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrateDatabase, migrationsDir } from '@/lib/db/migrate';
import { appConfig } from '@/lib/config';
import { providerSchemaText } from '../../scripts/prisma-schemas.mjs';

describe('migrations', () => {
  it('the database of this run is fully migrated and a second run applies nothing', async () => {
    expect(await migrateDatabase(appConfig().databaseUrl)).toEqual([]);
  });

  it('applies every migration once to a fresh SQLite file; a second start applies nothing', async () => {
    const file = path.join(process.env.DATA_DIR!, `fresh-${Date.now()}.db`);
    const [first, second] = await Promise.all([migrateDatabase(`file:${file}`), migrateDatabase(`file:${file}`)]);
    const all = fs
      .readdirSync(migrationsDir('sqlite'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect([...first, ...second].sort()).toEqual(all);
    const sqlite = new Database(file, { readonly: true });
    const rows = sqlite.prepare('SELECT migration_name, checksum FROM _prisma_migrations ORDER BY migration_name').all() as {
      migration_name: string;
      checksum: string;
    }[];
    sqlite.close();
    expect(rows.map((r) => r.migration_name)).toEqual(all);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
  });

  it('a new data folder is private to the server: folder 0700, database and its WAL 0600, whatever the umask', async () => {
    const dir = path.join(process.env.DATA_DIR!, `private-${Date.now()}`, 'data');
    const before = process.umask(0o022);
    try {
      await migrateDatabase(`file:${path.join(dir, 'app.db')}`);
    } finally {
      process.umask(before);
    }
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'app.db')).mode & 0o777).toBe(0o600);
    for (const side of ['app.db-wal', 'app.db-shm']) {
      if (fs.existsSync(path.join(dir, side))) expect(fs.statSync(path.join(dir, side)).mode & 0o777).toBe(0o600);
    }
  });

  it('the provider schemas are generated from prisma/models.prisma', () => {
    for (const provider of ['sqlite', 'postgresql'] as const) {
      expect(fs.readFileSync(path.join('prisma', provider, 'schema.prisma'), 'utf8')).toBe(providerSchemaText(process.cwd(), provider));
    }
  });

  it('both providers have the same migrations', () => {
    const names = (p: 'sqlite' | 'postgresql') =>
      fs
        .readdirSync(migrationsDir(p), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
    expect(names('postgresql')).toEqual(names('sqlite'));
  });
});
