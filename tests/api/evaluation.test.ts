// Evaluation sets: questions with expected sources, imported and exported as
// CSV and JSON, run against a dataset or a datamodel through the search's own
// retrieval without recording interactions or spending credits.
import { beforeAll, describe, expect, it } from 'vitest';
import * as sets from '@/app/searcher/v1/evaluation_sets/route';
import * as oneSet from '@/app/searcher/v1/evaluation_sets/[set_id]/route';
import * as importRoute from '@/app/searcher/v1/evaluation_sets/[set_id]/import/route';
import * as exportRoute from '@/app/searcher/v1/evaluation_sets/[set_id]/export/route';
import * as runs from '@/app/searcher/v1/evaluation_sets/[set_id]/runs/route';
import * as addRoute from '@/app/searcher/v1/evaluation_sets/[set_id]/questions/route';
import * as oneRun from '@/app/searcher/v1/evaluation_sets/[set_id]/runs/[run_id]/route';
import { figures, rankOf } from '@/lib/evaluation/score';
import { questionsFromCsv } from '@/lib/evaluation/files';
import type { RunDetail } from '@/lib/evaluation/contract';
import { db } from '@/lib/db/client';
import { call } from '../helpers/http';
import { createDatamodelFor, createTenant, type Tenant } from '../helpers/tenant';
import { loadCorpus } from '../fixtures/search-corpus';

let a: Tenant;
let b: Tenant;
let datasetId: number;
let datamodelId: number;

const QUESTIONS = [
  { question: 'How do I sort a list in descending order?', expected_sources: ['https://docs.example.org/howto/sorting'] },
  { question: 'How do I catch an exception?', expected_sources: ['Handling exceptions'] },
  { question: 'How do I read a file line by line?', expected_sources: ['https://docs.example.org/tutorial/files#top', 'Dictionaries'] },
  { question: 'What is the airspeed of an unladen swallow?', expected_sources: ['https://docs.example.org/nowhere'] },
];

const create = (tenant: Tenant, body: unknown) => call(sets.POST, 'POST', '/searcher/v1/evaluation_sets', { token: tenant.apiKey, body });
const params = (setId: number, runId?: number) => ({ set_id: String(setId), ...(runId ? { run_id: String(runId) } : {}) });

