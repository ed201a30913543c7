// Statements kept per SQL text on a real (in-memory) SQLite connection, used the way
// Prisma's better-sqlite3 adapter uses them: prepare(sql).bind(args) then run() or
// columns() + raw().all(), and prepare('BEGIN').run().
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { keepPreparedStatements } from '@/lib/db/sqlite-statements';

type Adapted = {
  reader: boolean;
  bind(args: unknown[]): { reader: boolean; run(): Database.RunResult; columns(): Database.ColumnDefinition[]; raw(): { all(): unknown[] } };
  run(): Database.RunResult;
};

function connection(capacity?: number) {
  const database = new Database(':memory:');
  database.defaultSafeIntegers(true);
  database.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const kept = keepPreparedStatements(database, capacity);
  const prepare = (sql: string) => (database.prepare as unknown as (sql: string) => Adapted)(sql);
  return { database, kept, prepare };
}

describe('keepPreparedStatements', () => {
  it('prepares a SQL text once and runs it with each call’s own arguments', () => {
    const { kept, prepare } = connection();
    for (const body of ['first', 'second', 'third']) prepare('INSERT INTO notes (body) VALUES (?)').bind([body]).run();
    const select = 'SELECT id, body FROM notes WHERE body <> ? ORDER BY id';
    const rows = prepare(select).bind(['second']).raw().all();
    const again = prepare(select).bind(['first']).raw().all();
    expect(rows).toEqual([
      [1n, 'first'],
      [3n, 'third'],
    ]);
    expect(again).toEqual([
      [2n, 'second'],
      [3n, 'third'],
    ]);
    expect(kept()).toBe(2);
  });

  it('tells readers from writers and names a reader’s columns', () => {
    const { prepare } = connection();
    const insert = prepare('INSERT INTO notes (body) VALUES (?) RETURNING id, body');
    expect(insert.reader).toBe(true);
    const bound = insert.bind(['kept']);
    expect(bound.columns().map((column) => column.name)).toEqual(['id', 'body']);
    expect(bound.raw().all()).toEqual([[1n, 'kept']]);
    expect(prepare('DELETE FROM notes WHERE id = ?').reader).toBe(false);
    expect(prepare('DELETE FROM notes WHERE id = ?').bind([1n]).run().changes).toBe(1);
  });

  it('runs a statement without arguments, as the adapter begins a transaction', () => {
    const { database, prepare } = connection();
    prepare('BEGIN').run();
    expect(database.inTransaction).toBe(true);
    prepare('ROLLBACK').run();
    prepare('BEGIN').run();
    expect(database.inTransaction).toBe(true);
    prepare('COMMIT').run();
    expect(database.inTransaction).toBe(false);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const { kept, prepare } = connection(2);
    prepare('SELECT 1').bind([]).raw().all();
    prepare('SELECT 2').bind([]).raw().all();
    prepare('SELECT 1').bind([]).raw().all();
    prepare('SELECT 3').bind([]).raw().all();
    expect(kept()).toBe(2);
    // SELECT 2 went; SELECT 1, used more recently, stayed: preparing it again adds nothing.
    prepare('SELECT 1').bind([]).raw().all();
    expect(kept()).toBe(2);
  });

  it('sees a column added after the statement was kept', () => {
    const { database, prepare } = connection();
    prepare('INSERT INTO notes (body) VALUES (?)').bind(['a']).run();
    expect(prepare('SELECT * FROM notes').bind([]).raw().all()).toEqual([[1n, 'a']]);
    database.exec("ALTER TABLE notes ADD COLUMN tag TEXT NOT NULL DEFAULT 'x'");
    const bound = prepare('SELECT * FROM notes').bind([]);
    expect(bound.raw().all()).toEqual([[1n, 'a', 'x']]);
    expect(bound.columns().map((column) => column.name)).toEqual(['id', 'body', 'tag']);
  });

  it('leaves a failed statement usable for the next call', () => {
    const { prepare } = connection();
    const insert = 'INSERT INTO notes (id, body) VALUES (?, ?)';
    prepare(insert).bind([1, 'one']).run();
    expect(() => prepare(insert).bind([1, 'again']).run()).toThrow(/UNIQUE/);
    expect(prepare(insert).bind([2, 'two']).run().changes).toBe(1);
  });
});
