import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/http';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import { db } from '@/lib/db/client';
import { createApiKey } from '@/lib/auth/keys';
import * as datasets from '@/app/searcher/v1/datasets/route';
import * as datasetsFull from '@/app/searcher/v1/datasets/full/route';
import * as dataset from '@/app/searcher/v1/datasets/[dataset_id]/route';
import * as subjects from '@/app/searcher/v1/datasets/[dataset_id]/subjects/route';
import * as contents from '@/app/searcher/v1/datasets/[dataset_id]/contents/route';
import * as contentsFull from '@/app/searcher/v1/datasets/[dataset_id]/contents/full/route';
import * as content from '@/app/searcher/v1/contents/[content_id]/route';
import * as subject from '@/app/searcher/v1/subjects/[subject_id]/route';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const keys = (o: object) => Object.keys(o).sort();

let a: Tenant;
let b: Tenant;
let ka: Awaited<ReturnType<typeof createKnowledge>>;
let kb: Awaited<ReturnType<typeof createKnowledge>>;

beforeAll(async () => {
  a = await createTenant('a');
  b = await createTenant('b');
  ka = await createKnowledge(a, 'Alpha');
  kb = await createKnowledge(b, 'Beta');
});

describe('GET /searcher/v1/datasets', () => {
  it('lists the caller project datasets with id, name, description, created_at', async () => {
    const res = await call(datasets.GET, 'GET', '/searcher/v1/datasets', { token: a.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual([{ id: ka.dataset.id, name: 'Alpha', description: 'Alpha description', created_at: expect.stringMatching(ISO) }]);
  });

  it('400 for a query parameter (the spec: an unknown parameter is a 400 on every endpoint), nothing listed', async () => {
    for (const [handler, path] of [
      [datasets.GET, '/searcher/v1/datasets'],
      [datasetsFull.GET, '/searcher/v1/datasets/full'],
    ] as const) {
      const res = await call(handler, 'GET', path, { token: a.apiKey, query: { foo: '1' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Unknown query parameter: foo' });
    }
    const create = await call(datasets.POST, 'POST', '/searcher/v1/datasets', { token: a.apiKey, query: { dry_run: 'true' }, body: { name: 'Never made' } });
    expect(create.body).toEqual({ detail: 'Unknown query parameter: dry_run' });
    expect(create.status).toBe(400);
    expect(await db().dataset.count({ where: { name: 'Never made' } })).toBe(0);
  });

  it.each([
    ['no header', undefined, 'Missing Authorization header'],
    ['a garbage token', 'garbage', 'Invalid token'],
    ['an unknown key', 'ks_key_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'Invalid token'],
  ])('401 with %s', async (_label, token, detail) => {
    const res = await call(datasets.GET, 'GET', '/searcher/v1/datasets', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toContain(detail);
  });

  it('401 with a non-Bearer Authorization header', async () => {
    const res = await call(datasets.GET, 'GET', '/searcher/v1/datasets', { headers: { authorization: 'Basic abc' } });
    expect(res.status).toBe(401);
    expect(keys(res.body)).toEqual(['detail']);
  });

  it('401 with an expired API key and with a revoked one', async () => {
    const expired = await createApiKey(a.project.id, { name: 'old', expiresAt: new Date(Date.now() - 1000) });
    let res = await call(datasets.GET, 'GET', '/searcher/v1/datasets', { token: expired.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Token expired' });
    const revoked = await createApiKey(a.project.id, { name: 'gone' });
    await db().apiKey.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    res = await call(datasets.GET, 'GET', '/searcher/v1/datasets', { token: revoked.token });
    expect(res.status).toBe(401);
  });

  it('401 for a user token or a project token: knowledge endpoints take API keys', async () => {
    for (const token of [a.userTokens.OWNER, a.projectToken]) {
      const res = await call(datasets.GET, 'GET', '/searcher/v1/datasets', { token });
      expect(res.status).toBe(401);
      expect(res.body.detail).toContain('API key');
    }
  });

  it('404 when the project of the key no longer exists', async () => {
    const gone = await createTenant('gone');
    await db().project.delete({ where: { id: gone.project.id } });
    const res = await call(datasets.GET, 'GET', '/searcher/v1/datasets', { token: gone.apiKey });
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/project/i);
  });
});

describe('dataset by id', () => {
  it('GET answers one dataset', async () => {
    const res = await call(dataset.GET, 'GET', '/x', { token: a.apiKey, params: { dataset_id: String(ka.dataset.id) } });
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(['created_at', 'description', 'id', 'name', 'updated_at']);
    expect(res.body.id).toBe(ka.dataset.id);
  });

  it('PUT renames, answers id, name, created_at, updated_at, and persists', async () => {
    const res = await call(dataset.PUT, 'PUT', '/x', { token: a.apiKey, params: { dataset_id: String(ka.dataset.id) }, body: { name: 'Alpha 2' } });
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(['created_at', 'id', 'name', 'updated_at']);
    expect(res.body).toMatchObject({ id: ka.dataset.id, name: 'Alpha 2', created_at: expect.stringMatching(ISO), updated_at: expect.stringMatching(ISO) });
    const again = await call(dataset.GET, 'GET', '/x', { token: a.apiKey, params: { dataset_id: String(ka.dataset.id) } });
    expect(again.body.name).toBe('Alpha 2');
    expect((await db().dataset.findUnique({ where: { id: ka.dataset.id } }))?.name).toBe('Alpha 2');
  });

  it.each([
    ['a missing name', {}, 'name'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a number as name', { name: 5 }, 'name'],
    ['an array body', [], ''],
  ])('PUT 400 with %s', async (_l, body, word) => {
    const res = await call(dataset.PUT, 'PUT', '/x', { token: a.apiKey, params: { dataset_id: String(ka.dataset.id) }, body });
    expect(res.status).toBe(400);
    expect(keys(res.body)).toEqual(['detail']);
    expect(res.body.detail).toContain(word);
  });

  it('PUT 400 with malformed JSON, never 500', async () => {
    const res = await call(dataset.PUT, 'PUT', '/x', { token: a.apiKey, params: { dataset_id: String(ka.dataset.id) }, rawBody: '{"name": ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Malformed JSON body' });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('400 for the bad id %s', async (id) => {
    const res = await call(dataset.GET, 'GET', '/x', { token: a.apiKey, params: { dataset_id: id } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('dataset_id');
  });

  it('404 for an id that does not exist', async () => {
    const res = await call(dataset.GET, 'GET', '/x', { token: a.apiKey, params: { dataset_id: '2147483647' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Dataset 2147483647 not found' });
  });

  it('another organisation cannot read, rename or delete it', async () => {
    const params = { dataset_id: String(ka.dataset.id) };
    expect((await call(dataset.GET, 'GET', '/x', { token: b.apiKey, params })).status).toBe(404);
    expect((await call(dataset.PUT, 'PUT', '/x', { token: b.apiKey, params, body: { name: 'stolen' } })).status).toBe(404);
    expect((await call(dataset.DELETE, 'DELETE', '/x', { token: b.apiKey, params })).status).toBe(404);
    expect((await call(subjects.GET, 'GET', '/x', { token: b.apiKey, params })).status).toBe(404);
    expect((await call(contents.GET, 'GET', '/x', { token: b.apiKey, params })).status).toBe(404);
    expect((await call(contentsFull.GET, 'GET', '/x', { token: b.apiKey, params })).status).toBe(404);
    expect((await db().dataset.findUnique({ where: { id: ka.dataset.id } }))?.name).not.toBe('stolen');
  });
});

describe('full listing, subjects and contents', () => {
  it('GET /datasets/full nests subjects and their contents', async () => {
    const res = await call(datasetsFull.GET, 'GET', '/x', { token: b.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [d] = res.body;
    expect(keys(d)).toEqual(['created_at', 'description', 'id', 'name', 'subjects', 'updated_at']);
    expect(keys(d.subjects[0])).toEqual(['contents', 'created_at', 'dataset_id', 'id', 'name', 'updated_at']);
    expect(d.subjects[0].dataset_id).toBe(kb.dataset.id);
    expect(keys(d.subjects[0].contents[0])).toEqual(['created_at', 'id', 'name', 'source', 'subject_id', 'updated_at']);
    expect(d.subjects[0].contents[0]).toMatchObject({ id: kb.content.id, name: 'Welcome', subject_id: kb.subject.id, source: 'https://example.com/welcome' });
  });

  it('GET subjects lists Subject records', async () => {
    const res = await call(subjects.GET, 'GET', '/x', { token: b.apiKey, params: { dataset_id: String(kb.dataset.id) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: kb.subject.id, name: 'General', dataset_id: kb.dataset.id, created_at: expect.stringMatching(ISO), updated_at: expect.stringMatching(ISO) },
    ]);
  });

  it('GET contents lists Content records', async () => {
    const res = await call(contents.GET, 'GET', '/x', { token: b.apiKey, params: { dataset_id: String(kb.dataset.id) } });
    expect(res.body).toEqual([
      {
        id: kb.content.id,
        name: 'Welcome',
        subject_id: kb.subject.id,
        source: 'https://example.com/welcome',
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      },
    ]);
  });

  it('GET contents/full nests the subject without contents', async () => {
    const res = await call(contentsFull.GET, 'GET', '/x', { token: b.apiKey, params: { dataset_id: String(kb.dataset.id) } });
    expect(res.body[0].subject).toEqual({
      id: kb.subject.id,
      name: 'General',
      dataset_id: kb.dataset.id,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
  });
});

describe('PUT /searcher/v1/contents/{content_id}', () => {
  it('updates name and source, answers the Content, and persists', async () => {
    const params = { content_id: String(kb.content.id) };
    const res = await call(content.PUT, 'PUT', '/x', { token: b.apiKey, params, body: { name: 'Welcome v2', source: 'https://example.com/v2' } });
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(['created_at', 'id', 'name', 'source', 'subject_id', 'updated_at']);
    expect(res.body).toMatchObject({ id: kb.content.id, name: 'Welcome v2', source: 'https://example.com/v2', subject_id: kb.subject.id });
    const row = await db().content.findUnique({ where: { id: kb.content.id } });
    expect(row).toMatchObject({ name: 'Welcome v2', source: 'https://example.com/v2' });
  });

  it.each([
    ['no source', { name: 'x' }, 'source'],
    ['no name', { source: 'x' }, 'name'],
    ['a numeric source', { name: 'x', source: 3 }, 'source'],
  ])('400 with %s', async (_l, body, word) => {
    const res = await call(content.PUT, 'PUT', '/x', { token: b.apiKey, params: { content_id: String(kb.content.id) }, body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(word);
  });

  it("another organisation's key gets 404 and changes nothing", async () => {
    const res = await call(content.PUT, 'PUT', '/x', { token: a.apiKey, params: { content_id: String(kb.content.id) }, body: { name: 'hacked', source: 'x' } });
    expect(res.status).toBe(404);
    expect((await db().content.findUnique({ where: { id: kb.content.id } }))?.name).not.toBe('hacked');
  });
});

describe('create and delete (editor operations)', () => {
  it('creates a dataset, a subject and a content, then deletes without orphans', async () => {
    const t = await createTenant('crud');
    const created = await call(datasets.POST, 'POST', '/x', { token: t.apiKey, body: { name: 'Docs', description: 'All docs' } });
    expect(created.status).toBe(201);
    const datasetId = String(created.body.id);
    const dup = await call(datasets.POST, 'POST', '/x', { token: t.apiKey, body: { name: 'Docs' } });
    expect(dup.status).toBe(409);
    const s = await call(subjects.POST, 'POST', '/x', { token: t.apiKey, params: { dataset_id: datasetId }, body: { name: 'Guides' } });
    expect(s.status).toBe(201);
    const c = await call(contents.POST, 'POST', '/x', {
      token: t.apiKey,
      params: { dataset_id: datasetId },
      body: { subject_id: s.body.id, name: 'Intro', source: 'https://x.test/intro', media_image: 'https://x.test/i.png' },
    });
    expect(c.status).toBe(201);
    expect(c.body.media_image).toBe('https://x.test/i.png');
    await db().passage.create({ data: { contentId: c.body.id, datasetId: Number(datasetId), position: 0, text: 'hello', tokenCount: 1 } });

    const renamed = await call(subject.PUT, 'PUT', '/x', { token: t.apiKey, params: { subject_id: String(s.body.id) }, body: { name: 'How-tos' } });
    expect(renamed.body.name).toBe('How-tos');

    const del = await call(dataset.DELETE, 'DELETE', '/x', { token: t.apiKey, params: { dataset_id: datasetId } });
    expect(del.status).toBe(204);
    expect(await db().subject.count({ where: { datasetId: Number(datasetId) } })).toBe(0);
    expect(await db().content.count({ where: { datasetId: Number(datasetId) } })).toBe(0);
    expect(await db().passage.count({ where: { datasetId: Number(datasetId) } })).toBe(0);
  });

  it('a content cannot be created under a subject of another dataset', async () => {
    const t = await createTenant('cross');
    const k1 = await createKnowledge(t, 'One');
    const k2 = await createKnowledge(t, 'Two');
    const res = await call(contents.POST, 'POST', '/x', {
      token: t.apiKey,
      params: { dataset_id: String(k1.dataset.id) },
      body: { subject_id: k2.subject.id, name: 'x' },
    });
    expect(res.status).toBe(400);
  });

  it('VIEWER sessions are read-only but API keys may write', async () => {
    const res = await call(content.DELETE, 'DELETE', '/x', { token: a.apiKey, params: { content_id: String(ka.content.id) } });
    expect(res.status).toBe(204);
  });
});
