// Another request's statements never run inside an open transaction: on SQLite
// the process has one connection for writing, which Prisma's adapter shared with
// them (lib/db/sqlite-turns.ts); reads go on meanwhile.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createTenant } from '../helpers/tenant';

/** Opens a transaction that writes a dataset, waits for `release`, then rolls back (or commits). */
function openTransaction(projectId: number, outcome: 'rollback' | 'commit') {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const finished = db()
    .$transaction(async (tx) => {
      await tx.dataset.create({ data: { projectId, name: 'written inside' } });
      opened();
      await held;
      if (outcome === 'rollback') throw new Error('rolled back on purpose');
    })
    .then(
      () => 'committed',
      () => 'rolled back',
    );
  return { open, release, finished };
}

/** Sends a Prisma query now: its promise is lazy, it runs only once something awaits it. */
function started<T>(query: PromiseLike<T>): Promise<T> {
  return Promise.resolve(query);
}

/**
 * Writes a dataset from outside while a transaction that wrote one is open, then lets the transaction end:
 * how it ended, and the tenant's datasets' names after both, oldest first.
 */
async function writeWhileOpen(tenantName: string, outcome: 'rollback' | 'commit') {
  const t = await createTenant(tenantName);
  const tx = openTransaction(t.project.id, outcome);
  await tx.open;
  const outside = started(db().dataset.create({ data: { projectId: t.project.id, name: 'written outside' } }));
  // Let the outside write reach the database (or queue for it) before the transaction ends.
  await new Promise((resolve) => setTimeout(resolve, 50));
  tx.release();
  const finished = await tx.finished;
  await outside;
  const names = (await db().dataset.findMany({ where: { projectId: t.project.id }, orderBy: { id: 'asc' } })).map((d) => d.name);
  return { finished, names };
}

describe('transactions and the statements of other requests', () => {
  it('a write sent while a transaction is open survives that transaction’s rollback', async () => {
    const { finished, names } = await writeWhileOpen('tx-rollback', 'rollback');
    expect(finished).toBe('rolled back');
    expect(names).toEqual(['written outside']);
  });

  it('a read sent while a transaction is open answers at once, without its uncommitted rows', async () => {
    const t = await createTenant('tx-read');
    const tx = openTransaction(t.project.id, 'rollback');
    await tx.open;
    const read = started(db().dataset.count({ where: { projectId: t.project.id } }));
    const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2000));
    const answer = await Promise.race([read, waited]);
    tx.release();
    await tx.finished;
    expect(answer).toBe(0);
  });

  it('statements sent during a transaction run after it, and see what it committed', async () => {
    const { finished, names } = await writeWhileOpen('tx-commit', 'commit');
    expect(finished).toBe('committed');
    expect(names).toEqual(['written inside', 'written outside']);
  });

  it('a transaction started while another is open waits for it, past Prisma’s default 2 s wait', async () => {
    const t = await createTenant('tx-wait');
    const tx = openTransaction(t.project.id, 'commit');
    await tx.open;
    const second = started(db().$transaction((inner) => inner.dataset.create({ data: { projectId: t.project.id, name: 'second' } })));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    tx.release();
    expect(await tx.finished).toBe('committed');
    await second;
    expect(await db().dataset.count({ where: { projectId: t.project.id } })).toBe(2);
  });
});
