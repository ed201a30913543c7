// zod schemas of the main response records, for the OpenAPI document only.
// The domain keeps its TypeScript types (the dashboards import them); the
// `Same` checks at the bottom make `tsc` fail when a schema and the type it
// describes drift apart, and tests/api/openapi-responses.test.ts validates
// real responses against the document built from these.
import { z } from 'zod';
import type {
  DatasetFull,
  DatasetListItem,
  DatasetRecord,
  DatasetUpdated,
  SubjectRecord,
  ContentRecord,
  ContentDetail,
  ContentWithSubject,
} from '../knowledge/serializers';
import type { SearchResponse } from '../search/contract';
import type { AssessmentCreated, CreditsReport, OverviewReport, ThreadsPage, TokensReport } from '../reports/contract';
import { EVALUATIONS } from '../reports/contract';
import type { CreatedKey, KeyListItem } from '../auth/keys';
import type { IssuedUserToken } from '../auth/users';
import type { listContents, createContent, getContentDetail, updateContent } from '../knowledge/contents';
import type { listDatasets, getDataset, createDataset, renameDataset } from '../knowledge/datasets';
import type { listSubjects, createSubject, renameSubject } from '../knowledge/subjects';

/** Every named response record: the document's components.schemas. */
export const responseSchemas = z.registry<{ id: string }>();

const timestamp = z.string().describe('ISO 8601 timestamp (UTC)');

export const datasetListItem = z
  .object({ id: z.number().int(), name: z.string(), description: z.string(), created_at: timestamp })
  .register(responseSchemas, { id: 'DatasetListItem' });
export const datasetRecord = datasetListItem.extend({ updated_at: timestamp }).register(responseSchemas, { id: 'Dataset' });
export const datasetUpdated = z
  .object({ id: z.number().int(), name: z.string(), created_at: timestamp, updated_at: timestamp })
  .register(responseSchemas, { id: 'DatasetUpdated' });
export const subjectRecord = z
  .object({ id: z.number().int(), name: z.string(), dataset_id: z.number().int(), created_at: timestamp, updated_at: timestamp })
  .register(responseSchemas, { id: 'Subject' });
export const contentRecord = z
  .object({ id: z.number().int(), name: z.string(), subject_id: z.number().int(), source: z.string(), created_at: timestamp, updated_at: timestamp })
  .register(responseSchemas, { id: 'Content' });
export const contentDetail = contentRecord
  .extend({
    dataset_id: z.number().int(),
    origin: z
      .enum(['url', 'file', 'text'])
      .describe('Where its passages come from: `url` (imported from an address), `file` (uploaded) or `text` (sent as `text`; replaceable)'),
    media_video: z.string().nullable(),
    media_image: z.string().nullable(),
    token_count: z.number().int(),
    passage_count: z.number().int(),
  })
  .register(responseSchemas, { id: 'ContentDetail' });
export const contentWithSubject = contentRecord.extend({ subject: subjectRecord }).register(responseSchemas, { id: 'ContentWithSubject' });
export const datasetFull = datasetRecord
  .extend({ subjects: z.array(subjectRecord.extend({ contents: z.array(contentRecord) })) })
  .register(responseSchemas, { id: 'DatasetFull' });

export const searchResponse = z
  .object({
    conversation: z.string().describe('The thread id: send it back as `conversation` to ask a follow-up'),
    search: z.array(
      z.object({
        content: z.object({
          name: z.string(),
          source: z.string().nullable(),
          subject: z.string(),
          media_video: z.string().nullable(),
          media_image: z.string().nullable(),
          created_at: z.string(),
          updated_at: z.string(),
        }),
        score: z.number(),
        answer: z.string(),
        context: z.string(),
        date: z.string().describe('`YYYY-MM-DD HH:MM:SS` (UTC): when the passage was indexed'),
      }),
    ),
    generational: z.object({ content: z.string(), total_tokens: z.number().int() }),
    identifier: z.string().describe("The interaction's UUID, for assessments"),
  })
  .register(responseSchemas, { id: 'SearchResponse' });

const count = z.string().describe('A count, as a string (the spec)');
export const overviewReport = z
  .object({
    user: z.string(),
    plan: z.string(),
    end_date: z.string(),
    plan_interval: z.string(),
    trial_period: z.boolean(),
    did_trial_period: z.boolean(),
    datamodel_count: count,
    private_smartpage_count: count,
    private_smartpage_limit: z.number(),
    public_smartpage_count: count,
    public_smartpage_limit: z.number(),
    private_smartpage_user_count: count,
    private_smartpage_user_limit: z.number(),
    credit_limit: z.number(),
    addon: z.object({ addon_name: z.string(), credits: z.number() }).nullable(),
    total_credit_used: z.number(),
    overflow_credits_usage: z.number(),
    percentage_credit_used: z.number(),
    project_data: z.object({
      datamodels: z.number(),
      datasets: z.number(),
      contents: z.number(),
      smartpages: z.number(),
      private_smartpages: z.number(),
      public_smartpages: z.number(),
      private_smartpage_users: z.number(),
      indexed_tokens_limit: z.number(),
      total_indexed_tokens: z.number(),
      total_processed_tokens: z.number(),
      total_api_requests: z.number(),
    }),
  })
  .register(responseSchemas, { id: 'OverviewReport' });

// A datamodel among the top ones of a credits or tokens report: its names, then its share of the period's usage.
const datamodelNames = { name: z.string(), dataset: z.string() };
const datamodelUsage = { tokens_processed: z.number(), api_requests: z.number(), percentage: z.number() };

