// The one Prisma client of the process. Two clients are generated (SQLite
// and PostgreSQL, see scripts/prisma-generate.mjs) so one build serves both;
// DATABASE_URL picks one at run time. Code is typed against the SQLite
// client, which keeps it to what both databases support.
import { PrismaClient as SqliteClient } from './generated/sqlite/client';
import { PrismaClient as PostgresClient } from './generated/postgresql/client';
import { PrismaPg } from '@prisma/adapter-pg';
import { appConfig, providerOf } from '../config';
import { sqliteInTurns } from './sqlite-turns';

export type Db = SqliteClient;
export type Tx = Omit<Db, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;
export { Prisma } from './generated/sqlite/client';

const SQLITE_TRANSACTION_WAIT_MS = 30_000;
/**
 * Planner costs for data read from memory or an SSD: PostgreSQL's default random_page_cost (4) is a spinning
 * disk's, and priced a search's index probes so high that it hashed every content to join 200 passages to
 * theirs. At 1.1, retrieval at 100,000 passages took 15 % less time on average (bench/search/results.md).
 * Sequential scans start at the table's first page: with synchronised scans (the default) a scan of a table
 * larger than a quarter of shared_buffers starts where the last one stopped, so the bounded matches of a
 * question of common words (a LIMIT over a sequential scan) were other passages each time it was asked: 54 of
 * 300 questions ranked differently from one run to the next at 1,000,000 passages. An
 * `options` parameter in DATABASE_URL replaces this (the address's parameters win over these).
 */
const POSTGRES_SESSION_OPTIONS = '-c random_page_cost=1.1 -c synchronize_seqscans=off';

/**
 * Connections stay open between questions. pg's pool closes a connection idle for 10 s by default, so on a quietly
 * used service nearly every question opened a new one, and a new PostgreSQL backend is slow until it has touched the
 * shared buffers a search reads: after 11 s of quiet a retrieval took a median 113 ms on a reopened connection
 * against 53 ms on a kept one (1,000,000 passages, bench/search/results.md). The three a question uses at once
 * (retrieve.ts starts up to three candidate queries together) are never closed for being idle; the rest of the ten
 * close after five idle minutes. Idle connections do not keep a script's process alive.
 */
const POSTGRES_POOL = { max: 10, min: 3, idleTimeoutMillis: 300_000, allowExitOnIdle: true };

const globalForDb = globalThis as unknown as { __ksDb?: Db };

export function createDb(databaseUrl = appConfig().databaseUrl): Db {
  if (providerOf(databaseUrl) === 'postgresql') {
    const client = new PostgresClient({ adapter: new PrismaPg({ connectionString: databaseUrl, ...POSTGRES_POOL, options: POSTGRES_SESSION_OPTIONS }) });
    // Same models and same query API; only the provider-specific extras differ.
    return client as unknown as Db;
  }
  // better-sqlite3 waits up to `timeout` ms for a lock held by another process;
  // within this one, statements and transactions take the connection in turns,
  // so a transaction may wait for an import's (seconds for a big file): longer
  // than Prisma's default 2 s before it gives up (P2028, a 503).
  return new SqliteClient({
    adapter: sqliteInTurns({ url: databaseUrl, timeout: 10_000 }),
    transactionOptions: { maxWait: SQLITE_TRANSACTION_WAIT_MS },
  });
}

export function db(): Db {
  globalForDb.__ksDb ??= createDb();
  return globalForDb.__ksDb;
}

/**
 * Opens the connections a question uses at once, so a server's first question does not wait for them (a new
 * PostgreSQL connection took 17–41 ms here). SQLite has nothing to open: its one connection opened with the client.
 */
export async function openConnections(client: Db = db(), databaseUrl = appConfig().databaseUrl): Promise<void> {
  if (providerOf(databaseUrl) !== 'postgresql') return;
  await Promise.all(Array.from({ length: POSTGRES_POOL.min }, () => client.$queryRaw`SELECT 1`));
}

export function isPostgres(): boolean {
  return appConfig().databaseProvider === 'postgresql';
}
