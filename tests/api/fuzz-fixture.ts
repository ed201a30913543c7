// The fixture of the API fuzz suite (tests/api/fuzz.test.ts): one tenant
// with a searchable dataset, a scratch dataset the writes may change, a
// smartpage, a conversation, spare credentials and a finished upload, plus
// one valid request ("seed") per route method that the cases spoil one part
// of. A route missing here is still fuzzed, with hostile input only.
import { expect } from 'vitest';
import { db } from '@/lib/db/client';
import { createApiKey, createProjectToken } from '@/lib/auth/keys';
import { replacePassages } from '@/lib/knowledge/passages';
import { createDatamodelFor, createKnowledge, createTenant, PASSWORD } from '../helpers/tenant';
import type { Seed } from '../helpers/fuzz-cases';
import { call } from '../helpers/http';
import * as search from '@/app/searcher/v1/search/route';
import * as pageSearch from '@/app/api/smartpages/[slug]/search/route';
import * as smartpages from '@/app/api/v1/smartpages/route';
import * as curatedAnswers from '@/app/searcher/v1/curated_answers/route';

export async function createFuzzFixture() {
  const t = await createTenant('fuzz');
  const handbook = await createKnowledge(t, 'Handbook');
  await db().$transaction((tx) =>
    replacePassages(tx, handbook.content, t.organization.id, [
      { heading: 'Refunds', text: 'Refunds are paid back to the original card within five working days.', tokenCount: 14 },
      { heading: 'Shipping', text: 'Parcels ship from Lisbon every weekday before noon.', tokenCount: 10 },
    ]),
  );
  const { datamodel, preset } = await createDatamodelFor(t, 'Handbook', 'Assistant');
  const scratch = await createKnowledge(t, 'Scratch');
  const slug = `fuzz-${t.tag}`;
  const page = await call(smartpages.POST, 'POST', '/api/v1/smartpages', {
    token: t.userTokens.OWNER,
    body: { name: 'Fuzz page', datamodel_id: datamodel.id, slug },
  });
  expect(page.status).toBe(201);
  const question = 'How long do refunds take?';
  const asked = await call(search.POST, 'POST', '/searcher/v1/search', { token: t.apiKey, body: { question, dataset: 'Handbook' } });
  expect(asked.status).toBe(200);
  const pageAnswer = await call(pageSearch.POST, 'POST', `/api/smartpages/${slug}/search`, { params: { slug }, body: { question } });
  expect(pageAnswer.status).toBe(200);
  // Ids a DELETE could reach: never the credentials the suite itself uses.
  const spareKey = await createApiKey(t.project.id, { name: 'fuzz spare key', userId: t.users.OWNER.id });
  const spareToken = await createProjectToken(t.project.id, { name: 'fuzz spare token' });
  const curated = await call(curatedAnswers.POST, 'POST', '/searcher/v1/curated_answers', {
    token: t.apiKey,
    body: { dataset_id: scratch.dataset.id, question: 'Where do parcels ship from?', answer: 'From Lisbon.' },
  });
  expect(curated.status).toBe(201);
  // An upload that is already done: no worker picks it up.
  const upload = await db().upload.create({
    data: {
      projectId: t.project.id,
      name: 'Fuzz upload',
      items: { create: [{ position: 0, datasetName: 'Scratch', url: 'http://127.0.0.1:9/none.txt', state: 'done' }] },
    },
  });

  const validParams: Record<string, string> = {
    slug,
    dataset_id: String(scratch.dataset.id),
    subject_id: String(scratch.subject.id),
    content_id: String(scratch.content.id),
    smartpage_id: String(page.body.id),
    key_id: String(spareKey.id),
    token_id: String(spareToken.id),
    upload_id: String(upload.id),
    conversation_id: asked.body.conversation,
    curated_id: String(curated.body.id),
  };
  const dates = { start_date: '2025-03-01', end_date: '2025-03-31' };
  const searchBody = {
    question,
    dataset: 'Handbook',
    generational_presset: preset.identifier,
    conversation: asked.body.conversation,
    user: { name: 'Fuzz', email: 'fuzz@test.local' },
  };
  const keyBody = { name: 'fuzz credential', expires_at: '2099-12-31T00:00:00Z' };
  const seeds: Record<string, Seed> = {
    'POST /api/smartpages/{slug}/assessments': {
      body: {
        identifier: pageAnswer.body.identifier,
        conversation: pageAnswer.body.conversation,
        evaluation: 'negative',
        feedback: 'too short',
        negative_opinions: ['incomplete'],
      },
    },
    'POST /api/smartpages/{slug}/search': { body: { question, conversation: pageAnswer.body.conversation } },
    'POST /api/smartpages/{slug}/search/stream': { body: { question, conversation: pageAnswer.body.conversation } },
    'POST /api/v1/api_keys': { body: keyBody },
    'POST /api/v1/project_tokens': { body: keyBody },
    'POST /api/v1/assessments': {
      body: {
        question,
        answers: {},
        generativeAnswer: 'Five working days.',
        modelId: datamodel.id,
        datasetId: handbook.dataset.id,
        evaluation: 'positive',
        feedback: 'clear',
        extra: { negative_opinions: [] },
        identifier: asked.body.identifier,
        conversation: asked.body.conversation,
      },
    },
    // The right password: organization_id is read only once the password is checked.
    'POST /api/v1/auth/token': { body: { email: t.users.OWNER.email, password: PASSWORD, organization_id: t.organization.id } },
    'GET /api/v1/overview': { query: dates },
    'GET /api/v1/credits_resume': { query: { ...dates, datamodel_name: 'Assistant' } },
    'GET /api/v1/token_resume': { query: { ...dates, datamodel_name: 'Assistant', offset: '0', limit: '10' } },
    'GET /api/v1/threads': {
      query: {
        ...dates,
        question: 'refund',
        evaluation: 'positive',
        feedback: 'true',
        datamodel: 'Assistant',
        interaction_types: 'search',
        limit: '10',
        offset: '0',
      },
    },
    'GET /api/v1/report_download': {
      query: { ...dates, section: 'all', datamodel_name: 'Assistant', interaction_types: 'search', language: 'en', limit: '100' },
    },
    'POST /api/v1/smartpages': {
      body: { name: 'Fuzz page two', datamodel_id: datamodel.id, slug: `fuzz-two-${t.tag}`, visibility: 'private', users: ['a@test.local'] },
    },
    'PATCH /api/v1/smartpages/{smartpage_id}': { body: { name: 'Fuzz page', datamodel_id: datamodel.id, visibility: 'public' } },
    'GET /searcher/v1/conversations': { query: { limit: '10', offset: '0', origin: 'api', q: 'refund' } },
    'PATCH /searcher/v1/conversations/{conversation_id}': { body: { title: 'Refunds' } },
    'POST /searcher/v1/datasets': { body: { name: 'Fuzz dataset', description: 'made by the fuzz suite' } },
    'PUT /searcher/v1/datasets/{dataset_id}': { body: { name: 'Scratch', description: 'renamed by the fuzz suite' } },
    'POST /searcher/v1/datasets/{dataset_id}/contents': {
      body: {
        subject_id: scratch.subject.id,
        name: 'Fuzz content',
        source: 'https://example.com/fuzz',
        media_video: null,
        media_image: 'https://example.com/a.png',
      },
    },
    'POST /searcher/v1/datasets/{dataset_id}/subjects': { body: { name: 'Fuzz subject' } },
    'PUT /searcher/v1/subjects/{subject_id}': { body: { name: 'General' } },
    'PUT /searcher/v1/contents/{content_id}': { body: { name: 'Welcome', source: 'https://example.com/welcome', media_video: null, media_image: null } },
    'POST /searcher/v1/search': { body: searchBody },
    'POST /searcher/v1/search/stream': { body: searchBody },
    'POST /searcher/v1/deepsearch': { body: searchBody },
    // The import queues background work: its seed is invalid (a file: URL), so every case is refused.
    'POST /searcher/v1/upload': { body: { name: 'Fuzz upload', uploads: [{ url: 'file:///etc/passwd', dataset_name: 'Scratch' }] }, refuseOnly: true },
    'GET /searcher/v1/uploads': { query: { limit: '10', offset: '0' } },
    'GET /searcher/v1/review': {
      query: { ...dates, kind: 'negative,unanswered', origin: 'api', dataset_id: String(handbook.dataset.id), limit: '10', offset: '0' },
    },
    'POST /searcher/v1/review/resolve': { body: { identifiers: [asked.body.identifier] } },
    'GET /searcher/v1/curated_answers': { query: { dataset_id: String(scratch.dataset.id) } },
    'POST /searcher/v1/curated_answers': {
      body: {
        dataset_id: scratch.dataset.id,
        question: 'What does shipping cost?',
        answer: 'Nothing within Portugal.',
        source: 'https://example.com/shipping',
        resolves: [asked.body.identifier],
      },
    },
    'PATCH /searcher/v1/curated_answers/{curated_id}': { body: { question: 'Where do parcels ship from?', answer: 'From Lisbon, every weekday.', source: '' } },
  };
  return { tenant: t, validParams, seeds };
}