export const creditsReport = z
  .object({
    credits: z.array(z.object({ date: z.string(), workspace_credits: z.number(), smartpage_credits: z.number(), api_credits: z.number() })),
    credits_usage_details: z.object({
      total_credits_used: z.number(),
      credits_previous_period_comparison: z.object({ current_period_usage: z.number(), previous_period_usage: z.number(), percent_difference: z.number() }),
    }),
    top_datamodels_by_credit_usage: z.array(z.object({ ...datamodelNames, credits_used: z.number(), ...datamodelUsage })),
  })
  .register(responseSchemas, { id: 'CreditsReport' });

export const tokensReport = z
  .object({
    tokens: z.array(z.object({ date: z.string(), processed_tokens: z.number(), api_requests: z.number() })),
    token_usage_details: z.object({
      total_tokens_processed: z.number(),
      tokens_previous_period_comparison: z.object({ current_period: z.number(), previous_period: z.number() }),
      usage_by_origin: z.object({ smartpage: z.number(), api: z.number(), workspace: z.number() }),
    }),
    top_datamodels_by_token_usage: z.array(z.object({ ...datamodelNames, ...datamodelUsage })),
  })
  .register(responseSchemas, { id: 'TokensReport' });

export const interactionRecord = z
  .object({
    identifier: z.string(),
    type: z.string(),
    interaction_type: z.string(),
    question: z.string(),
    content: z.string(),
    datamodel: z.string(),
    dataset: z.string(),
    generative_model: z.string(),
    preset: z.string(),
    preset_id: z.number().int().nullable(),
    project_id: z.number().int(),
    project_name: z.string(),
    total_tokens: z.number(),
    total_tokens_with_fee: z.number(),
    prompt_tokens: z.number(),
    completion_tokens: z.number(),
    evaluation: z.enum(EVALUATIONS).nullable(),
    feedback: z.string().nullable(),
    feedback_options: z.array(z.string()).nullable(),
    user: z.object({ name: z.string(), email: z.string() }),
    api_call_id: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    extra: z.record(z.string(), z.unknown()),
    search: z.record(z.string(), z.unknown()),
    user_prompt: z.string(),
    template_prompt: z.string(),
  })
  .register(responseSchemas, { id: 'Interaction' });

export const threadsPage = z
  .object({
    count: z.number().int(),
    next: z.boolean(),
    previous: z.boolean(),
    results: z.array(
      z.object({
        conversation_id: z.string(),
        conversation_identifier: z.string(),
        created_at: z.string(),
        updated_at: z.string(),
        interactions: z.array(interactionRecord),
      }),
    ),
  })
  .register(responseSchemas, { id: 'ThreadsPage' });

export const assessmentCreated = z.object({ id: z.number().int() }).register(responseSchemas, { id: 'AssessmentCreated' });

export const keyListItem = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string().describe('The first characters of the secret, to recognise it'),
    created_at: timestamp,
    last_used_at: timestamp.nullable(),
    expires_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
  })
  .register(responseSchemas, { id: 'KeyListItem' });
export const createdKey = keyListItem
  .extend({ token: z.string().describe('The secret: shown once, never again') })
  .register(responseSchemas, { id: 'CreatedKey' });

export const issuedUserToken = z
  .object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_at: timestamp, organization_id: z.number().int() })
  .register(responseSchemas, { id: 'UserToken' });

// ------------------------------------------------------------- type checks
// Mutual assignability: an intersection type and the same fields flattened are the same.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
type Returns<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type Out<S extends z.ZodType> = z.output<S>;

export type ResponseSchemaChecks = [
  Check<Same<Out<typeof datasetListItem>, DatasetListItem>>,
  Check<Same<Out<typeof datasetRecord>, DatasetRecord>>,
  Check<Same<Out<typeof datasetUpdated>, DatasetUpdated>>,
  Check<Same<Out<typeof subjectRecord>, SubjectRecord>>,
  Check<Same<Out<typeof contentRecord>, ContentRecord>>,
  Check<Same<Out<typeof contentDetail>, ContentDetail>>,
  Check<Same<Out<typeof contentWithSubject>, ContentWithSubject>>,
  Check<Same<Out<typeof datasetFull>, DatasetFull>>,
  Check<Same<Out<typeof searchResponse>, SearchResponse>>,
  Check<Same<Out<typeof overviewReport>, OverviewReport>>,
  Check<Same<Out<typeof creditsReport>, CreditsReport>>,
  Check<Same<Out<typeof tokensReport>, TokensReport>>,
  Check<Same<Out<typeof threadsPage>, ThreadsPage>>,
  Check<Same<Out<typeof assessmentCreated>, AssessmentCreated>>,
  Check<Same<Out<typeof keyListItem>, KeyListItem>>,
  Check<Same<Out<typeof createdKey>, CreatedKey>>,
  Check<Same<Out<typeof issuedUserToken>, IssuedUserToken>>,
  // The routes' domain functions answer these records.
  Check<Same<Returns<typeof listDatasets>, DatasetListItem[]>>,
  Check<Same<Returns<typeof getDataset>, DatasetRecord>>,
  Check<Same<Returns<typeof createDataset>, Out<typeof datasetRecord>>>,
  Check<Same<Returns<typeof renameDataset>, DatasetUpdated>>,
  Check<Same<Returns<typeof listSubjects>, SubjectRecord[]>>,
  Check<Same<Returns<typeof createSubject>, SubjectRecord>>,
  Check<Same<Returns<typeof renameSubject>, SubjectRecord>>,
  Check<Same<Returns<typeof listContents>, ContentRecord[]>>,
  Check<Same<Returns<typeof createContent>, ContentDetail>>,
  Check<Same<Returns<typeof getContentDetail>, ContentDetail>>,
  Check<Same<Returns<typeof updateContent>, ContentRecord>>,
];
