// The quality loop: the review queue (negative, unanswered, weak matches,
// grouped by similar question) and curated answers that win the next search.
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as search } from '@/app/searcher/v1/search/route';
import { POST as assess } from '@/app/api/v1/assessments/route';
import * as review from '@/app/searcher/v1/review/route';
import * as resolve from '@/app/searcher/v1/review/resolve/route';
import * as curated from '@/app/searcher/v1/curated_answers/route';
import * as curatedOne from '@/app/searcher/v1/curated_answers/[curated_id]/route';
import { createSet } from '@/lib/evaluation/sets';
import { getRun, startRun } from '@/lib/evaluation/runs';
import { NO_ANSWER } from '@/lib/generation/extractive';
import { assertMayReview } from '@/lib/review/queue';
import { questionKey } from '@/lib/review/question-key';
import { db } from '@/lib/db/client';
import type { Principal } from '@/lib/auth/principal';
import type { ReviewPage } from '@/lib/review/contract';
import { call } from '../helpers/http';
import { recordTurn } from '../helpers/interactions';
import { createDatamodelFor, createTenant, type Tenant } from '../helpers/tenant';
import { loadCorpus } from '../fixtures/search-corpus';

let a: Tenant;
let b: Tenant;
let datasetId: number;
let datamodelId: number;

const ask = (tenant: Tenant, question: string) =>
  call(search, 'POST', '/searcher/v1/search', { token: tenant.apiKey, body: { question, dataset: 'Python docs' } });
const queue = (tenant: Tenant, query: Record<string, string> = {}) =>
  call<ReviewPage>(review.GET, 'GET', '/searcher/v1/review', { token: tenant.apiKey, query });
const questionsOf = (page: ReviewPage) => page.results.map((g) => g.question);

async function weakAnswer(tenant: Tenant, question: string) {
  const conversation = await db().conversation.create({
    data: { id: crypto.randomUUID(), projectId: tenant.project.id, identifier: question, origin: 'smartpage' },
  });
  return recordTurn(tenant, {
    conversationId: conversation.id,
    origin: 'smartpage',
    question,
    content: 'Something loosely related [1]',
    datasetId,
    datasetName: 'Python docs',
    search: { results: [{ passage_id: 1, content_id: 1, content: 'Loose page', score: 0.12, context: 'loosely related' }] },
  });
}

beforeAll(async () => {
  a = await createTenant('review-a');
  b = await createTenant('review-b');
  datasetId = (await loadCorpus(a, 'Python docs')).id;
  datamodelId = (await createDatamodelFor(a, 'Python docs', 'Py')).datamodel.id;
  await loadCorpus(b, 'Python docs');
});

