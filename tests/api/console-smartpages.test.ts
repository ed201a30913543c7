import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError } from '../helpers/http';
import { createDatamodelFor, createKnowledge, createTenant, createTenantWithAssistant, type Tenant } from '../helpers/tenant';
import { db } from '@/lib/db/client';
import * as smartpages from '@/app/api/v1/smartpages/route';
import * as smartpage from '@/app/api/v1/smartpages/[smartpage_id]/route';
import * as publicPage from '@/app/api/smartpages/[slug]/route';
import { openSmartpage } from '@/lib/smartpages/service';

// The test plan of createTenant: 2 public, 2 private, 10 private users.
let a: Tenant;
let b: Tenant;
let datamodelA: number;
let datamodelB: number;

beforeAll(async () => {
  ({ tenant: a, datamodelId: datamodelA } = await createTenantWithAssistant('sp-a', 'Alpha'));
  ({ tenant: b, datamodelId: datamodelB } = await createTenantWithAssistant('sp-b', 'Beta'));
});

const create = (t: Tenant, body: object, role: 'OWNER' | 'ADMIN' | 'EDITOR' | 'VIEWER' = 'OWNER') =>
  call(smartpages.POST, 'POST', '/api/v1/smartpages', { token: t.userTokens[role], body });
const patch = (t: Tenant, id: number, body: object) =>
  call(smartpage.PATCH, 'PATCH', `/api/v1/smartpages/${id}`, { token: t.userTokens.OWNER, params: { smartpage_id: String(id) }, body });
const remove = (t: Tenant, id: number) => call(smartpage.DELETE, 'DELETE', `/x`, { token: t.userTokens.OWNER, params: { smartpage_id: String(id) } });

