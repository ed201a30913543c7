// Readiness (GET /api/ready), apart from liveness (/api/health): this
// instance should get traffic only when its database answers and holds every
// migration committed with this build (a new build started against an old
// database, or a migration that failed, is not ready).
import { appConfig } from '../config';
import { db, type Db } from '../db/client';
import { committedMigrations } from '../db/migrate';

export type Readiness = { ready: true } | { ready: false; detail: string };

let committed: { provider: string; names: string[] } | undefined;

function committedOf(provider: 'sqlite' | 'postgresql'): string[] {
  if (committed?.provider !== provider) committed = { provider, names: committedMigrations(provider) };
  return committed.names;
}

export async function readiness(client: Db = db(), provider = appConfig().databaseProvider): Promise<Readiness> {
  let applied: Set<string>;
  try {
    const rows = await client.$queryRaw<
      { migration_name: string }[]
    >`SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    applied = new Set(rows.map((row) => row.migration_name));
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    if (/_prisma_migrations/.test(message) && /(no such table|does not exist)/i.test(message)) {
      return { ready: false, detail: 'The database has no migrations applied (no _prisma_migrations table)' };
    }
    return { ready: false, detail: 'The database does not answer' };
  }
  const missing = committedOf(provider).filter((name) => !applied.has(name));
  if (missing.length === 0) return { ready: true };
  const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? `, and ${missing.length - 5} more` : '');
  return { ready: false, detail: `${missing.length} migration${missing.length === 1 ? ' is' : 's are'} not applied: ${shown}` };
}