describe('the review queue', () => {
  let negative: string;
  let unanswered: string;

  beforeAll(async () => {
    const rated = await ask(a, 'How do I sort a list in descending order?');
    expect(rated.status).toBe(200);
    negative = rated.body.identifier;
    const assessed = await call(assess, 'POST', '/api/v1/assessments', {
      token: a.apiKey,
      body: {
        identifier: negative,
        question: 'How do I sort a list in descending order?',
        answers: rated.body,
        generativeAnswer: rated.body.generational.content,
        modelId: datamodelId,
        datasetId,
        evaluation: 'negative',
        feedback: 'Show the key= form too',
        extra: { negative_opinions: ['Incomplete'] },
      },
    });
    expect(assessed.status).toBe(200);
    const none = await ask(a, 'What is the capital of Mongolia?');
    expect(none.body.generational.content).toBe(NO_ANSWER);
    unanswered = none.body.identifier;
    await weakAnswer(a, 'How many bananas fit in a crate?');
    await weakAnswer(a, 'crate: how many bananas fit?');
    // Answered well, not rated: not for review.
    await ask(a, 'How do I open a file for reading?');
  });

  it('lists negative, unanswered and weak-match groups, newest first, with what was cited', async () => {
    const res = await queue(a);
    expect(res.status).toBe(200);
    expect(questionsOf(res.body)).toEqual(['crate: how many bananas fit?', 'What is the capital of Mongolia?', 'How do I sort a list in descending order?']);
    // Five interactions in the period: one rated negative, one unanswered.
    expect(res.body.totals).toEqual({ interactions: 5, negative: 1, unanswered: 1 });
    const [weak, none, bad] = res.body.results;
    expect(weak).toMatchObject({ count: 2, kinds: ['low_score'] });
    expect(weak.latest.origin).toBe('smartpage');
    expect(none).toMatchObject({ count: 1, kinds: ['unanswered'], identifiers: [unanswered] });
    expect(none.latest.sources).toEqual([]);
    expect(bad.kinds).toEqual(['negative']);
    expect(bad.latest).toMatchObject({
      identifier: negative,
      evaluation: 'negative',
      feedback: 'Show the key= form too',
      feedback_options: ['Incomplete'],
      dataset: 'Python docs',
    });
    expect(bad.latest.sources[0]).toMatchObject({ content: 'Sorting lists' });
    expect(bad.latest.sources[0].context).toContain('reverse=True');
  });

  it('filters by kind and origin; another organisation sees none of it', async () => {
    expect(questionsOf((await queue(a, { kind: 'unanswered' })).body)).toEqual(['What is the capital of Mongolia?']);
    expect(questionsOf((await queue(a, { kind: 'negative,low_score' })).body)).toEqual([
      'crate: how many bananas fit?',
      'How do I sort a list in descending order?',
    ]);
    expect(questionsOf((await queue(a, { origin: 'smartpage' })).body)).toEqual(['crate: how many bananas fit?']);
    expect(questionsOf((await queue(a, { start_date: '2020-01-01', end_date: '2020-01-31' })).body)).toEqual([]);
    expect((await queue(b)).body).toEqual({ count: 0, scanned: 0, totals: { interactions: 0, negative: 0, unanswered: 0 }, results: [] });
  });

  it('refuses bad parameters with {detail} and viewers', async () => {
    for (const [query, detail] of [
      [{ kind: 'bad' }, /kind has unknown value bad/],
      [{ limit: '0' }, /limit must be between 1 and 100/],
      [{ start_date: '2025-13-01' }, /start_date must be a date/],
      [{ surprise: '1' }, /surprise/],
    ] as const) {
      const res = await queue(a, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect((res.body as unknown as { detail: string }).detail).toMatch(detail);
    }
    const viewer = { role: 'VIEWER' } as Principal;
    expect(() => assertMayReview(viewer)).toThrow(/review queue is for editors/);
    expect(() => assertMayReview({ role: 'EDITOR' } as Principal)).not.toThrow();
  });

  it('groups paraphrases by their words', () => {
    expect(questionKey('How do I reset my password?')).toBe(questionKey('password reset, how?'));
    expect(questionKey('reset the database')).not.toBe(questionKey('reset my password'));
  });

  it('mark resolved: the group leaves the queue; another organisation cannot resolve it', async () => {
    const weak = (await queue(a, { kind: 'low_score' })).body.results[0];
    expect((await call(resolve.POST, 'POST', '/x', { token: b.apiKey, body: { identifiers: weak.identifiers } })).body).toEqual({ resolved: 0 });
    expect((await queue(a, { kind: 'low_score' })).body.count).toBe(1);
    const done = await call(resolve.POST, 'POST', '/x', { token: a.apiKey, body: { identifiers: weak.identifiers } });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ resolved: 2 });
    expect((await queue(a, { kind: 'low_score' })).body.count).toBe(0);
    expect((await call(resolve.POST, 'POST', '/x', { token: a.apiKey, body: { identifiers: ['nope'] } })).status).toBe(400);
  });
});

