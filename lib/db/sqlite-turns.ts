// The SQLite connection, one statement or one transaction at a time.
//
// better-sqlite3 gives the process ONE connection, and Prisma's adapter locks it
// for a transaction only against other transactions. A statement of another
// request, sent while an interactive transaction waited on an `await`, ran inside
// that transaction: it read rows not yet committed, and what it wrote was undone
// with the transaction's rollback (a question recorded while an import's
// transaction was open would have gone with it, had the import been refused over
// the token limit). Here every statement outside a transaction waits
// until the open transaction has ended, and a transaction waits for statements
// sent before it: the order in which requests asked.
//
// A SELECT outside a transaction needs no turn: it goes to a second connection,
// where WAL shows it what was committed when it began, so reading (a report, a
// list, the health check) goes on while an import writes.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type Database from 'better-sqlite3';
import { keepPreparedStatements } from './sqlite-statements';

type Adapter = Awaited<ReturnType<PrismaBetterSqlite3['connect']>>;
type Transaction = Awaited<ReturnType<Adapter['startTransaction']>>;

/** A first-come, first-served lock: `take` resolves with the function that hands the connection on. */
class Turns {
  #last: Promise<void> = Promise.resolve();

  async take(): Promise<() => void> {
    const before = this.#last;
    let handOn!: () => void;
    this.#last = new Promise<void>((resolve) => {
      handOn = resolve;
    });
    await before;
    return once(handOn);
  }

  async alone<T>(work: () => Promise<T>): Promise<T> {
    const handOn = await this.take();
    try {
      return await work();
    } finally {
      handOn();
    }
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/** Prisma's better-sqlite3 adapter with the connection taken in turns. */
export function sqliteInTurns(...args: ConstructorParameters<typeof PrismaBetterSqlite3>): PrismaBetterSqlite3 {
  const factory = new PrismaBetterSqlite3(...args);
  const connect = factory.connect.bind(factory);
  factory.connect = async () => inTurns(keepingStatements(await connect()), keepingStatements(await connect()));
  return factory;
}

function keepingStatements(adapter: Adapter): Adapter {
  // The adapter's connection is a plain property of its instance (`client`).
  keepPreparedStatements((adapter as unknown as { client: Database.Database }).client);
  return adapter;
}

/** A statement that begins with SELECT cannot write in SQLite (a WITH may lead to INSERT, UPDATE or DELETE). */
const READ_ONLY = /^\s*select\b/i;

function inTurns(adapter: Adapter, reader: Adapter): Adapter {
  const turns = new Turns();
  const read = reader.queryRaw.bind(reader);
  const queryRaw = adapter.queryRaw.bind(adapter);
  const executeRaw = adapter.executeRaw.bind(adapter);
  const executeScript = adapter.executeScript.bind(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  // The adapter's methods are replaced on the instance: its class keeps private
  // fields, which a wrapping object could not reach through `this`.
  adapter.queryRaw = (query) => (READ_ONLY.test(query.sql) ? read(query) : turns.alone(() => queryRaw(query)));
  adapter.executeRaw = (query) => turns.alone(() => executeRaw(query));
  adapter.executeScript = (script) => turns.alone(() => executeScript(script));
  const dispose = adapter.dispose.bind(adapter);
  adapter.dispose = async () => {
    await Promise.all([dispose(), reader.dispose()]);
  };
  adapter.startTransaction = async (level) => {
    const handOn = await turns.take();
    try {
      return handsOnAtTheEnd(await startTransaction(level), handOn);
    } catch (error) {
      handOn();
      throw error;
    }
  };
  return adapter;
}

function handsOnAtTheEnd(transaction: Transaction, handOn: () => void): Transaction {
  const commit = transaction.commit.bind(transaction);
  const rollback = transaction.rollback.bind(transaction);
  transaction.commit = async () => {
    try {
      await commit();
    } finally {
      handOn();
    }
  };
  transaction.rollback = async () => {
    try {
      await rollback();
    } finally {
      handOn();
    }
  };
  return transaction;
}
