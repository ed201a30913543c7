// The full-text index follows every write of passages, contents and subjects
// inside the writer's transaction, on SQLite (FTS5) and PostgreSQL (tsvector).
import { describe, expect, it } from 'vitest';
import { db, isPostgres, Prisma } from '@/lib/db/client';
import { rankedCandidatesSql } from '@/lib/search/lexical-sqlite';
import { replacePassages } from '@/lib/knowledge/passages';
import { rewritePassages } from '../helpers/passages';
import { createKnowledge, createTenant } from '../helpers/tenant';

/** Ids of the dataset's passages whose index entry holds the word. */
async function indexed(datasetId: number, word: string): Promise<number[]> {
  const rows = isPostgres()
    ? await db().$queryRaw<{ id: number }[]>`
        SELECT passage_id AS id FROM passage_search
        WHERE dataset_id = ${datasetId} AND document @@ plainto_tsquery('english', ${word}) ORDER BY passage_id`
    : await db().$queryRaw<{ id: bigint }[]>`
        SELECT rowid AS id FROM passage_fts WHERE passage_fts MATCH ${`ds : "ds${datasetId}" AND "${word}"`} ORDER BY rowid`;
  return rows.map((r) => Number(r.id));
}

async function indexSize(datasetId: number): Promise<number> {
  const rows = isPostgres()
    ? await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM passage_search WHERE dataset_id = ${datasetId}`
    : await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM passage_fts WHERE passage_fts MATCH ${`ds : "ds${datasetId}"`}`;
  return Number(rows[0].n);
}

describe('full-text index of passages', () => {
  it('indexes replaced passages, follows renames of contents and subjects, and forgets deleted rows', async () => {
    const t = await createTenant('fts');
    const { dataset, subject, content } = await createKnowledge(t, 'Index sync');
    const write = (texts: string[]) => rewritePassages(t.organization.id, content.id, texts);

    await write(['Pelicans migrate along the coast.', 'Kangaroos hop across the plains.']);
    const ids = (await db().passage.findMany({ where: { contentId: content.id }, orderBy: { position: 'asc' } })).map((p) => p.id);
    expect(await indexed(dataset.id, 'pelican')).toEqual([ids[0]]);
    // Stemmed: "hopping" finds "hop".
    expect(await indexed(dataset.id, 'hopping')).toEqual([ids[1]]);
    expect(await indexSize(dataset.id)).toBe(2);

    // Replacing drops the old passages from the index and adds the new ones.
    await write(['Walruses rest on the ice floes.']);
    const [walrus] = await db().passage.findMany({ where: { contentId: content.id } });
    expect(await indexed(dataset.id, 'pelican')).toEqual([]);
    expect(await indexed(dataset.id, 'walruses')).toEqual([walrus.id]);
    expect(await indexSize(dataset.id)).toBe(1);

    // Renaming the content and its subject re-indexes the name fields.
    await db().content.update({ where: { id: content.id }, data: { name: 'Arctic mammals' } });
    expect(await indexed(dataset.id, 'arctic')).toEqual([walrus.id]);
    expect(await indexed(dataset.id, 'welcome')).toEqual([]);
    await db().subject.update({ where: { id: subject.id }, data: { name: 'Zoology notes' } });
    expect(await indexed(dataset.id, 'zoology')).toEqual([walrus.id]);
    expect(await indexed(dataset.id, 'general')).toEqual([]);

    // A failed transaction leaves the index as it was.
    await expect(
      db().$transaction(async (tx) => {
        const current = await tx.content.findUniqueOrThrow({ where: { id: content.id } });
        await replacePassages(tx, current, t.organization.id, [{ text: 'Narwhals have tusks.', tokenCount: 3 }]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await indexed(dataset.id, 'narwhal')).toEqual([]);
    expect(await indexed(dataset.id, 'walruses')).toEqual([walrus.id]);

    // Deleting the content (its passages cascade) empties the index.
    await db().content.delete({ where: { id: content.id } });
    expect(await indexSize(dataset.id)).toBe(0);
  });

  it('keeps datasets apart', async () => {
    const t = await createTenant('fts2');
    const a = await createKnowledge(t, 'Alpha');
    const b = await createKnowledge(t, 'Beta');
    await db().$transaction(async (tx) => {
      await replacePassages(tx, a.content, t.organization.id, [{ text: 'Quokkas smile.', tokenCount: 2 }]);
    });
    expect(await indexed(a.dataset.id, 'quokka')).toHaveLength(1);
    expect(await indexed(b.dataset.id, 'quokka')).toEqual([]);
  });
});

describe.runIf(isPostgres())('PostgreSQL sessions', () => {
  it('plan for data in memory: random_page_cost 1.1 on the connections the app opens', async () => {
    // Two at once: the pool opens a second connection, which gets the setting too.
    const [first, second] = await Promise.all([
      db().$queryRawUnsafe<{ random_page_cost: string }[]>('SHOW random_page_cost'),
      db().$transaction((tx) => tx.$queryRawUnsafe<{ random_page_cost: string }[]>('SHOW random_page_cost')),
    ]);
    expect(first[0].random_page_cost).toBe('1.1');
    expect(second[0].random_page_cost).toBe('1.1');
  });
});

describe.runIf(!isPostgres())('SQLite query plans of retrieval', () => {
  /** The plan's steps that read the passages table (aliased p). */
  async function passageSteps(sql: Prisma.Sql): Promise<string[]> {
    const plan = await db().$queryRaw<{ detail: string }[]>`EXPLAIN QUERY PLAN ${sql}`;
    return plan.map((row) => row.detail).filter((detail) => /\b(SCAN|SEARCH) p\b/.test(detail));
  }

  it("ranked candidates: the matches are read first and each passage is found by its key, never by walking the dataset's passages", async () => {
    const t = await createTenant('fts-plan');
    const { dataset } = await createKnowledge(t, 'Plans');
    const terms = [{ word: 'pelican', stem: 'pelican' }];
    for (const exclusive of [true, false]) {
      const steps = await passageSteps(rankedCandidatesSql(terms, dataset.id, 2_000, 40, exclusive));
      expect(steps.length).toBeGreaterThan(0);
      // "SEARCH p USING COVERING INDEX passages_dataset_id_idx (dataset_id=?)" alone walked 1,000,000 rows.
      for (const step of steps) expect(step).toMatch(/rowid=\?/);
    }
  });
});
