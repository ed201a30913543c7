// Request contracts of the review queue and curated answers (not in the spec;
// documented in docs/management-api.md). Pure: zod schemas and types only.
import { z } from 'zod';
import { commaList, idParam, intQuery } from '../http/schemas';
import { reportDate } from '../reports/contract';

export const REVIEW_KINDS = ['negative', 'unanswered', 'low_score'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const REVIEW_ORIGINS = ['workspace', 'smartpage', 'api'] as const;

export const REVIEW_PAGE_MAX = 100;

export const reviewQuery = z.object({
  kind: commaList('kind', REVIEW_KINDS).optional(),
  origin: commaList('origin', REVIEW_ORIGINS).optional(),
  dataset_id: idParam('dataset_id').optional(),
  datamodel_id: idParam('datamodel_id').optional(),
  // Bounded like the reports' dates: 0000-01-01 was a 500 from PostgreSQL (no year 0).
  start_date: reportDate('start_date').optional(),
  end_date: reportDate('end_date').optional(),
  limit: intQuery('limit', 1, REVIEW_PAGE_MAX).optional(),
  offset: intQuery('offset', 0, 100_000).optional(),
});
export type ReviewQuery = z.infer<typeof reviewQuery>;

const identifiers = z
  .array(z.uuid({ message: 'identifiers must be UUIDs of interactions' }), { message: 'identifiers must be a list of interaction UUIDs' })
  .min(1, 'identifiers must name at least one interaction')
  .max(100, 'at most 100 identifiers at once');

export const resolveBody = z.strictObject({ identifiers });

const question = z
  .string({ message: 'question is required and must be a string' })
  .trim()
  .min(1, 'question must not be empty')
  .max(500, 'question must be at most 500 characters');
const answer = z
  .string({ message: 'answer is required and must be a string' })
  .trim()
  .min(1, 'answer must not be empty')
  .max(20_000, 'answer must be at most 20000 characters');
const source = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'source must be an http(s) URL' }).max(2000, 'source must be at most 2000 characters')])
  .optional();

export const curatedCreateBody = z.strictObject({
  dataset_id: z.number({ message: 'dataset_id is required and must be an integer' }).int().positive().max(2_147_483_647),
  question,
  answer,
  source,
  /** Interactions this answer resolves in the review queue. */
  resolves: identifiers.optional(),
});

export const curatedUpdateBody = z.strictObject({ question: question.optional(), answer: answer.optional(), source });

export const curatedListQuery = z.object({ dataset_id: idParam('dataset_id').optional() });

export type CuratedCreate = z.infer<typeof curatedCreateBody>;
export type CuratedUpdate = z.infer<typeof curatedUpdateBody>;

/** One cited passage as the queue shows it. */
export type ReviewSource = { content: string; score: number; context: string };

export type ReviewInteraction = {
  identifier: string;
  conversation: string;
  question: string;
  answer: string;
  evaluation: string | null;
  feedback: string | null;
  feedback_options: string[] | null;
  origin: string;
  dataset: string;
  dataset_id: number | null;
  datamodel: string;
  created_at: string;
  best_score: number | null;
  sources: ReviewSource[];
};

/** Similar questions grouped: the newest interaction stands for the group. */
export type ReviewGroup = {
  key: string;
  question: string;
  count: number;
  kinds: ReviewKind[];
  latest: ReviewInteraction;
  /** Every interaction of the group in the window, newest first (at most 50). */
  identifiers: string[];
};

/** Of the interactions read for the period: how many were rated negative and how many went unanswered. */
export type ReviewTotals = { interactions: number; negative: number; unanswered: number };

export type ReviewPage = { count: number; scanned: number; totals: ReviewTotals; results: ReviewGroup[] };

export type CuratedAnswer = {
  id: number;
  dataset_id: number;
  question: string;
  answer: string;
  source: string;
  created_at: string;
  updated_at: string;
};
