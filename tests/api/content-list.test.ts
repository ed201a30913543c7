// GET /searcher/v1/datasets/{id}/contents with the editors' parameters: one
// subject's contents, filtered by name or source in the database, sorted by
// name (natural order) or last update, a page at a time with the number of
// matches in X-Total-Count; without parameters, the spec's listing.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError } from '../helpers/http';
import { pagingCases } from '../helpers/query-cases';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import { db } from '@/lib/db/client';
import * as contents from '@/app/searcher/v1/datasets/[dataset_id]/contents/route';
import * as subject from '@/app/searcher/v1/subjects/[subject_id]/route';

let a: Tenant;
let b: Tenant;
let ka: Awaited<ReturnType<typeof createKnowledge>>;
let archive: { id: number };

beforeAll(async () => {
  a = await createTenant('clist-a');
  b = await createTenant('clist-b');
  ka = await createKnowledge(a, 'Reports');
  await createKnowledge(b, 'Theirs');
  archive = await db().subject.create({ data: { datasetId: ka.dataset.id, name: 'Archive' } });
  for (let i = 1; i <= 12; i++) {
    await db().content.create({ data: { datasetId: ka.dataset.id, subjectId: archive.id, name: `Report ${i}`, source: `https://example.org/REPORT-${i}` } });
  }
  await db().content.create({ data: { datasetId: ka.dataset.id, subjectId: archive.id, name: 'Budget 50% cut', source: '' } });
  await db().content.create({
    data: { datasetId: ka.dataset.id, subjectId: archive.id, name: 'Budget 50 percent', source: 'https://example.org/budget_plan' },
  });
});

const list = (query: Record<string, string>, tenant: Tenant = a, datasetId: number = ka.dataset.id) =>
  call(contents.GET, 'GET', '/x', { token: tenant.apiKey, params: { dataset_id: String(datasetId) }, query });
const names = (body: { name: string }[]) => body.map((c) => c.name);

describe('GET /searcher/v1/datasets/{id}/contents: filter, sort, pages', () => {
  it('without parameters: every content of the dataset by id, the count in X-Total-Count', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(15);
    expect(res.body[0]).toMatchObject({ id: ka.content.id, name: 'Welcome' });
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([...res.body.map((c: { id: number }) => c.id)].sort((x, y) => x - y));
    expect(Object.keys(res.body[0]).sort()).toEqual(['created_at', 'id', 'name', 'source', 'subject_id', 'updated_at']);
    expect(res.headers.get('x-total-count')).toBe('15');
  });

  it('one subject, by name in natural order, a page at a time', async () => {
    const first = await list({ subject_id: String(archive.id), sort: 'name', limit: '5' });
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(['Budget 50 percent', 'Budget 50% cut', 'Report 1', 'Report 2', 'Report 3']);
    expect(first.headers.get('x-total-count')).toBe('14');
    const next = await list({ subject_id: String(archive.id), sort: 'name', limit: '100', offset: '5' });
    expect(names(next.body)).toEqual(['Report 4', 'Report 5', 'Report 6', 'Report 7', 'Report 8', 'Report 9', 'Report 10', 'Report 11', 'Report 12']);
    expect((await list({ subject_id: String(archive.id), offset: '99' })).body).toEqual([]);
  });

  it('filters by a piece of the name or of the source, in any case', async () => {
    const bySource = await list({ subject_id: String(archive.id), q: 'report-1', sort: 'name' });
    expect(names(bySource.body)).toEqual(['Report 1', 'Report 10', 'Report 11', 'Report 12']);
    expect(bySource.headers.get('x-total-count')).toBe('4');
    const byName = await list({ q: '  BUDGET ' });
    expect(names(byName.body)).toEqual(['Budget 50% cut', 'Budget 50 percent']);
    // Plain characters, not LIKE wildcards.
    expect(names((await list({ q: '50%' })).body)).toEqual(['Budget 50% cut']);
    expect(names((await list({ q: '_' })).body)).toEqual(['Budget 50 percent']);
    // Hostile text stays a parameter.
    const hostile = await list({ q: "' OR 1=1 --" });
    expect(hostile.status).toBe(200);
    expect(hostile.body).toEqual([]);
    expect(hostile.headers.get('x-total-count')).toBe('0');
    // An empty filter is no filter.
    expect((await list({ q: '' })).headers.get('x-total-count')).toBe('15');
  });

  it('sorts by last update, newest first', async () => {
    const seven = await db().content.findFirstOrThrow({ where: { datasetId: ka.dataset.id, name: 'Report 7' } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await db().content.update({ where: { id: seven.id }, data: { source: 'https://example.org/report-7-v2' } });
    const res = await list({ subject_id: String(archive.id), sort: 'updated', limit: '2' });
    expect(names(res.body)[0]).toBe('Report 7');
    expect(res.headers.get('x-total-count')).toBe('14');
  });

  it("404 for another organisation's dataset and for a subject of another dataset", async () => {
    const foreign = await list({ q: 'report' }, b);
    expect(foreign.status).toBe(404);
    const theirSubject = await db().subject.findFirstOrThrow({ where: { dataset: { projectId: b.project.id } } });
    const mixed = await list({ subject_id: String(theirSubject.id) });
    expect(mixed).toMatchObject({ status: 404, body: { detail: `Subject ${theirSubject.id} not found in dataset ${ka.dataset.id}` } });
  });

  it('an unpaged filtered list longer than one read (500 rows) comes back whole and in order', async () => {
    const big = await db().dataset.create({ data: { projectId: a.project.id, name: 'Big' } });
    const shelf = await db().subject.create({ data: { datasetId: big.id, name: 'Shelf' } });
    await db().content.createMany({
      data: Array.from({ length: 1203 }, (_, i) => ({ datasetId: big.id, subjectId: shelf.id, name: `Page ${1203 - i}`, source: '' })),
    });
    const res = await list({ q: 'page', sort: 'name' }, a, big.id);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1203);
    expect(res.headers.get('x-total-count')).toBe('1203');
    expect(names(res.body).slice(0, 3)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(names(res.body).at(-1)).toBe('Page 1203');
  });

  it.each([
    [{ q: 'x'.repeat(201) }, 'q: q must be at most 200 characters'],
    [{ sort: 'size' }, 'sort: sort must be one of id, name, updated'],
    ...pagingCases(500),
    [{ subject_id: 'abc' }, 'subject_id: subject_id must be a non-negative integer'],
    [{ colour: 'red' }, 'Unknown query parameter: colour'],
  ])('400 for %o', async (query, detail) => {
    expectError(await list(query as Record<string, string>), 400, detail);
  });
});

describe('GET /searcher/v1/subjects/{id}', () => {
  it("one subject of the caller's project; another organisation's is not found", async () => {
    const mine = await call(subject.GET, 'GET', '/x', { token: a.apiKey, params: { subject_id: String(archive.id) } });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ id: archive.id, name: 'Archive', dataset_id: ka.dataset.id, created_at: expect.any(String), updated_at: expect.any(String) });
    const theirs = await call(subject.GET, 'GET', '/x', { token: b.apiKey, params: { subject_id: String(archive.id) } });
    expect(theirs).toMatchObject({ status: 404, body: { detail: `Subject ${archive.id} not found` } });
  });
});
