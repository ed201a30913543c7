// Evaluation sets of a project: questions with their expected sources.
import { db } from '../db/client';
import { badRequest, conflict, notFound } from '../errors';
import { MAX_QUESTIONS, type EvaluationQuestion, type EvaluationSetDetail, type EvaluationSetSummary, type SetCreate, type SetUpdate } from './contract';
import { latestRunOf, runSummary } from './runs';
import { findSet, storedQuestions, type SetRow } from './store';

async function summary(row: SetRow): Promise<EvaluationSetSummary> {
  const last = await latestRunOf(row.id);
  return {
    id: row.id,
    name: row.name,
    question_count: storedQuestions(row.questions).length,
    last_run: last ? runSummary(last) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function uniqueName(error: unknown, name: string): never {
  if (error instanceof Error && 'code' in error && (error as { code?: string }).code === 'P2002')
    throw conflict(`An evaluation set named "${name}" already exists`);
  throw error;
}

export async function listSets(projectId: number): Promise<EvaluationSetSummary[]> {
  const rows = await db().evaluationSet.findMany({ where: { projectId }, orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }], take: 200 });
  return Promise.all(rows.map(summary));
}

export async function getSet(projectId: number, id: number): Promise<EvaluationSetDetail> {
  const row = await findSet(projectId, id);
  return { ...(await summary(row)), questions: storedQuestions(row.questions) };
}

export async function createSet(projectId: number, input: SetCreate): Promise<EvaluationSetDetail> {
  const row = await db()
    .evaluationSet.create({ data: { projectId, name: input.name, questions: JSON.stringify(input.questions) } })
    .catch((error: unknown) => uniqueName(error, input.name));
  return getSet(projectId, row.id);
}

export async function updateSet(projectId: number, id: number, input: SetUpdate): Promise<EvaluationSetDetail> {
  await findSet(projectId, id);
  await db()
    .evaluationSet.update({ where: { id }, data: { name: input.name, ...(input.questions ? { questions: JSON.stringify(input.questions) } : {}) } })
    .catch((error: unknown) => uniqueName(error, input.name ?? ''));
  return getSet(projectId, id);
}

export async function deleteSet(projectId: number, id: number): Promise<void> {
  const result = await db().evaluationSet.deleteMany({ where: { id, projectId } });
  if (result.count === 0) throw notFound(`Evaluation set ${id} not found`);
}

/** Adds one question (from the review queue); the same question already in the set gets the new sources. */
export async function addQuestion(projectId: number, id: number, question: EvaluationQuestion): Promise<EvaluationSetDetail> {
  await db().$transaction(async (tx) => {
    const row = await tx.evaluationSet.findFirst({ where: { id, projectId } });
    if (!row) throw notFound(`Evaluation set ${id} not found`);
    const list = storedQuestions(row.questions).filter((q) => q.question.toLowerCase() !== question.question.toLowerCase());
    if (list.length >= MAX_QUESTIONS) throw badRequest(`This set already holds ${MAX_QUESTIONS} questions`);
    await tx.evaluationSet.update({ where: { id }, data: { questions: JSON.stringify([...list, question]) } });
  });
  return getSet(projectId, id);
}
