// Asking a smartpage: the page's datamodel answers, the interaction is
// recorded with origin `smartpage` in the page's project and shows up in
// the credits report; threads of the page stay the page's own.
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/http';
import { createDatamodelFor, createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import { db } from '@/lib/db/client';
import { replacePassages } from '@/lib/knowledge/passages';
import { askSmartpage } from '@/lib/smartpages/ask';
import * as smartpages from '@/app/api/v1/smartpages/route';
import * as ask from '@/app/api/smartpages/[slug]/search/route';
import * as askStream from '@/app/api/smartpages/[slug]/search/stream/route';
import * as credits from '@/app/api/v1/credits_resume/route';

let a: Tenant;
let publicSlug: string;
let privateSlug: string;

beforeAll(async () => {
  a = await createTenant('spa');
  const { content } = await createKnowledge(a, 'Handbook');
  await db().$transaction((tx) =>
    replacePassages(tx, content, a.organization.id, [
      { heading: 'Refunds', text: 'Refunds are paid back to the original card within five working days.', tokenCount: 14 },
      { heading: 'Shipping', text: 'Parcels ship from Lisbon every weekday before noon.', tokenCount: 10 },
    ]),
  );
  const { datamodel } = await createDatamodelFor(a, 'Handbook', 'Help bot');
  publicSlug = `help-${a.tag}`;
  privateSlug = `staff-${a.tag}`;
  const made = await call(smartpages.POST, 'POST', '/api/v1/smartpages', {
    token: a.userTokens.OWNER,
    body: { name: 'Help', datamodel_id: datamodel.id, slug: publicSlug },
  });
  expect(made.status).toBe(201);
  const closed = await call(smartpages.POST, 'POST', '/api/v1/smartpages', {
    token: a.userTokens.OWNER,
    body: { name: 'Staff', datamodel_id: datamodel.id, slug: privateSlug, visibility: 'private', users: [a.users.VIEWER.email] },
  });
  expect(closed.status).toBe(201);
});

const askPage = (slug: string, body: object) => call(ask.POST, 'POST', `/api/smartpages/${slug}/search`, { params: { slug }, body });

describe('POST /api/smartpages/{slug}/search', () => {
  it('answers anonymously from the page datamodel and records origin smartpage', async () => {
    const res = await askPage(publicSlug, { question: 'How long do refunds take?' });
    expect(res.status).toBe(200);
    expect(res.body.search[0].context).toContain('five working days');
    expect(res.body.generational.content).toContain('five working days');
    const interaction = await db().interaction.findUniqueOrThrow({ where: { identifier: res.body.identifier } });
    expect(interaction).toMatchObject({ origin: 'smartpage', projectId: a.project.id, datamodelName: 'Help bot', userEmail: '', type: 'search' });

    const followUp = await askPage(publicSlug, { question: 'And shipping?', conversation: res.body.conversation });
    expect(followUp.status).toBe(200);
    expect(followUp.body.conversation).toBe(res.body.conversation);
  });

  it('is counted as smartpage credits in the credits report', async () => {
    const report = await call(credits.GET, 'GET', '/api/v1/credits_resume', { token: a.userTokens.OWNER });
    expect(report.status).toBe(200);
    const total = (report.body.credits as { smartpage_credits: number }[]).reduce((sum, row) => sum + row.smartpage_credits, 0);
    expect(total).toBeGreaterThan(0);
  });

  it('streams server-sent events ending with done', async () => {
    const res = await call(askStream.POST, 'POST', '/x', { params: { slug: publicSlug }, body: { question: 'When do parcels ship?' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.body).toContain('event: search');
    expect(res.body).toContain('event: done');
    const done = JSON.parse(/event: done\ndata: (.*)\n/.exec(res.body as unknown as string)![1]);
    const interaction = await db().interaction.findUniqueOrThrow({ where: { identifier: done.identifier } });
    expect(interaction).toMatchObject({ origin: 'smartpage', type: 'stream' });
  });

  it('refuses a conversation that is not one of the page (404), e.g. a workspace thread', async () => {
    const workspace = await db().conversation.create({
      data: { id: crypto.randomUUID(), projectId: a.project.id, identifier: 'ws', origin: 'workspace', userEmail: a.users.OWNER.email },
    });
    const res = await askPage(publicSlug, { question: 'Refunds?', conversation: workspace.id });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Conversation not found' });
  });

  it('asks an anonymous visitor of a private page to sign in (401); a listed visitor may ask', async () => {
    const res = await askPage(privateSlug, { question: 'Refunds?' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'This smartpage is private: sign in to use it' });
    const visitor = { userId: a.users.VIEWER.id, email: a.users.VIEWER.email, name: 'Viewer' };
    const answered = (await askSmartpage(privateSlug, visitor, { question: 'How long do refunds take?' })).response;
    const interaction = await db().interaction.findUniqueOrThrow({ where: { identifier: answered.identifier } });
    expect(interaction).toMatchObject({ origin: 'smartpage', userEmail: a.users.VIEWER.email });
    const stranger = { userId: a.users.OWNER.id, email: a.users.OWNER.email, name: 'Owner' };
    await expect(askSmartpage(privateSlug, stranger, { question: 'Refunds?' })).rejects.toMatchObject({ code: 'forbidden' });
  });

  it.each([
    [{}, 'question: question is required and must be a string'],
    [{ question: '   ' }, 'question: question must not be empty'],
    [{ question: 'x', model: 'other' }, 'Unknown field: model'],
  ])('400 for %j', async (body, detail) => {
    const res = await askPage(publicSlug, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it('404 for an unknown page', async () => {
    const res = await askPage('no-such-page-here', { question: 'Hello?' });
    expect(res.status).toBe(404);
  });
});