async function runToEnd(tenant: Tenant, setId: number, body: unknown): Promise<RunDetail> {
  const started = await call(runs.POST, 'POST', '/x', { token: tenant.apiKey, params: params(setId), body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toMatchObject({ status: 'running', total: QUESTIONS.length });
  for (let i = 0; i < 200; i++) {
    const run = await call<RunDetail>(oneRun.GET, 'GET', '/x', { token: tenant.apiKey, params: params(setId, started.body.id) });
    if (run.body.status !== 'running') return run.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the run did not finish');
}

beforeAll(async () => {
  a = await createTenant('eval-a');
  b = await createTenant('eval-b');
  datasetId = (await loadCorpus(a, 'Python docs')).id;
  datamodelId = (await createDatamodelFor(a, 'Python docs', 'Py')).datamodel.id;
});

describe('evaluation sets', () => {
  it('creates a set, runs it against a dataset and a datamodel, records nothing and spends nothing', async () => {
    const created = await create(a, { name: 'Python basics', questions: QUESTIONS });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Python basics', question_count: 4, last_run: null, questions: QUESTIONS });
    const interactions = await db().interaction.count({ where: { projectId: a.project.id } });
    const usage = await db().usageDaily.count({ where: { projectId: a.project.id } });

    const run = await runToEnd(a, created.body.id, { dataset_id: datasetId });
    expect(run).toMatchObject({ status: 'done', target: 'dataset Python docs', total: 4, done: 4 });
    expect(run.results.map((r) => r.rank)).toEqual([1, 1, 1, null]);
    expect(run).toMatchObject({ recall_at_1: 0.75, recall_at_5: 0.75, mrr_at_10: 0.75 });
    expect(run.results[0].top[0]).toBe('Sorting lists');
    expect(run.duration_ms).toBeGreaterThanOrEqual(0);

    const again = await runToEnd(a, created.body.id, { datamodel_id: datamodelId });
    expect(again).toMatchObject({ status: 'done', target: 'datamodel Py', recall_at_1: 0.75 });
    expect(await db().interaction.count({ where: { projectId: a.project.id } })).toBe(interactions);
    expect(await db().usageDaily.count({ where: { projectId: a.project.id } })).toBe(usage);

    const list = await call(runs.GET, 'GET', '/x', { token: a.apiKey, params: params(created.body.id) });
    expect(list.body.map((r: { id: number }) => r.id)).toEqual([again.id, run.id]);
    const summary = await call(sets.GET, 'GET', '/x', { token: a.apiKey });
    expect(summary.body[0]).toMatchObject({ name: 'Python basics', question_count: 4, last_run: { id: again.id, status: 'done' } });
  });

  it('imports CSV and JSON, exports CSV and JSON that read back the same, formula-safe', async () => {
    const set = (await create(a, { name: 'Imported' })).body;
    const csv =
      'question,expected_sources,expected_answer\n"How do I sort, descending?",https://docs.example.org/howto/sorting | 3,use reverse=True\n=cmd|calc,Dictionaries,\n';
    const imported = await call(importRoute.POST, 'POST', '/x', { token: a.apiKey, params: params(set.id), body: { format: 'csv', text: csv } });
    expect(imported.status).toBe(200);
    expect(imported.body.questions).toEqual([
      { question: 'How do I sort, descending?', expected_sources: ['https://docs.example.org/howto/sorting', '3'], expected_answer: 'use reverse=True' },
      { question: '=cmd|calc', expected_sources: ['Dictionaries'] },
    ]);
    const exported = await call(exportRoute.GET, 'GET', '/x', { token: a.apiKey, params: params(set.id), query: { format: 'csv' } });
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="Imported.csv"');
    const text = await exported.response.text();
    expect(text).toContain("'=cmd|calc");
    expect(questionsFromCsv(text.replace("'=cmd", '=cmd'))).toEqual(imported.body.questions);

    const json = await call(exportRoute.GET, 'GET', '/x', { token: a.apiKey, params: params(set.id), query: { format: 'json' } });
    const back = await call(importRoute.POST, 'POST', '/x', {
      token: a.apiKey,
      params: params(set.id),
      body: { format: 'json', text: await json.response.text() },
    });
    expect(back.body.questions).toEqual(imported.body.questions);
  });

  it('refuses bad input with {detail} and leaves the set as it was', async () => {
    const set = (await create(a, { name: 'Strict', questions: QUESTIONS.slice(0, 1) })).body;
    for (const [body, detail] of [
      [{ format: 'csv', text: 'question,expected_sources\nNo source here,\n' }, /question 1: each question needs at least one expected source/],
      [{ format: 'json', text: '{not json' }, /not valid JSON/],
      [{ format: 'json', text: '{"items": []}' }, /must be a list of questions/],
      [{ format: 'xml', text: '' }, /format must be csv or json/],
    ] as const) {
      const res = await call(importRoute.POST, 'POST', '/x', { token: a.apiKey, params: params(set.id), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await call(oneSet.GET, 'GET', '/x', { token: a.apiKey, params: params(set.id) })).body.questions).toEqual(QUESTIONS.slice(0, 1));
    expect((await create(a, { name: 'Strict' })).status).toBe(409);
    expect((await create(a, { name: 'Too many', questions: Array.from({ length: 2001 }, () => QUESTIONS[0]) })).status).toBe(400);
    const both = await call(runs.POST, 'POST', '/x', { token: a.apiKey, params: params(set.id), body: { dataset_id: datasetId, datamodel_id: datamodelId } });
    expect(both.status).toBe(400);
    expect(both.body.detail).toMatch(/exactly one of datamodel_id and dataset_id/);
    const presetWithModel = await call(runs.POST, 'POST', '/x', { token: a.apiKey, params: params(set.id), body: { datamodel_id: datamodelId, preset: 'x' } });
    expect(presetWithModel.body.detail).toMatch(/preset goes with dataset_id/);
    const noPreset = await call(runs.POST, 'POST', '/x', {
      token: a.apiKey,
      params: params(set.id),
      body: { dataset_id: datasetId, preset: 'no-such-preset' },
    });
    expect(noPreset.status).toBe(404);
    const empty = (await create(a, { name: 'Empty' })).body;
    expect((await call(runs.POST, 'POST', '/x', { token: a.apiKey, params: params(empty.id), body: { dataset_id: datasetId } })).body.detail).toMatch(
      /no questions yet/,
    );
  });

  it('another organisation can neither see, run, change nor delete a set, nor run against another’s dataset', async () => {
    const set = (await create(a, { name: 'Private', questions: QUESTIONS })).body;
    expect((await call(sets.GET, 'GET', '/x', { token: b.apiKey })).body).toEqual([]);
    expect((await call(oneSet.GET, 'GET', '/x', { token: b.apiKey, params: params(set.id) })).status).toBe(404);
    expect((await call(oneSet.PATCH, 'PATCH', '/x', { token: b.apiKey, params: params(set.id), body: { name: 'Mine' } })).status).toBe(404);
    expect((await call(oneSet.DELETE, 'DELETE', '/x', { token: b.apiKey, params: params(set.id) })).status).toBe(404);
    expect((await call(runs.POST, 'POST', '/x', { token: b.apiKey, params: params(set.id), body: { dataset_id: datasetId } })).status).toBe(404);
    const bSet = (await create(b, { name: 'Theirs', questions: QUESTIONS })).body;
    expect((await call(runs.POST, 'POST', '/x', { token: b.apiKey, params: params(bSet.id), body: { dataset_id: datasetId } })).status).toBe(404);
    expect((await call(oneSet.DELETE, 'DELETE', '/x', { token: a.apiKey, params: params(set.id) })).status).toBe(204);
  });

  it('adds one question (from the review queue), replacing the sources of the same question', async () => {
    const set = (await create(a, { name: 'Growing', questions: QUESTIONS.slice(0, 1) })).body;
    const added = await call(addRoute.POST, 'POST', '/x', {
      token: a.apiKey,
      params: params(set.id),
      body: { question: 'Why is my answer wrong?', expected_sources: ['Handling exceptions'] },
    });
    expect(added.status).toBe(200);
    expect(added.body.question_count).toBe(2);
    const replaced = await call(addRoute.POST, 'POST', '/x', {
      token: a.apiKey,
      params: params(set.id),
      body: { question: 'why is my answer WRONG?', expected_sources: ['3'] },
    });
    expect(replaced.body.questions.at(-1)).toEqual({ question: 'why is my answer WRONG?', expected_sources: ['3'] });
    expect(replaced.body.question_count).toBe(2);
    expect(
      (await call(addRoute.POST, 'POST', '/x', { token: b.apiKey, params: params(set.id), body: { question: 'x', expected_sources: ['1'] } })).status,
    ).toBe(404);
    expect((await call(addRoute.POST, 'POST', '/x', { token: a.apiKey, params: params(set.id), body: { question: 'x', expected_sources: [] } })).status).toBe(
      400,
    );
  });

  it('ranks by distinct documents and scores like bench/quality', () => {
    const docs = [
      { contentId: 1, name: 'A', source: 'https://x.test/a' },
      { contentId: 2, name: 'B', source: null },
      { contentId: 3, name: 'C', source: 'https://x.test/c/' },
    ];
    expect(rankOf(['https://x.test/c#frag'], docs)).toBe(3);
    expect(rankOf(['b'], docs)).toBe(2);
    expect(rankOf(['1'], docs)).toBe(1);
    expect(rankOf(['https://x.test/z'], docs)).toBeNull();
    expect(figures([{ rank: 1 }, { rank: 2 }, { rank: 6 }, { rank: null }])).toEqual({
      recall1: 0.25,
      recall5: 0.5,
      mrr10: Math.round(((1 + 0.5 + 1 / 6) / 4) * 1000) / 1000,
    });
  });
});