describe('curated answers', () => {
  const ANSWER = 'The capital of Mongolia is **Ulaanbaatar**.';

  it('a curated answer ranks first for its question and a paraphrase, is quoted verbatim, and resolves the queue item', async () => {
    const unanswered = (await queue(a, { kind: 'unanswered' })).body.results[0];
    // An evaluation set asks it too (worded otherwise), expecting the curated answer's page: not found yet.
    const set = await createSet(a.project.id, {
      name: 'Geography',
      questions: [{ question: 'mongolia: what is its capital?', expected_sources: ['What is the capital of Mongolia?'] }],
    });
    const before = await startRun(a.project.id, set.id, { dataset_id: datasetId });
    await before.finished;
    expect((await getRun(a.project.id, set.id, before.run.id)).results[0].rank).toBeNull();
    const created = await call(curated.POST, 'POST', '/searcher/v1/curated_answers', {
      token: a.apiKey,
      body: {
        dataset_id: datasetId,
        question: 'What is the capital of Mongolia?',
        answer: ANSWER,
        source: 'https://example.org/mongolia',
        resolves: unanswered.identifiers,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      dataset_id: datasetId,
      question: 'What is the capital of Mongolia?',
      answer: ANSWER,
      source: 'https://example.org/mongolia',
    });
    expect((await queue(a, { kind: 'unanswered' })).body.count).toBe(0);
    // Closing the loop: the set that asks this question ran again, against the same dataset, and now finds it first.
    expect(created.body.evaluation_runs).toEqual([{ set_id: set.id, run_id: expect.any(Number) }]);
    let rerun = await getRun(a.project.id, set.id, created.body.evaluation_runs[0].run_id);
    for (let i = 0; i < 100 && rerun.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      rerun = await getRun(a.project.id, set.id, rerun.id);
    }
    expect(rerun).toMatchObject({ status: 'done', target: 'dataset Python docs', recall_at_1: 1 });

    for (const question of ['What is the capital of Mongolia?', 'which city is the capital of mongolia']) {
      const res = await ask(a, question);
      expect(res.body.search[0]).toMatchObject({
        answer: ANSWER,
        content: { name: 'What is the capital of Mongolia?', subject: 'Curated answers', source: 'https://example.org/mongolia' },
      });
      expect(res.body.generational.content.startsWith(ANSWER)).toBe(true);
    }
    // Listed for the dataset; another organisation sees none.
    expect((await call(curated.GET, 'GET', '/x', { token: a.apiKey, query: { dataset_id: String(datasetId) } })).body.map((c: { id: number }) => c.id)).toEqual(
      [created.body.id],
    );
    expect((await call(curated.GET, 'GET', '/x', { token: b.apiKey })).body).toEqual([]);

    // Editing takes effect on the next search.
    const edited = await call(curatedOne.PATCH, 'PATCH', '/x', {
      token: a.apiKey,
      params: { curated_id: String(created.body.id) },
      body: { answer: 'Ulaanbaatar (also spelled Ulan Bator).' },
    });
    expect(edited.status).toBe(200);
    expect((await ask(a, 'What is the capital of Mongolia?')).body.search[0].answer).toBe('Ulaanbaatar (also spelled Ulan Bator).');

    // Another organisation can neither edit nor delete it.
    expect(
      (await call(curatedOne.PATCH, 'PATCH', '/x', { token: b.apiKey, params: { curated_id: String(created.body.id) }, body: { answer: 'x' } })).status,
    ).toBe(404);
    expect((await call(curatedOne.DELETE, 'DELETE', '/x', { token: b.apiKey, params: { curated_id: String(created.body.id) } })).status).toBe(404);

    // Deleting it: the next search no longer finds it.
    expect((await call(curatedOne.DELETE, 'DELETE', '/x', { token: a.apiKey, params: { curated_id: String(created.body.id) } })).status).toBe(204);
    expect((await ask(a, 'What is the capital of Mongolia?')).body.generational.content).toBe(NO_ANSWER);
  });

  it('refuses bad bodies with {detail}, another organisation’s dataset with 404, and writes nothing', async () => {
    const before = await db().content.count({ where: { dataset: { projectId: a.project.id } } });
    const otherDataset = (await db().dataset.findFirstOrThrow({ where: { projectId: b.project.id } })).id;
    for (const [body, status, detail] of [
      [{ dataset_id: datasetId, question: '', answer: 'x' }, 400, /question must not be empty/],
      [{ dataset_id: datasetId, question: 'q', answer: '   ' }, 400, /answer must not be empty/],
      [{ dataset_id: datasetId, question: 'q', answer: 'a', source: 'javascript:alert(1)' }, 400, /source must be an http\(s\) URL/],
      [{ dataset_id: datasetId, question: 'q', answer: 'a', surprise: 1 }, 400, /surprise/],
      [{ dataset_id: 'one', question: 'q', answer: 'a' }, 400, /dataset_id/],
      [{ dataset_id: otherDataset, question: 'q', answer: 'a' }, 404, /not found/],
    ] as const) {
      const res = await call(curated.POST, 'POST', '/x', { token: a.apiKey, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toMatch(detail);
    }
    expect(await db().content.count({ where: { dataset: { projectId: a.project.id } } })).toBe(before);
  });
});
