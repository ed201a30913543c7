// Reading an evaluation set's row and its stored questions (shared by sets and runs).
import { db } from '../db/client';
import { notFound } from '../errors';
import type { EvaluationQuestion } from './contract';
import { jsonArray } from '../db/json-column';

export type SetRow = { id: number; name: string; questions: string; createdAt: Date; updatedAt: Date };

export function storedQuestions(text: string): EvaluationQuestion[] {
  return jsonArray(text) as EvaluationQuestion[];
}

export async function findSet(projectId: number, id: number): Promise<SetRow> {
  const row = await db().evaluationSet.findFirst({ where: { id, projectId } });
  if (!row) throw notFound(`Evaluation set ${id} not found`);
  return row;
}
