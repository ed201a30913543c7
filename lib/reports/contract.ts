// Query contracts of the report endpoints: one zod object per endpoint. The
// route wrapper refuses any parameter not named here with a 400.
import { z } from 'zod';
import { booleanQuery, commaList, intQuery, isCalendarDate, isoDate } from '../http/schemas';
import { INTERACTION_TYPES, ORIGINS } from '../usage/credits';
import { MAX_DATE } from './periods';

export const EVALUATIONS = ['positive', 'negative', 'neutral'] as const;
export type Evaluation = (typeof EVALUATIONS)[number];

export const SECTIONS = ['all', 'credits', 'tokens', 'threads'] as const;
export const LANGUAGES = ['en', 'pt'] as const;

/** Longest accepted free-text filter; longer values are a 400, not a slow scan. */
const MAX_FILTER = 200;
const text = (field: string) => z.string().max(MAX_FILTER, `${field} must be at most ${MAX_FILTER} characters`);

/**
 * Reports count from the Unix epoch: the spec's minimum (2025-02-01) binds
 * credits_resume and token_resume only (periods.ts), but a day before 1970
 * can hold no interaction and PostgreSQL has no year 0. Every query over
 * interactions by day takes its dates through this (the review queue too).
 */
const EPOCH_DAY = '1970-01-01';
export const reportDate = (name: string) =>
  isoDate(name)
    .refine((day) => !isCalendarDate(day) || day >= EPOCH_DAY, `${name} must not be before ${EPOCH_DAY}`)
    .refine((day) => !isCalendarDate(day) || day <= MAX_DATE, `${name} must not be after ${MAX_DATE}`);

const dates = {
  start_date: reportDate('start_date').optional(),
  end_date: reportDate('end_date').optional(),
};

export const overviewQuery = z.object({ ...dates });

export const creditsQuery = z.object({ ...dates, datamodel_name: text('datamodel_name').optional() });

export const tokensQuery = z.object({
  ...dates,
  datamodel_name: text('datamodel_name').optional(),
  offset: intQuery('offset').optional(),
  limit: intQuery('limit', 1, 1000).optional(),
});

/** Threads per page when `limit` is absent (the spec sets no default; the service needs a bound). */
export const THREADS_DEFAULT_LIMIT = 100;
export const THREADS_MAX_LIMIT = 1000;

export const threadsQuery = z.object({
  ...dates,
  question: text('question').optional(),
  evaluation: commaList('evaluation', EVALUATIONS).optional(),
  feedback: booleanQuery('feedback').optional(),
  datamodel: z.string().max(2000).pipe(commaList('datamodel')).optional(),
  interaction_types: commaList('interaction_types', INTERACTION_TYPES).optional(),
  /** Not in the spec: where the threads were started (the threads page's Origin filter). */
  origin: commaList('origin', ORIGINS).optional(),
  limit: intQuery('limit', 1, THREADS_MAX_LIMIT).optional(),
  offset: intQuery('offset').optional(),
});

export const DOWNLOAD_DEFAULT_LIMIT = 10_000;
export const DOWNLOAD_MAX_LIMIT = 50_000;

export const downloadQuery = z.object({
  ...dates,
  section: z.enum(SECTIONS, { message: `section must be one of ${SECTIONS.join(', ')}` }).optional(),
  datamodel_id: intQuery('datamodel_id', 1).optional(),
  datamodel_name: text('datamodel_name').optional(),
  interaction_types: commaList('interaction_types', INTERACTION_TYPES).optional(),
  language: z.enum(LANGUAGES, { message: `language must be one of ${LANGUAGES.join(', ')}` }).optional(),
  limit: intQuery('limit', 1, DOWNLOAD_MAX_LIMIT).optional(),
});

export type OverviewQuery = z.infer<typeof overviewQuery>;
export type CreditsQuery = z.infer<typeof creditsQuery>;
export type TokensQuery = z.infer<typeof tokensQuery>;
export type ThreadsQuery = z.infer<typeof threadsQuery>;
export type DownloadQuery = z.infer<typeof downloadQuery>;

// ---------------------------------------------------------------- responses
// The response records of the report endpoints, exactly the spec's fields.
// The dashboards import these types; keep them stable.

export type OverviewReport = {
  user: string;
  plan: string;
  end_date: string;
  plan_interval: string;
  trial_period: boolean;
  did_trial_period: boolean;
  datamodel_count: string;
  private_smartpage_count: string;
  private_smartpage_limit: number;
  public_smartpage_count: string;
  public_smartpage_limit: number;
  private_smartpage_user_count: string;
  private_smartpage_user_limit: number;
  credit_limit: number;
  addon: { addon_name: string; credits: number } | null;
  total_credit_used: number;
  overflow_credits_usage: number;
  percentage_credit_used: number;
  project_data: {
    datamodels: number;
    datasets: number;
    contents: number;
    smartpages: number;
    private_smartpages: number;
    public_smartpages: number;
    private_smartpage_users: number;
    indexed_tokens_limit: number;
    total_indexed_tokens: number;
    total_processed_tokens: number;
    total_api_requests: number;
  };
};

export type CreditsPoint = { date: string; workspace_credits: number; smartpage_credits: number; api_credits: number };

export type CreditsTopDatamodel = { name: string; dataset: string; credits_used: number; tokens_processed: number; api_requests: number; percentage: number };

export type CreditsReport = {
  credits: CreditsPoint[];
  credits_usage_details: {
    total_credits_used: number;
    credits_previous_period_comparison: { current_period_usage: number; previous_period_usage: number; percent_difference: number };
  };
  top_datamodels_by_credit_usage: CreditsTopDatamodel[];
};

export type TokensPoint = { date: string; processed_tokens: number; api_requests: number };

export type TokensTopDatamodel = { name: string; dataset: string; tokens_processed: number; api_requests: number; percentage: number };

export type TokensReport = {
  tokens: TokensPoint[];
  token_usage_details: {
    total_tokens_processed: number;
    tokens_previous_period_comparison: { current_period: number; previous_period: number };
    usage_by_origin: { smartpage: number; api: number; workspace: number };
  };
  top_datamodels_by_token_usage: TokensTopDatamodel[];
};

/** One interaction inside a thread (the spec's Interaction record). */
export type InteractionRecord = {
  identifier: string;
  type: string;
  interaction_type: string;
  question: string;
  content: string;
  datamodel: string;
  dataset: string;
  generative_model: string;
  preset: string;
  preset_id: number | null;
  project_id: number;
  project_name: string;
  total_tokens: number;
  total_tokens_with_fee: number;
  prompt_tokens: number;
  completion_tokens: number;
  evaluation: Evaluation | null;
  feedback: string | null;
  /** The `negative_opinions` of the assessment (array of strings), or null. */
  feedback_options: string[] | null;
  user: { name: string; email: string };
  api_call_id: number;
  created_at: string;
  updated_at: string;
  extra: Record<string, unknown>;
  search: Record<string, unknown>;
  user_prompt: string;
  template_prompt: string;
};

export type Thread = { conversation_id: string; conversation_identifier: string; created_at: string; updated_at: string; interactions: InteractionRecord[] };

export type ThreadsPage = { count: number; next: boolean; previous: boolean; results: Thread[] };

/** Response of POST /api/v1/assessments. */
export type AssessmentCreated = { id: number };
