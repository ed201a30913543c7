// The full-text index follows every write of passages, contents and subjects
// inside the writer's transaction, on SQLite (FTS5) and PostgreSQL (tsvector).
import { describe, expect, it } from 'vitest';
import { createDb, db, isPostgres, openConnections, Prisma } from '@/lib/db/client';
import { appConfig } from '@/lib/config';
import { rankedCandidatesSql } from '@/lib/search/lexical-sqlite';
import { isStopWord } from '@/lib/text/words';
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

// English function words and what a contraction leaves after its apostrophe (the Snowball list and its later
// additions): whichever of them PostgreSQL's `english` configuration drops must be a stop word of the app too, or a
// question holding it is searched with one more word on SQLite (FTS5 indexes every word) than on PostgreSQL.
const FUNCTION_WORDS = (
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself ' +
  'they them their theirs themselves what which who whom this that these those am is are was were be been being have has had ' +
  'having do does did doing a an the and but if or because as until while of at by for with about against between into through ' +
  'during before after above below to from up down in out on off over under again further then once here there when where why how ' +
  'all any both each few more most other some such no nor not only own same so than too very s t can will just don should now ' +
  'd ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn'
).split(' ');

describe.runIf(isPostgres())('PostgreSQL words', () => {
  it('every word the english configuration drops is a stop word of the app ("don\'t" read alike on both databases)', async () => {
    const rows = await db().$queryRaw<{ word: string }[]>`
      SELECT w AS word FROM unnest(${FUNCTION_WORDS}::text[]) AS w WHERE ts_lexize('english_stem', w) = '{}'::text[]`;
    const dropped = rows.map((r) => r.word);
    expect(dropped).toContain('don');
    expect(dropped.filter((w) => !isStopWord(w))).toEqual([]);
  });
});

describe.runIf(isPostgres())('PostgreSQL sessions', () => {
  /** A setting as seen on a plain query and in a transaction at once: the pool opens a second connection for it. */
  async function onTwoConnections(setting: 'random_page_cost' | 'synchronize_seqscans'): Promise<string[]> {
    const show = `SHOW ${setting}`;
    const [first, second] = await Promise.all([
      db().$queryRawUnsafe<Record<string, string>[]>(show),
      db().$transaction((tx) => tx.$queryRawUnsafe<Record<string, string>[]>(show)),
    ]);
    return [first[0][setting], second[0][setting]];
  }

  it('plan for data in memory: random_page_cost 1.1 on the connections the app opens', async () => {
    expect(await onTwoConnections('random_page_cost')).toEqual(['1.1', '1.1']);
  });

  it('sequential scans start at the first page, so bounded matches are the same passages each time', async () => {
    // Synchronised scans start where the last scan of a big table stopped: a LIMIT over one gave other passages
    // on every asking of the same question (bench/search/results.md, 1,000,000 passages).
    expect(await onTwoConnections('synchronize_seqscans')).toEqual(['off', 'off']);
  });

  it('opens the three connections a question uses at once before the first question', async () => {
    const name = `open-connections-${process.pid}-${Date.now()}`;
    const url = new URL(appConfig().databaseUrl);
    url.searchParams.set('application_name', name);
    const client = createDb(url.toString());
    try {
      await openConnections(client, url.toString());
      const rows = await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${name}`;
      expect(rows[0].n).toBe(3);
    } finally {
      await client.$disconnect();
    }
  });

  it('keeps its connections open through a quiet spell longer than the 10-second idle default of pg', async () => {
    // A reopened connection is a new backend, slow until it has touched the shared buffers a search reads.
    const backend = async () => (await db().$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid'))[0].pid;
    const before = await backend();
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    expect(await backend()).toBe(before);
  }, 20_000);
});

describe.runIf(!isPostgres())('SQLite index of passage titles', () => {
  /** Ids of the dataset's passages whose titles (content name, subject, heading) hold every word. */
  async function titleHits(datasetId: number, ...words: string[]): Promise<number[]> {
    const match = words.map((w) => `"${w}"`).join(' AND ');
    const rows = await db().$queryRaw<{ id: bigint }[]>`
      SELECT f.rowid AS id FROM passage_title_fts f JOIN passages p ON p.id = f.rowid
      WHERE passage_title_fts MATCH ${match} AND p.dataset_id = ${datasetId} ORDER BY f.rowid`;
    return rows.map((r) => Number(r.id));
  }

  it('follows every write of passages, contents and subjects: headings, renames, moves and deletes', async () => {
    const t = await createTenant('fts-titles');
    const { dataset, subject, content } = await createKnowledge(t, 'Titles');
    await db().$transaction(async (tx) => {
      await replacePassages(tx, content, t.organization.id, [
        { heading: 'Migration routes', text: 'Pelicans fly south along the coast.', tokenCount: 6 },
        { heading: 'Feeding', text: 'Pelicans scoop fish from the water.', tokenCount: 6 },
      ]);
    });
    const [routes, feeding] = (await db().passage.findMany({ where: { contentId: content.id }, orderBy: { position: 'asc' } })).map((p) => p.id);
    // Words of the three fields together, stemmed; body words are not titles.
    expect(await titleHits(dataset.id, 'welcome', 'general', 'migrating')).toEqual([routes]);
    expect(await titleHits(dataset.id, 'welcome')).toEqual([routes, feeding]);
    expect(await titleHits(dataset.id, 'pelican')).toEqual([]);

    // A heading rewritten in place, then the content and the subject renamed.
    await db().passage.update({ where: { id: feeding }, data: { heading: 'Fishing' } });
    expect(await titleHits(dataset.id, 'feeding')).toEqual([]);
    expect(await titleHits(dataset.id, 'fishing')).toEqual([feeding]);
    await db().content.update({ where: { id: content.id }, data: { name: 'Pelican notes' } });
    expect(await titleHits(dataset.id, 'welcome')).toEqual([]);
    expect(await titleHits(dataset.id, 'pelican', 'fishing')).toEqual([feeding]);
    await db().subject.update({ where: { id: subject.id }, data: { name: 'Seabirds' } });
    expect(await titleHits(dataset.id, 'general')).toEqual([]);
    expect(await titleHits(dataset.id, 'seabird', 'pelican', 'routes')).toEqual([routes]);

    // A content moved to another subject takes that subject's name.
    const other = await db().subject.create({ data: { datasetId: dataset.id, name: 'Waders' } });
    await db().content.update({ where: { id: content.id }, data: { subjectId: other.id } });
    expect(await titleHits(dataset.id, 'seabird')).toEqual([]);
    expect(await titleHits(dataset.id, 'wader')).toEqual([routes, feeding]);

    // Passages replaced, then the content deleted (its passages cascade): nothing of them is left.
    await rewritePassages(t.organization.id, content.id, ['Only the text changed.']);
    expect(await titleHits(dataset.id, 'fishing')).toEqual([]);
    expect(await titleHits(dataset.id, 'pelican')).toHaveLength(1);
    await db().content.delete({ where: { id: content.id } });
    expect(await titleHits(dataset.id, 'pelican')).toEqual([]);
    expect(await titleHits(dataset.id, 'wader')).toEqual([]);
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
