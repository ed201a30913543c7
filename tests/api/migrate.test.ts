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
    const all = fs.readdirSync(migrationsDir('sqlite'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect([...first, ...second].sort()).toEqual(all);
    const sqlite = new Database(file, { readonly: true });
    const rows = sqlite.prepare('SELECT migration_name, checksum FROM _prisma_migrations ORDER BY migration_name').all() as { migration_name: string; checksum: string }[];
    sqlite.close();
    expect(rows.map((r) => r.migration_name)).toEqual(all);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
  });

  it('the provider schemas are generated from prisma/models.prisma', () => {
    for (const provider of ['sqlite', 'postgresql'] as const) {
      expect(fs.readFileSync(path.join('prisma', provider, 'schema.prisma'), 'utf8')).toBe(providerSchemaText(process.cwd(), provider));
    }
  });

  it('both providers have the same migrations', () => {
    const names = (p: 'sqlite' | 'postgresql') => fs.readdirSync(migrationsDir(p), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(names('postgresql')).toEqual(names('sqlite'));
  });
});
