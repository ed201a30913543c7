// Both databases keep every dataset's document frequencies in
// passage_lexeme_counts, in the writer's own transaction (PostgreSQL by
// statement triggers on passage_search, SQLite by the full-text index's
// triggers): a question reads exact counts of its own dataset, right after
// any write, without counting passages — and no other dataset, of this
// organisation or another, moves them.
import { describe, expect, it } from 'vitest';
import { db, isPostgres } from '@/lib/db/client';
import { lexicalIndex } from '@/lib/search/choose-lexical-index';
import { planQuery, retrieve } from '@/lib/search/retrieve';
import { deleteContent } from '@/lib/knowledge/contents';
import { deleteDataset } from '@/lib/knowledge/datasets';
import { updateContent } from '@/lib/knowledge/contents';
import { renameSubject } from '@/lib/knowledge/subjects';
import { porterStem } from '@/lib/text/stem';
import { rewritePassages } from '../helpers/passages';
import { createKnowledge, createTenant } from '../helpers/tenant';

const term = (word: string) => ({ word, stem: porterStem(word) });
const counts = async (datasetId: number, words: string[]): Promise<Record<string, number | undefined>> => {
  const { total, df } = await lexicalIndex().frequencies(datasetId, words.map(term));
  return { total, ...Object.fromEntries(words.map((w) => [w, df.get(porterStem(w)) ?? 0])) };
};
/** What counting the index itself says, for comparison. */
const counted = async (datasetId: number, word: string) => {
  const [row] = isPostgres()
    ? await db().$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM passage_search WHERE dataset_id = ${datasetId} AND document @@ to_tsquery('english', ${word})`
    : await db().$queryRaw<{ n: number }[]>`
        SELECT count(*) AS n FROM passage_fts f JOIN passages p ON p.id = f.rowid WHERE passage_fts MATCH ${word} AND p.dataset_id = ${datasetId}`;
  return Number(row.n);
};

describe('document frequencies kept by the database, per dataset', () => {
  it('are exact after every write: import, re-import, rename, another content, deletion', async () => {
    const t = await createTenant('df-kept');
    const { dataset, content, subject } = await createKnowledge(t, 'Counts');
    const pelicans = (n: number) => Array.from({ length: n }, (_, i) => `Pelicans gather on pier ${i}.`);
    await rewritePassages(t.organization.id, content.id, pelicans(600));
    expect(await counts(dataset.id, ['pelicans', 'walrus'])).toEqual({ total: 600, pelicans: 600, walrus: 0 });

    // Re-imported: one walrus, pelicans everywhere but one passage; a rare word is found at once.
    await rewritePassages(t.organization.id, content.id, [...pelicans(600).slice(1), 'A walrus rests on the ice.']);
    expect(await counts(dataset.id, ['pelicans', 'walrus', 'ice'])).toEqual({ total: 600, pelicans: 599, walrus: 1, ice: 1 });

    // A second content, then a rename of the first (its name is in every passage's index).
    const other = await db().content.create({ data: { datasetId: dataset.id, subjectId: subject.id, name: 'Harbour', source: '' } });
    await rewritePassages(t.organization.id, other.id, ['Walrus colonies.', 'Seals and a walrus.']);
    await updateContent(t.project.id, content.id, { name: 'Estuary birds', source: '' });
    const after = await counts(dataset.id, ['walrus', 'estuary', 'welcome', 'pelicans']);
    expect(after).toEqual({ total: 602, walrus: 3, estuary: 600, welcome: 0, pelicans: 599 });
    for (const word of ['walrus', 'estuary', 'pelicans']) expect(after[word]).toBe(await counted(dataset.id, word));

    // The subject's name is indexed in every passage of it too.
    await renameSubject(t.project.id, subject.id, 'Shoreline');
    expect(await counts(dataset.id, ['shoreline'])).toEqual({ total: 602, shoreline: 602 });
    expect(await counted(dataset.id, 'shoreline')).toBe(602);

    await deleteContent(t.project.id, t.organization.id, other.id);
    expect(await counts(dataset.id, ['walrus', 'shoreline'])).toEqual({ total: 600, walrus: 1, shoreline: 600 });

    await deleteDataset(t.project.id, t.organization.id, dataset.id);
    const [left] = await db().$queryRaw<{ n: number }[]>`SELECT count(*) AS n FROM passage_lexeme_counts WHERE dataset_id = ${dataset.id}`;
    expect(Number(left.n)).toBe(0);
  });

  it('keeps the counts of one dataset away from another', async () => {
    const t = await createTenant('df-kept-2');
    const a = await createKnowledge(t, 'A');
    const b = await createKnowledge(t, 'B');
    await rewritePassages(
      t.organization.id,
      a.content.id,
      Array.from({ length: 30 }, (_, i) => `Pelicans on pier ${i}.`),
    );
    expect(await counts(a.dataset.id, ['pelicans'])).toEqual({ total: 30, pelicans: 30 });
    expect(await counts(b.dataset.id, ['pelicans'])).toEqual({ total: 0, pelicans: 0 });
  });

  it("ranks a dataset by its own statistics: another organisation's documents do not move its scores", async () => {
    const mine = await createTenant('df-own');
    const theirs = await createTenant('df-theirs');
    const a = await createKnowledge(mine, 'Mine');
    const b = await createKnowledge(theirs, 'Theirs');
    await rewritePassages(mine.organization.id, a.content.id, [
      'Cormorants dry their wings on the breakwater after diving.',
      'The breakwater lamp is lit at dusk by the harbour keeper.',
      'Gulls follow the ferry for scraps.',
    ]);
    const question = 'cormorants on the breakwater';
    const before = (await retrieve(a.dataset.id, question, { topK: 3, minScore: 0 })).map((p) => [p.body, p.score]);
    // The other organisation fills its own dataset with one of the question's words.
    await rewritePassages(
      theirs.organization.id,
      b.content.id,
      Array.from({ length: 200 }, (_, i) => `Breakwater survey ${i}: concrete and stone.`),
    );
    const after = (await retrieve(a.dataset.id, question, { topK: 3, minScore: 0 })).map((p) => [p.body, p.score]);
    expect(after).toEqual(before);
    expect(await counts(a.dataset.id, ['breakwater'])).toEqual({ total: 3, breakwater: 2 });
    // SQLite's bm25 reads every dataset's postings of a term: what ranking it costs is their sum, and the
    // question's candidates are then looked up before ranking is cut (the path `after` took, same result).
    const breakwater = porterStem('breakwater');
    const { postings } = await lexicalIndex().frequencies(a.dataset.id, [term('breakwater')]);
    if (isPostgres()) expect(postings).toBeUndefined();
    else {
      // Other tests of this database file may hold the word too: compare with the index's own count of every dataset.
      const [all] = await db().$queryRaw<{ n: number }[]>`SELECT count(*) AS n FROM passage_fts WHERE passage_fts MATCH 'breakwater'`;
      expect(postings?.get(breakwater)).toBe(Number(all.n));
      expect(Number(all.n)).toBeGreaterThanOrEqual(202);
    }
    expect((await planQuery(a.dataset.id, question))?.shared).toEqual(isPostgres() ? [] : [breakwater]);
  });

  it('concurrent imports into one dataset queue on its counts instead of deadlocking, and add up', async () => {
    const t = await createTenant('df-kept-3');
    const { dataset, subject } = await createKnowledge(t, 'Busy');
    const contents = await Promise.all(
      Array.from({ length: 6 }, (_, i) => db().content.create({ data: { datasetId: dataset.id, subjectId: subject.id, name: `Page ${i}`, source: '' } })),
    );
    // Every content shares the common words, in different orders, twice over (import, then re-import).
    const texts = (i: number) => Array.from({ length: 40 }, (_, k) => (k % 2 ? `harbour tide ferry ${i}-${k}` : `ferry tide harbour ${i}-${k}`));
    for (let round = 0; round < 2; round++) await Promise.all(contents.map((c, i) => rewritePassages(t.organization.id, c.id, texts(i + round))));
    expect(await counts(dataset.id, ['harbour', 'ferry'])).toEqual({ total: 240, harbour: 240, ferry: 240 });
  });
});
