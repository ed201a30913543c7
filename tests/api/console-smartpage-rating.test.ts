// Visitors rating answers on a smartpage (POST /api/smartpages/{slug}/assessments):
// the rating reaches the assessments and the interaction like a console
// rating, but only for an answer of that page's project, asked on a
// smartpage, in the named conversation, by the same visitor. The page's
// public routes are rate limited per client address and page.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError } from '../helpers/http';
import { askedInConsole } from '../helpers/interactions';
import { createDatamodelFor, createKnowledge, createTenant, type Tenant } from '../helpers/tenant';
import { db } from '@/lib/db/client';
import { replacePassages } from '@/lib/knowledge/passages';
import { askSmartpage } from '@/lib/smartpages/ask';
import { rateSmartpageAnswer } from '@/lib/smartpages/rate-answer';
import * as smartpages from '@/app/api/v1/smartpages/route';
import * as ask from '@/app/api/smartpages/[slug]/search/route';
import * as rate from '@/app/api/smartpages/[slug]/assessments/route';

let a: Tenant;
let b: Tenant;
let datamodelId: number;
let publicSlug: string;
let privateSlug: string;
let otherSlug: string;

async function publish(tenant: Tenant, slug: string, datamodel: number, extra: object = {}) {
  const made = await call(smartpages.POST, 'POST', '/api/v1/smartpages', {
    token: tenant.userTokens.OWNER,
    body: { name: slug, datamodel_id: datamodel, slug, ...extra },
  });
  expect(made.status).toBe(201);
}

async function knowledge(tenant: Tenant) {
  const { content } = await createKnowledge(tenant, 'Handbook');
  await db().$transaction((tx) =>
    replacePassages(tx, content, tenant.organization.id, [
      { heading: 'Refunds', text: 'Refunds are paid back to the original card within five working days.', tokenCount: 14 },
    ]),
  );
  return (await createDatamodelFor(tenant, 'Handbook', 'Help bot')).datamodel.id;
}

beforeAll(async () => {
  a = await createTenant('spr-a');
  b = await createTenant('spr-b');
  datamodelId = await knowledge(a);
  publicSlug = `rate-${a.tag}`;
  privateSlug = `rate-staff-${a.tag}`;
  otherSlug = `rate-${b.tag}`;
  await publish(a, publicSlug, datamodelId);
  await publish(a, privateSlug, datamodelId, { visibility: 'private', users: [a.users.VIEWER.email, a.users.EDITOR.email] });
  await publish(b, otherSlug, await knowledge(b));
});

// Each test speaks from its own address so the rate limit of one never touches another.
let client = 0;
const address = () => `198.51.100.${++client}`;

async function askPublic(slug: string, question = 'How long do refunds take?') {
  const res = await call(ask.POST, 'POST', '/x', { params: { slug }, body: { question }, headers: { 'x-forwarded-for': address() } });
  expect(res.status).toBe(200);
  return { identifier: res.body.identifier as string, conversation: res.body.conversation as string };
}

const rateOn = (slug: string, body: object, from = address()) =>
  call(rate.POST, 'POST', '/x', { params: { slug }, body, headers: { 'x-forwarded-for': from } });

