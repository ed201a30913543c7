// Running an evaluation set: every question through the same retrieval the
// search endpoint uses (the datamodel's or the dataset's preset: its top_k
// passages and threshold), ranking the distinct documents among them, without
// recording an interaction or spending credits.
// A run goes on in the background of the server that started it; its row
// holds the progress, and a run whose server went away is reported failed.
import { db } from '../db/client';
import { badRequest, notFound } from '../errors';
import { resolveTarget } from '../search/target';
import type { SearchRequest } from '../search/contract';
import { retrievePassages } from '../search/retrieval-threads';
import type { QuestionResult, RunDetail, RunRequest, RunSummary } from './contract';
import { distinctDocuments, figures, rankOf } from './score';
import { findSet, storedQuestions } from './store';
import { questionKey } from '../review/question-key';
import { jsonArray } from '../db/json-column';

/** A run still "running" after this long lost its server (a restart): it is reported failed. */
const STALE_MS = 15 * 60_000;
const PROGRESS_EVERY = 10;

type RunRow = {
  id: number;
  setId: number;
  target: string;
  datamodelId: number | null;
  datasetId: number | null;
  preset: string | null;
  status: string;
  total: number;
  done: number;
  recall1: number;
  recall5: number;
  mrr10: number;
  durationMs: number;
  results: string;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

function statusOf(row: RunRow): RunSummary['status'] {
  if (row.status === 'running' && Date.now() - row.startedAt.getTime() > STALE_MS) return 'failed';
  return row.status === 'done' || row.status === 'failed' ? row.status : 'running';
}

export function runSummary(row: RunRow): RunSummary {
  const status = statusOf(row);
  return {
    id: row.id,
    set_id: row.setId,
    target: row.target,
    status,
    total: row.total,
    done: row.done,
    recall_at_1: row.recall1,
    recall_at_5: row.recall5,
    mrr_at_10: row.mrr10,
    duration_ms: row.durationMs,
    error: status === 'failed' && row.status === 'running' ? 'The run stopped: the server restarted while it ran' : row.error,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

function resultsOf(text: string): QuestionResult[] {
  return jsonArray(text) as QuestionResult[];
}

export async function latestRunOf(setId: number): Promise<RunRow | null> {
  return db().evaluationRun.findFirst({ where: { setId }, orderBy: [{ startedAt: 'desc' }, { id: 'desc' }] });
}

export async function listRuns(projectId: number, setId: number): Promise<RunSummary[]> {
  await findSet(projectId, setId);
  const rows = await db().evaluationRun.findMany({ where: { setId }, orderBy: [{ startedAt: 'desc' }, { id: 'desc' }], take: 100 });
  return rows.map(runSummary);
}

export async function getRun(projectId: number, setId: number, runId: number): Promise<RunDetail> {
  await findSet(projectId, setId);
  const row = await db().evaluationRun.findFirst({ where: { id: runId, setId } });
  if (!row) throw notFound(`Run ${runId} not found`);
  return { ...runSummary(row), results: resultsOf(row.results) };
}

function searchRequest(target: { model?: string; dataset?: string; preset?: string }): SearchRequest {
  return { question: '-', dataset: target.dataset, model: target.model, generational_presset: target.preset, conversation: undefined };
}

/** Names the target the way the search request does, so the same rules (and 404s) apply. */
async function searchTargetOf(projectId: number, request: RunRequest) {
  if (request.datamodel_id) {
    const datamodel = await db().datamodel.findFirst({ where: { id: request.datamodel_id, projectId }, select: { name: true } });
    if (!datamodel) throw notFound(`Datamodel ${request.datamodel_id} not found`);
    return { body: searchRequest({ model: datamodel.name }), label: `datamodel ${datamodel.name}` };
  }
  const dataset = await db().dataset.findFirst({ where: { id: request.dataset_id!, projectId }, select: { name: true } });
  if (!dataset) throw notFound(`Dataset ${request.dataset_id} not found`);
  return {
    body: searchRequest({ dataset: dataset.name, preset: request.preset }),
    label: `dataset ${dataset.name}${request.preset ? ` with preset ${request.preset}` : ''}`,
  };
}

/** Starts a run and answers at once; `wait` (tests, benchmarks) resolves when it is over. */
export async function startRun(projectId: number, setId: number, request: RunRequest): Promise<{ run: RunSummary; finished: Promise<void> }> {
  const set = await findSet(projectId, setId);
  const questions = storedQuestions(set.questions);
  if (questions.length === 0) throw badRequest('This evaluation set has no questions yet: add or import some first');
  const { body, label } = await searchTargetOf(projectId, request);
  const target = await resolveTarget(projectId, body);
  const row = await db().evaluationRun.create({
    data: {
      setId,
      target: label,
      total: questions.length,
      datamodelId: request.datamodel_id ?? null,
      datasetId: request.dataset_id ?? null,
      preset: request.preset ?? null,
    },
  });
  const finished = execute(row.id, questions, target.dataset.id, { topK: target.parameters.topK, minScore: target.parameters.minScore });
  return { run: runSummary(row), finished };
}

async function execute(
  runId: number,
  questions: ReturnType<typeof storedQuestions>,
  datasetId: number,
  options: { topK: number; minScore: number },
): Promise<void> {
  const started = performance.now();
  const results: QuestionResult[] = [];
  try {
    for (const q of questions) {
      const t0 = performance.now();
      const { passages } = await retrievePassages(datasetId, q.question, options);
      const documents = distinctDocuments(passages.map((p) => ({ contentId: p.contentId, name: p.content.name, source: p.content.source })));
      results.push({
        question: q.question,
        rank: rankOf(q.expected_sources, documents),
        ms: Math.round(performance.now() - t0),
        top: documents.slice(0, 5).map((d) => d.name),
      });
      if (results.length % PROGRESS_EVERY === 0) await db().evaluationRun.update({ where: { id: runId }, data: { done: results.length } });
    }
    const f = figures(results);
    await db().evaluationRun.update({
      where: { id: runId },
      data: {
        status: 'done',
        done: results.length,
        recall1: f.recall1,
        recall5: f.recall5,
        mrr10: f.mrr10,
        durationMs: Math.round(performance.now() - started),
        results: JSON.stringify(results),
        finishedAt: new Date(),
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db()
      .evaluationRun.update({
        where: { id: runId },
        data: {
          status: 'failed',
          error: message.slice(0, 500),
          done: results.length,
          durationMs: Math.round(performance.now() - started),
          finishedAt: new Date(),
        },
      })
      .catch(() => undefined);
  }
}

export async function deleteRun(projectId: number, setId: number, runId: number): Promise<void> {
  await findSet(projectId, setId);
  const result = await db().evaluationRun.deleteMany({ where: { id: runId, setId } });
  if (result.count === 0) throw notFound(`Run ${runId} not found`);
}

/**
 * Closing the loop: after a curated answer, every set of the project that
 * asks one of these questions (the same words, any order or case) runs again
 * against what its latest run asked, so its figures show the fix. Returns the
 * runs started; a set whose target is gone is left alone.
 */
export async function rerunSetsAsking(projectId: number, questions: string[]): Promise<{ set_id: number; run_id: number }[]> {
  const keys = new Set(questions.map(questionKey));
  const sets = await db().evaluationSet.findMany({ where: { projectId }, select: { id: true, questions: true }, take: 200 });
  const started: { set_id: number; run_id: number }[] = [];
  for (const set of sets) {
    if (!storedQuestions(set.questions).some((q) => keys.has(questionKey(q.question)))) continue;
    const last = await db().evaluationRun.findFirst({
      where: { setId: set.id, OR: [{ datamodelId: { not: null } }, { datasetId: { not: null } }] },
      orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
    });
    if (!last) continue;
    const request = last.datamodelId ? { datamodel_id: last.datamodelId } : { dataset_id: last.datasetId!, ...(last.preset ? { preset: last.preset } : {}) };
    try {
      const { run } = await startRun(projectId, set.id, request);
      started.push({ set_id: set.id, run_id: run.id });
    } catch {
      // The datamodel, dataset or preset of the last run is gone: nothing to repeat.
    }
  }
  return started;
}
