// Prepared statements kept between queries on a SQLite connection.
//
// Prisma's better-sqlite3 adapter prepares every statement it runs afresh
// (`client.prepare(sql).bind(args)`): SQLite parses and plans the SQL each
// time, and a search request sends about twenty statements with the same
// texts as the last request's (Prisma's queries, the full-text lookups).
// Profiled under load, preparing took 7 % of the server's busy time. Here
// `prepare` returns a statement kept per SQL text (the most recently used
// few hundred), and the arguments go with each run, since better-sqlite3
// binds a statement's arguments only once. SQLite re-prepares a kept
// statement by itself when the schema changes under it.
import type Database from 'better-sqlite3';

type Statement = Database.Statement<unknown[], unknown>;

/** What the adapter calls on `prepare(sql)`'s result: `bind(args)` then `run()`, or `columns()` and `raw().all()`; or `run()` alone. */
type AdapterStatement = {
  reader: boolean;
  bind(args: unknown[]): BoundStatement;
  run(): Database.RunResult;
};

type BoundStatement = {
  reader: boolean;
  run(): Database.RunResult;
  columns(): Database.ColumnDefinition[];
  raw(): { all(): unknown[] };
};

export const KEPT_STATEMENTS = 256;

/** Makes `database.prepare` keep what it prepared; returns how many statements are kept (for tests). */
export function keepPreparedStatements(database: Database.Database, capacity = KEPT_STATEMENTS): () => number {
  const prepareAfresh = database.prepare.bind(database) as (sql: string) => Statement;
  const kept = new Map<string, Statement>();

  function statementFor(sql: string): Statement {
    const found = kept.get(sql);
    if (found) {
      // Map order is insertion order: moving it to the end keeps the least recently used first.
      kept.delete(sql);
      kept.set(sql, found);
      return found;
    }
    const statement = prepareAfresh(sql);
    if (statement.reader) statement.raw(true);
    kept.set(sql, statement);
    if (kept.size > capacity) kept.delete(kept.keys().next().value as string);
    return statement;
  }

  const prepare = (sql: string): AdapterStatement => {
    const statement = statementFor(sql);
    return {
      reader: statement.reader,
      bind: (args) => bound(statement, args),
      run: () => statement.run(),
    };
  };
  (database as unknown as { prepare: typeof prepare }).prepare = prepare;
  return () => kept.size;
}

function bound(statement: Statement, args: unknown[]): BoundStatement {
  return {
    reader: statement.reader,
    run: () => statement.run(args),
    columns: () => statement.columns(),
    // Readers were put in raw mode (rows as arrays) once, when kept.
    raw: () => ({ all: () => statement.all(args) }),
  };
}