describe('smartpages management', () => {
  it('creates a public page with a generated slug, lists it, renames it, deletes it', async () => {
    const res = await create(a, { name: 'Help Centre', datamodel_id: datamodelA });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Help Centre',
      slug: expect.stringMatching(/^help-centre-[0-9a-f]{6}$/),
      url: `/s/${res.body.slug}`,
      visibility: 'public',
      datamodel: { id: datamodelA, name: 'Alpha assistant' },
      users: [],
      suggested_questions: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const list = await call(smartpages.GET, 'GET', '/api/v1/smartpages', { token: a.userTokens.VIEWER });
    expect(list.status).toBe(200);
    expect(list.body.map((p: { id: number }) => p.id)).toEqual([res.body.id]);
    expect((await call(smartpages.GET, 'GET', '/x', { token: b.userTokens.OWNER })).body).toEqual([]);

    const renamed = await patch(a, res.body.id, { name: 'Help' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Help', slug: res.body.slug });
    expect((await remove(a, res.body.id)).status).toBe(204);
    expect((await remove(a, res.body.id)).status).toBe(404);
  });

  it('keeps the listed users of a private page, lowercased and without duplicates', async () => {
    const res = await create(a, {
      name: 'Staff',
      datamodel_id: datamodelA,
      visibility: 'private',
      slug: `staff-${a.tag}`,
      users: ['Ann@X.test', 'ann@x.test', 'bob@x.test'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ visibility: 'private', slug: `staff-${a.tag}`, users: ['ann@x.test', 'bob@x.test'] });
    const switched = await patch(a, res.body.id, { visibility: 'public' });
    expect(switched.body).toMatchObject({ visibility: 'public', users: [] });
    await remove(a, res.body.id);
  });

  it('refuses a slug that is taken (409) and a datamodel of another tenant (404)', async () => {
    const first = await create(a, { name: 'One', datamodel_id: datamodelA, slug: `taken-${a.tag}` });
    const clash = await create(b, { name: 'Two', datamodel_id: datamodelB, slug: `taken-${a.tag}` });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ detail: `The address /s/taken-${a.tag} is taken; choose another slug` });
    const foreign = await create(a, { name: 'Three', datamodel_id: datamodelB });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: `Datamodel ${datamodelB} not found` });
    const foreignEdit = await call(smartpage.PATCH, 'PATCH', '/x', {
      token: b.userTokens.OWNER,
      params: { smartpage_id: String(first.body.id) },
      body: { name: 'mine' },
    });
    expect(foreignEdit.status).toBe(404);
    await remove(a, first.body.id);
  });

  it('enforces the plan: public and private page counts and private users', async () => {
    const t = await createTenant('sp-limit');
    await createKnowledge(t, 'Gamma');
    const dm = (await createDatamodelFor(t, 'Gamma', 'Gamma assistant')).datamodel.id;
    expect((await create(t, { name: 'P1', datamodel_id: dm })).status).toBe(201);
    expect((await create(t, { name: 'P2', datamodel_id: dm })).status).toBe(201);
    const third = await create(t, { name: 'P3', datamodel_id: dm });
    expect(third.status).toBe(403);
    expect(third.body).toEqual({ detail: 'Your plan (Test plan) allows 2 public smartpages; 2 already exist' });

    const emails = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `u${i + from}@x.test`);
    const q1 = await create(t, { name: 'Q1', datamodel_id: dm, visibility: 'private', users: emails(6) });
    expect(q1.status).toBe(201);
    const tooMany = await create(t, { name: 'Q2', datamodel_id: dm, visibility: 'private', users: emails(5, 6) });
    expect(tooMany.status).toBe(403);
    expect(tooMany.body).toEqual({ detail: 'Your plan (Test plan) allows 10 users across private smartpages; this change would make 11' });
    // The same people on a second page count once.
    expect((await create(t, { name: 'Q2', datamodel_id: dm, visibility: 'private', users: emails(4, 3) })).status).toBe(201);
    const q3 = await create(t, { name: 'Q3', datamodel_id: dm, visibility: 'private' });
    expect(q3.status).toBe(403);
    expect(q3.body.detail).toBe('Your plan (Test plan) allows 2 private smartpages; 2 already exist');
    // Turning a public page private is checked too.
    const pages = (await call(smartpages.GET, 'GET', '/x', { token: t.userTokens.OWNER })).body as { id: number; name: string }[];
    const p1 = pages.find((p) => p.name === 'P1')!;
    expect((await patch(t, p1.id, { visibility: 'private' })).status).toBe(403);
    // Editing a page within the limit is fine (it does not count against itself).
    expect((await patch(t, q1.body.id, { users: emails(6, 1) })).status).toBe(200);
  });

  it('refuses publishing when the organisation has no plan', async () => {
    const t = await createTenant('sp-noplan');
    await createKnowledge(t, 'Delta');
    const dm = (await createDatamodelFor(t, 'Delta', 'Delta assistant')).datamodel.id;
    await db().subscription.delete({ where: { organizationId: t.organization.id } });
    const res = await create(t, { name: 'X', datamodel_id: dm });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'Your organisation has no plan, so it cannot publish smartpages' });
  });

  it('VIEWER may list but not publish; API keys are refused', async () => {
    const res = await create(a, { name: 'No', datamodel_id: datamodelA }, 'VIEWER');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'The VIEWER role cannot change data' });
    expect((await call(smartpages.GET, 'GET', '/x', { token: a.apiKey })).status).toBe(401);
  });

  it.each([
    [{ datamodel_id: 1 }, 'name: name is required and must be a string'],
    [{ name: 'x', datamodel_id: 1, visibility: 'secret' }, 'visibility: visibility must be public or private'],
    [{ name: 'x', datamodel_id: 1, slug: 'A B' }, 'slug: slug must be 3 to 60 characters: lowercase letters, digits and inner hyphens'],
    [{ name: 'x', datamodel_id: 1, users: ['not-an-email'] }, 'users.0: users must be e-mail addresses'],
    [{ name: 'x', datamodel_id: 1, colour: 'red' }, 'Unknown field: colour'],
  ])('400 for %j', async (body, detail) => {
    expectError(await create(a, body), 400, detail);
  });
});