describe('POST /api/smartpages/{slug}/assessments', () => {
  it('stores an anonymous visitor’s negative rating with reasons on the answer, and a second rating replaces it', async () => {
    const answer = await askPublic(publicSlug);
    const res = await rateOn(publicSlug, { ...answer, evaluation: 'negative', feedback: 'Too vague', negative_opinions: ['Incomplete', 'Outdated'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const interaction = await db().interaction.findUniqueOrThrow({ where: { identifier: answer.identifier } });
    expect(interaction).toMatchObject({ evaluation: 'negative', feedback: 'Too vague', feedbackOptions: JSON.stringify(['Incomplete', 'Outdated']) });
    const assessment = await db().assessment.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(assessment).toMatchObject({
      projectId: a.project.id,
      interactionId: interaction.id,
      modelId: datamodelId,
      datasetId: interaction.datasetId,
      evaluation: 'negative',
      question: 'How long do refunds take?',
    });
    expect(assessment.generativeAnswer).toContain('five working days');
    expect(JSON.parse(assessment.extra)).toEqual({ origin: 'smartpage', smartpage: publicSlug, negative_opinions: ['Incomplete', 'Outdated'] });

    // Reasons only go with a negative rating.
    const again = await rateOn(publicSlug, { ...answer, evaluation: 'positive', negative_opinions: ['Incomplete'] });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    expect(await db().interaction.findUniqueOrThrow({ where: { identifier: answer.identifier } })).toMatchObject({
      evaluation: 'positive',
      feedback: null,
      feedbackOptions: null,
    });
  });

  it('404 for an answer outside the page’s scope: another conversation, the console, another organisation', async () => {
    const answer = await askPublic(publicSlug);
    const otherThread = await askPublic(publicSlug, 'Refunds again?');
    const foreign = await askPublic(otherSlug);
    const { conversation: workspace, turn: console } = await askedInConsole(a, 'ws', { question: 'Console?', content: 'Yes.', userEmail: a.users.OWNER.email });
    const detail = { detail: 'This answer was not given on this smartpage in your conversation' };
    for (const body of [
      { identifier: answer.identifier, conversation: otherThread.conversation },
      { identifier: console.identifier, conversation: workspace.id },
      foreign,
      { identifier: crypto.randomUUID(), conversation: answer.conversation },
    ]) {
      const res = await rateOn(publicSlug, { ...body, evaluation: 'positive' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(detail);
    }
    // Tenant B's answer cannot be rated through its own page by way of A's either.
    expect((await rateOn(otherSlug, { ...answer, evaluation: 'positive' })).status).toBe(404);
    expect((await rateOn('no-such-page-here', { ...answer, evaluation: 'positive' })).body).toEqual({ detail: 'This smartpage does not exist' });
    expect(await db().interaction.findUniqueOrThrow({ where: { identifier: console.identifier } })).toMatchObject({ evaluation: null });
  });

  it('on a private page: anonymous is 401; a listed visitor rates their own answers only', async () => {
    const viewer = { userId: a.users.VIEWER.id, email: a.users.VIEWER.email, name: 'Viewer' };
    const editor = { userId: a.users.EDITOR.id, email: a.users.EDITOR.email, name: 'Editor' };
    const answer = (await askSmartpage(privateSlug, viewer, { question: 'How long do refunds take?' })).response;
    const anonymous = await rateOn(privateSlug, { identifier: answer.identifier, conversation: answer.conversation, evaluation: 'positive' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: 'This smartpage is private: sign in to use it' });
    const rating = { identifier: answer.identifier, conversation: answer.conversation!, evaluation: 'neutral' as const, feedback: 'ok' };
    await expect(rateSmartpageAnswer(privateSlug, editor, rating)).rejects.toMatchObject({ code: 'not_found' });
    const stranger = { userId: a.users.OWNER.id, email: a.users.OWNER.email, name: 'Owner' };
    await expect(rateSmartpageAnswer(privateSlug, stranger, rating)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(rateSmartpageAnswer(privateSlug, viewer, rating)).resolves.toEqual({ id: expect.any(Number) });
    expect(await db().interaction.findUniqueOrThrow({ where: { identifier: answer.identifier } })).toMatchObject({ evaluation: 'neutral', feedback: 'ok' });
  });

  it.each([
    [{ conversation: 'c', evaluation: 'positive' }, 'identifier: identifier must be the UUID of an answer'],
    [{ identifier: 'not-a-uuid', conversation: 'c', evaluation: 'positive' }, 'identifier: identifier must be the UUID of an answer'],
    [
      { identifier: '00000000-0000-4000-8000-000000000000', conversation: 'c', evaluation: 'great' },
      'evaluation: evaluation must be one of positive, negative, neutral',
    ],
    [
      { identifier: '00000000-0000-4000-8000-000000000000', conversation: 'c', evaluation: 'negative', negative_opinions: Array(11).fill('x') },
      'negative_opinions: at most 10 negative opinions',
    ],
    [{ identifier: '00000000-0000-4000-8000-000000000000', conversation: 'c', evaluation: 'positive', modelId: 3 }, 'Unknown field: modelId'],
  ])('400 for %j', async (body, detail) => {
    expectError(await rateOn(publicSlug, body), 400, detail);
  });
});

describe('rate limit of the public smartpage routes', () => {
  it('429 with {detail} and Retry-After once a client has spent the burst on a page; others are not held up', async () => {
    const from = '203.0.113.7';
    // The default burst is 20 requests per client and page; refused bodies count too.
    for (let i = 0; i < 20; i++) expect((await rateOn(publicSlug, {}, from)).status).toBe(400);
    const refused = await rateOn(publicSlug, {}, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Too many requests to this smartpage; try again in 6 seconds' });
    expect(refused.headers.get('retry-after')).toBe('6');
    // The question route shares the page's bucket for that client.
    const asked = await call(ask.POST, 'POST', '/x', { params: { slug: publicSlug }, body: { question: 'Refunds?' }, headers: { 'x-forwarded-for': from } });
    expect(asked.status).toBe(429);
    expect((await rateOn(publicSlug, {}, '203.0.113.8')).status).toBe(400);
    expect((await rateOn(otherSlug, {}, from)).status).toBe(400);
  });
});
