// Contracts of evaluation sets and runs (not in the spec; docs/evaluation.md).
// Pure: zod schemas, types and limits only.
import { z } from 'zod';
import { name } from '../http/schemas';

export const MAX_QUESTIONS = 2_000;
export const MAX_SOURCES = 20;

export const evaluationQuestion = z.strictObject({
  question: z
    .string({ message: 'question must be a string' })
    .trim()
    .min(1, 'question must not be empty')
    .max(1000, 'question must be at most 1000 characters'),
  expected_sources: z
    .array(z.string({ message: 'expected_sources must be content ids or URLs' }).trim().min(1, 'an expected source must not be empty').max(2000), {
      message: 'expected_sources must be a list of content ids or URLs',
    })
    .min(1, 'each question needs at least one expected source')
    .max(MAX_SOURCES, `at most ${MAX_SOURCES} expected sources a question`),
  expected_answer: z.string({ message: 'expected_answer must be a string' }).trim().max(5000, 'expected_answer must be at most 5000 characters').optional(),
});
export type EvaluationQuestion = z.infer<typeof evaluationQuestion>;

const questions = z.array(evaluationQuestion, { message: 'questions must be a list' }).max(MAX_QUESTIONS, `at most ${MAX_QUESTIONS} questions in a set`);

export const setCreateBody = z.strictObject({ name: name('name'), questions: questions.default([]) });
export const setUpdateBody = z.strictObject({ name: name('name').optional(), questions: questions.optional() });

/** Questions from a CSV or JSON file's text, replacing the set's. */
export const setImportBody = z.strictObject({
  format: z.enum(['csv', 'json'], { message: 'format must be csv or json' }),
  text: z.string({ message: 'text must be the file’s content' }).max(900_000, 'the file must be at most 900 KB'),
});

export const exportQuery = z.object({ format: z.enum(['csv', 'json'], { message: 'format must be csv or json' }).optional() });

/** What a run asks: exactly one of a datamodel or a dataset (with a preset, else the project's default one). */
export const runBody = z
  .strictObject({
    datamodel_id: z.number({ message: 'datamodel_id must be an integer' }).int().positive().max(2_147_483_647).optional(),
    dataset_id: z.number({ message: 'dataset_id must be an integer' }).int().positive().max(2_147_483_647).optional(),
    /** With dataset_id: the generation preset (its top_k and threshold), as `generational_presset` in a search. */
    preset: z.string({ message: 'preset must be a preset identifier' }).trim().min(1).max(200).optional(),
  })
  .refine((b) => (b.datamodel_id === undefined) !== (b.dataset_id === undefined), 'send exactly one of datamodel_id and dataset_id')
  .refine((b) => b.preset === undefined || b.dataset_id !== undefined, 'preset goes with dataset_id (a datamodel has its own)');

export type SetCreate = z.infer<typeof setCreateBody>;
export type SetUpdate = z.infer<typeof setUpdateBody>;
export type RunRequest = z.infer<typeof runBody>;

export type EvaluationSetSummary = { id: number; name: string; question_count: number; last_run: RunSummary | null; created_at: string; updated_at: string };
export type EvaluationSetDetail = EvaluationSetSummary & { questions: EvaluationQuestion[] };

/** Per question: the rank (1-based, distinct documents) of the first expected source in the top 10, or null. */
export type QuestionResult = { question: string; rank: number | null; ms: number; top: string[] };

export type RunSummary = {
  id: number;
  set_id: number;
  target: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  recall_at_1: number;
  recall_at_5: number;
  mrr_at_10: number;
  duration_ms: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
};
export type RunDetail = RunSummary & { results: QuestionResult[] };