describe('GET /api/smartpages/{slug} (the public page)', () => {
  it('shows a public page to anyone, and 404 for an unknown slug', async () => {
    const page = await create(a, { name: 'Open', datamodel_id: datamodelA, slug: `open-${a.tag}` });
    const res = await call(publicPage.GET, 'GET', '/x', { params: { slug: `open-${a.tag}` } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Open',
      slug: `open-${a.tag}`,
      visibility: 'public',
      datamodel: 'Alpha assistant',
      organization: a.organization.name,
      suggested_questions: [],
    });
    const missing = await call(publicPage.GET, 'GET', '/x', { params: { slug: 'no-such-page-here' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'This smartpage does not exist' });
    await remove(a, page.body.id);
  });

  it('keeps up to 4 suggested questions, shows them to visitors, replaces them on PATCH', async () => {
    const slug = `faq-${a.tag}`;
    const created = await create(a, { name: 'FAQ', datamodel_id: datamodelA, slug, suggested_questions: ['  How do I start? ', 'What does it cost?'] });
    expect(created.status).toBe(201);
    expect(created.body.suggested_questions).toEqual(['How do I start?', 'What does it cost?']);
    const shown = await call(publicPage.GET, 'GET', '/x', { params: { slug } });
    expect(shown.body.suggested_questions).toEqual(['How do I start?', 'What does it cost?']);

    const replaced = await patch(a, created.body.id, { suggested_questions: ['Who can see my documents?'] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.suggested_questions).toEqual(['Who can see my documents?']);
    // Other edits leave the list alone.
    expect((await patch(a, created.body.id, { name: 'FAQ page' })).body.suggested_questions).toEqual(['Who can see my documents?']);

    for (const [bad, detail] of [
      [['1', '2', '3', '4', '5'], /at most 4 suggested questions/],
      [['Same?', 'same?'], /must not repeat a question/],
      [['two\nlines'], /one line/],
      [[''], /must not be empty/],
      [['x'.repeat(201)], /at most 200 characters/],
      ['How?', /must be a list of questions/],
    ] as const) {
      const refused = await patch(a, created.body.id, { suggested_questions: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.detail).toMatch(detail);
    }
    expect((await call(publicPage.GET, 'GET', '/x', { params: { slug } })).body.suggested_questions).toEqual(['Who can see my documents?']);
    await remove(a, created.body.id);
  });

  it('asks an anonymous visitor of a private page to sign in (401)', async () => {
    const page = await create(a, { name: 'Closed', datamodel_id: datamodelA, visibility: 'private', slug: `closed-${a.tag}`, users: [a.users.VIEWER.email] });
    const res = await call(publicPage.GET, 'GET', '/x', { params: { slug: `closed-${a.tag}` } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'This smartpage is private: sign in to use it' });
    await remove(a, page.body.id);
  });

  it('opens a private page only for a signed-in visitor on its list (403 otherwise)', async () => {
    const slug = `members-${a.tag}`;
    const page = await create(a, { name: 'Members', datamodel_id: datamodelA, visibility: 'private', slug, users: [a.users.VIEWER.email] });
    const listed = await openSmartpage(slug, a.users.VIEWER.email.toUpperCase());
    expect(listed.view).toEqual({
      name: 'Members',
      slug,
      visibility: 'private',
      datamodel: 'Alpha assistant',
      organization: a.organization.name,
      suggested_questions: [],
    });
    await expect(openSmartpage(slug, a.users.OWNER.email)).rejects.toMatchObject({
      code: 'forbidden',
      detail: 'This smartpage is private and your account is not on its list of users',
    });
    await expect(openSmartpage(slug, b.users.VIEWER.email)).rejects.toMatchObject({ code: 'forbidden' });
    await remove(a, page.body.id);
  });
});
