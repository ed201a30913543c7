// What the route contracts cannot say about an operation: a one-line
// summary, the success status and response, and error statuses the domain
// adds (409 for a name taken or a record in use). Keyed "METHOD /pattern";
// tests/unit/openapi-document.test.ts fails when an operation has no entry
// here or an entry names no operation.
import type { z } from 'zod';
import * as r from './responses';

export type ResponseDoc =
  | { status: number; description: string; schema: z.ZodType; array?: boolean; headers?: Record<string, string> }
  | { status: number; description: string; summary: string; array?: boolean; headers?: Record<string, string> }
  | { status: number; description: string; media: string; headers?: Record<string, string> }
  | { status: 204; description: string };

export type OperationDoc = {
  summary: string;
  description?: string;
  response: ResponseDoc;
  /** Error statuses beyond those the contract implies (lib/openapi/document.ts). */
  errors?: number[];
  /** A body the route reads itself (not a zod contract). */
  requestMedia?: { media: string; description: string };
};

const json = (status: number, description: string, schema: z.ZodType, extra: { array?: boolean; headers?: Record<string, string> } = {}): ResponseDoc => ({
  status,
  description,
  schema,
  ...extra,
});
/** A response typed in TypeScript only: an object (or array of objects) with what it holds in words. */
const described = (status: number, description: string, summary: string, array = false): ResponseDoc => ({ status, description, summary, array });
const noContent: ResponseDoc = { status: 204, description: 'Done; no body' };
const SSE = 'text/event-stream';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Create, read, change and delete of a model, preset or datamodel: the three
 * answer alike, and each refuses (409) a name taken or a record still in use.
 * `name` is what the answers call the record, `title` what the summaries do.
 */
function catalogOperations(
  path: string,
  record: { id: string; name: string; title?: string; create: string; created?: string; remove: string },
): Record<string, OperationDoc> {
  const { id, name, title = name } = record;
  const saved = `The ${name} record`;
  return {
    [`POST ${path}`]: { summary: record.create, response: described(201, `The ${name}`, record.created ?? saved), errors: [409] },
    [`GET ${path}/{${id}}`]: { summary: `One ${title}`, response: described(200, `The ${name}`, saved) },
    [`PATCH ${path}/{${id}}`]: { summary: `Change a ${title}`, response: described(200, `The ${name}`, saved), errors: [409] },
    [`DELETE ${path}/{${id}}`]: { summary: record.remove, response: noContent, errors: [409] },
  };
}

export const OPERATIONS: Record<string, OperationDoc> = {
  // ---------------------------------------------------------------- service
  'GET /api/health': { summary: 'Liveness: 200 when the database answers', response: described(200, 'The service is up', '`{status: "ok"}`') },
  'GET /api/ready': {
    summary: 'Readiness: 200 when the database answers and every migration is applied (else 503)',
    response: described(200, 'Ready to serve', '`{status: "ready"}`'),
  },
  'GET /api/metrics': {
    summary: 'Prometheus metrics of this instance (from this machine, or with METRICS_TOKEN)',
    response: { status: 200, description: 'Metrics in the Prometheus text format', media: 'text/plain' },
    errors: [401, 403],
  },
  'GET /api/openapi.json': { summary: 'This OpenAPI 3.1 document', response: described(200, 'The document', 'The OpenAPI 3.1 document of every route') },

  // ------------------------------------------------------- public smartpages
  'GET /api/smartpages/{slug}': {
    summary: "A published smartpage's public view",
    response: described(200, 'The page', 'name, description, visibility, the datamodel it asks and its welcome texts'),
    errors: [403],
  },
  'POST /api/smartpages/{slug}/search': {
    summary: 'Ask a smartpage (rate limited per client and page)',
    response: json(200, 'The answer and its sources', r.searchResponse),
    errors: [403, 429],
  },
  'POST /api/smartpages/{slug}/search/stream': {
    summary: 'Ask a smartpage, answer streamed as server-sent events',
    response: { status: 200, description: 'Events: the sources, answer pieces, then the final record', media: SSE },
    errors: [403, 429],
  },
  'POST /api/smartpages/{slug}/assessments': {
    summary: "Rate an answer of the visitor's own conversation on the page",
    response: json(200, 'Recorded', r.assessmentCreated),
    errors: [403, 429],
  },

  // ------------------------------------------------------------------ access
  'POST /api/v1/auth/token': {
    summary: 'Sign in with email and password: an expiring user access token',
    response: json(200, 'The token', r.issuedUserToken),
    errors: [401, 429],
  },
  'DELETE /api/v1/auth/token': { summary: 'Revoke the user access token sent in Authorization', response: noContent, errors: [401] },
  'GET /api/v1/me': {
    summary: 'The signed-in person, their organisation, role and projects',
    response: described(200, 'Who is calling', 'user, organization, role, projects and the project in use'),
  },
  'GET /api/v1/api_keys': { summary: "The project's API keys (never their secrets)", response: json(200, 'The keys', r.keyListItem, { array: true }) },
  'POST /api/v1/api_keys': { summary: 'Create an API key (the secret is answered once)', response: json(201, 'The new key with its secret', r.createdKey) },
  'DELETE /api/v1/api_keys/{key_id}': { summary: 'Revoke an API key', response: noContent },
  'GET /api/v1/project_tokens': {
    summary: "The project's report tokens (never their secrets)",
    response: json(200, 'The tokens', r.keyListItem, { array: true }),
  },
  'POST /api/v1/project_tokens': {
    summary: 'Create a project token for the reports (the secret is answered once)',
    response: json(201, 'The new token with its secret', r.createdKey),
  },
  'DELETE /api/v1/project_tokens/{token_id}': { summary: 'Revoke a project token', response: noContent },

  // ------------------------------------------------------------- assessments
  'POST /api/v1/assessments': {
    summary: 'Rate an answer (positive, negative, neutral) with reasons and a comment',
    response: json(200, 'Recorded', r.assessmentCreated),
  },

  // ----------------------------------------------------------------- reports
  'GET /api/v1/overview': { summary: 'Plan, credit use and the project in numbers', response: json(200, 'The overview', r.overviewReport) },
  'GET /api/v1/credits_resume': {
    summary: 'Credits per period by origin, compared with the previous period',
    response: json(200, 'The credits report', r.creditsReport),
  },
  'GET /api/v1/token_resume': { summary: 'Tokens and requests per period, by origin and datamodel', response: json(200, 'The tokens report', r.tokensReport) },
  'GET /api/v1/threads': { summary: 'Conversations with their interactions, filtered and paged', response: json(200, 'One page of threads', r.threadsPage) },
  'GET /api/v1/report_download': {
    summary: 'The reports as an .xlsx workbook',
    response: { status: 200, description: 'The workbook, as an attachment', media: XLSX, headers: { 'content-disposition': 'attachment; filename="…xlsx"' } },
  },

  // ------------------------------------------------------ smartpages (admin)
  'GET /api/v1/smartpages': {
    summary: "The project's smartpages",
    response: described(200, 'The smartpages', 'id, name, slug, visibility, datamodel, users and dates', true),
  },
  'POST /api/v1/smartpages': {
    summary: 'Publish a smartpage over a datamodel',
    response: described(201, 'The new smartpage', 'The smartpage record'),
    errors: [409],
  },
  'PATCH /api/v1/smartpages/{smartpage_id}': {
    summary: 'Change a smartpage',
    response: described(200, 'The smartpage', 'The smartpage record'),
    errors: [409],
  },
  'DELETE /api/v1/smartpages/{smartpage_id}': { summary: 'Delete a smartpage', response: noContent },

  // --------------------------------------------------------------- knowledge
  'GET /searcher/v1/datasets': { summary: "The project's datasets", response: json(200, 'The datasets', r.datasetListItem, { array: true }) },
  'POST /searcher/v1/datasets': { summary: 'Create a dataset', response: json(201, 'The new dataset', r.datasetRecord), errors: [409] },
  'GET /searcher/v1/datasets/full': {
    summary: 'Every dataset with its subjects and their contents',
    response: json(200, 'The datasets, in full', r.datasetFull, { array: true }),
  },
  'GET /searcher/v1/datasets/{dataset_id}': { summary: 'One dataset', response: json(200, 'The dataset', r.datasetRecord) },
  'PUT /searcher/v1/datasets/{dataset_id}': {
    summary: 'Rename a dataset or change its description',
    response: json(200, 'The dataset', r.datasetUpdated),
    errors: [409],
  },
  'DELETE /searcher/v1/datasets/{dataset_id}': { summary: 'Delete a dataset with its subjects, contents and passages', response: noContent, errors: [409] },
  'POST /searcher/v1/datasets/{dataset_id}/resync': {
    summary: "Re-sync the dataset's URL contents now (conditional requests; unchanged ones are not re-indexed)",
    response: described(200, 'The sync started', '`{message, id, sync_id}`: `id` is the upload to follow at GET /searcher/v1/upload/{upload_id}'),
    errors: [409],
  },
  'GET /searcher/v1/datasets/{dataset_id}/sync': {
    summary: "The dataset's re-sync schedule, next sync, and its last syncs with what changed",
    response: described(
      200,
      'The sync status',
      'schedule, next_sync_at, last_sync and syncs (each: state, started/finished, checked, unchanged, changed, missing, removed, failed, changes)',
    ),
  },
  'PUT /searcher/v1/datasets/{dataset_id}/sync': {
    summary: 'Set the re-sync schedule: none, hourly, daily or weekly',
    response: described(200, 'The sync status', 'As GET: the schedule and the next sync it sets'),
  },
  'GET /searcher/v1/datasets/{dataset_id}/subjects': { summary: "A dataset's subjects", response: json(200, 'The subjects', r.subjectRecord, { array: true }) },
  'POST /searcher/v1/datasets/{dataset_id}/subjects': {
    summary: 'Create a subject in a dataset',
    response: json(201, 'The new subject', r.subjectRecord),
    errors: [409],
  },
  'GET /searcher/v1/datasets/{dataset_id}/contents': {
    summary: "A dataset's contents (optionally one subject's, filtered by `q`, sorted, paged)",
    response: json(200, 'The contents; the number of matches in X-Total-Count', r.contentRecord, {
      array: true,
      headers: { 'x-total-count': 'How many contents match' },
    }),
  },
  'POST /searcher/v1/datasets/{dataset_id}/contents': {
    summary: 'Add a content to a subject of the dataset, with its text (Markdown) indexed at once when `text` is sent',
    description:
      "With `text` (at most 200,000 characters) the content, its passages and their full-text index are written in one transaction, as an uploaded Markdown file is; the plan's indexed-token limit applies (403).",
    response: json(201, 'The new content', r.contentDetail),
  },
  'GET /searcher/v1/datasets/{dataset_id}/contents/full': {
    summary: "A dataset's contents, each with its subject",
    response: json(200, 'The contents', r.contentWithSubject, { array: true }),
  },
  'GET /searcher/v1/subjects/{subject_id}': { summary: 'One subject', response: json(200, 'The subject', r.subjectRecord) },
  'PUT /searcher/v1/subjects/{subject_id}': { summary: 'Rename a subject', response: json(200, 'The subject', r.subjectRecord), errors: [409] },
  'DELETE /searcher/v1/subjects/{subject_id}': { summary: 'Delete a subject with its contents', response: noContent },
  'GET /searcher/v1/contents/{content_id}': {
    summary: 'One content, with its size in tokens and passages',
    response: json(200, 'The content', r.contentDetail),
  },
  'PUT /searcher/v1/contents/{content_id}': {
    summary: "Change a content's name, text or media; it is indexed again",
    response: json(200, 'The content', r.contentRecord),
  },
  'DELETE /searcher/v1/contents/{content_id}': { summary: 'Delete a content and its passages', response: noContent },
  'GET /searcher/v1/contents/{content_id}/passages': {
    summary: "A content's passages as indexed",
    response: described(200, 'The passages', 'id, position, heading, text, answer and token_count', true),
  },
  'GET /searcher/v1/contents/{content_id}/text': {
    summary: "A content's passages joined into one Markdown text (what the editors' Edit text starts from)",
    response: described(200, 'The text', '`{text}`'),
  },
  'PUT /searcher/v1/contents/{content_id}/text': {
    summary: 'Replace the text of a content made in the editors or the API; its passages are written again, unchanged ones kept',
    description:
      "One transaction, like a re-import. `409` for a content imported from a URL or uploaded from a file; `403` when the new text would pass the plan's indexed-token limit.",
    response: json(200, 'The content', r.contentDetail),
    errors: [409],
  },
  'GET /searcher/v1/contents/{content_id}/original': {
    summary: 'The file a content was uploaded from',
    response: { status: 200, description: 'The original bytes, as an attachment', media: 'application/octet-stream' },
  },
  'POST /searcher/v1/contents/{content_id}/reparse': {
    summary: "Parse an uploaded file's stored original again",
    response: described(200, 'The new import', 'The upload record to follow at GET /searcher/v1/upload/{upload_id}'),
    errors: [409],
  },

  // ------------------------------------------------------------------ import
  'POST /searcher/v1/upload': {
    summary: 'Import web pages or files by URL (runs in the background)',
    response: described(200, 'The upload and its items', 'id, status and items; progress at GET /searcher/v1/upload/{upload_id}'),
  },
  'POST /searcher/v1/upload/files': {
    summary: 'Import files from the computer (multipart/form-data)',
    response: described(200, 'The upload and its items', 'id, status and items; progress at GET /searcher/v1/upload/{upload_id}'),
    requestMedia: {
      media: 'multipart/form-data',
      description: '`files` (one or more), `dataset_name`, optional `subject_name` and `name`; within the upload limits (413)',
    },
    errors: [400, 413, 415],
  },
  'GET /searcher/v1/upload/{upload_id}': {
    summary: "An upload's progress, item by item",
    response: described(200, 'The upload', 'id, status, counts and items with their state and error'),
  },
  'POST /searcher/v1/upload/site': {
    summary: 'Crawl a website into a dataset: start URL, max pages and depth, scope, include/exclude patterns (runs in the background)',
    response: described(
      200,
      'The crawl started',
      '`{message, id, crawl_id}`: progress with pages found / fetched / indexed at GET /searcher/v1/upload/{upload_id}',
    ),
  },
  'GET /searcher/v1/uploads': {
    summary: "The project's uploads, newest first",
    response: described(200, 'The uploads', 'id, status, counts and items of each upload', true),
  },
  'POST /searcher/v1/upload/{upload_id}/items/{item_id}/retry': {
    summary: 'Put a failed item back in the queue, optionally with a corrected URL',
    response: described(200, 'The item', 'The item record, queued again (state, url, attempts from zero)'),
    errors: [409],
  },

  // ------------------------------------------------------------------ search
  'POST /searcher/v1/search': {
    summary: 'Ask a question: ranked passages and a generated answer',
    response: json(200, 'The answer and its sources', r.searchResponse),
  },
  'POST /searcher/v1/deepsearch': {
    summary: 'Ask a question, searching more widely (follow-up sub-questions)',
    response: json(200, 'The answer and its sources', r.searchResponse),
  },
  'POST /searcher/v1/search/stream': {
    summary: 'Ask a question, answer streamed as server-sent events',
    response: { status: 200, description: 'Events: the sources, answer pieces, then the final record', media: SSE },
  },
  'GET /searcher/v1/conversations': {
    summary: "The caller's own conversations (the console's history)",
    response: {
      status: 200,
      description: 'The conversations; the total in X-Total-Count',
      summary: 'id, title, origin and dates',
      array: true,
      headers: { 'x-total-count': 'How many conversations match' },
    },
  },
  'PATCH /searcher/v1/conversations/{conversation_id}': {
    summary: 'Rename one of your conversations',
    response: described(200, 'The conversation', 'id and title'),
  },
  'DELETE /searcher/v1/conversations/{conversation_id}': { summary: 'Remove one of your conversations from your list (reports keep it)', response: noContent },

  // ------------------------------------------------------------------ models
  'GET /searcher/v1/generative_models': {
    summary: "The service's models and the project's own",
    response: described(200, 'The models', 'id, name, provider and whether the project owns it', true),
  },
  ...catalogOperations('/searcher/v1/generative_models', {
    id: 'model_id',
    name: 'model',
    title: 'generative model',
    create: 'Add a generative model (an OpenAI-compatible endpoint)',
    created: 'The model record (its key only by environment variable name)',
    remove: 'Delete a generative model no preset uses',
  }),
  'POST /searcher/v1/generative_models/{model_id}/connection_test': {
    summary: "One small real call to a saved model's provider",
    response: described(200, 'The outcome', '`{ok, detail, latency_ms}`'),
  },
  'POST /searcher/v1/generative_models/connection_test': {
    summary: 'Try connection settings before saving them',
    response: described(200, 'The outcome', '`{ok, detail, latency_ms}`'),
  },
  'GET /searcher/v1/presets': {
    summary: "The project's presets (`?include=settings` adds their settings)",
    response: described(200, 'The presets', 'id, identifier and, with settings, template, parameters and model', true),
  },
  ...catalogOperations('/searcher/v1/presets', {
    id: 'preset_id',
    name: 'preset',
    create: 'Create a preset (prompt template, parameters, model)',
    remove: 'Delete a preset no datamodel uses',
  }),
  'GET /searcher/v1/datamodels': {
    summary: "The project's datamodels (`?include=settings` adds their settings)",
    response: described(200, 'The datamodels', 'id, name, dataset, preset and, with settings, model and uses', true),
  },
  ...catalogOperations('/searcher/v1/datamodels', {
    id: 'datamodel_id',
    name: 'datamodel',
    create: 'Create a datamodel (a dataset with a preset), within the plan',
    remove: 'Delete a datamodel no smartpage publishes',
  }),

  // -------------------------------------------------------------- evaluation
  'GET /searcher/v1/evaluation_sets': {
    summary: "The project's evaluation sets",
    response: described(200, 'The sets', 'id, name, question count and dates', true),
  },
  'POST /searcher/v1/evaluation_sets': {
    summary: 'Create an evaluation set: questions with their expected sources',
    response: described(201, 'The set', 'The evaluation set record'),
    errors: [409],
  },
  'GET /searcher/v1/evaluation_sets/{set_id}': {
    summary: 'One evaluation set with its questions',
    response: described(200, 'The set', 'The evaluation set record with its questions'),
  },
  'PATCH /searcher/v1/evaluation_sets/{set_id}': {
    summary: 'Rename an evaluation set or replace its questions',
    response: described(200, 'The set', 'The evaluation set record'),
    errors: [409],
  },
  'DELETE /searcher/v1/evaluation_sets/{set_id}': { summary: 'Delete an evaluation set and its runs', response: noContent },
  'POST /searcher/v1/evaluation_sets/{set_id}/import': {
    summary: "Replace a set's questions from CSV or JSON text",
    response: described(200, 'The set', 'The evaluation set record'),
  },
  'GET /searcher/v1/evaluation_sets/{set_id}/export': {
    summary: "A set's questions as a CSV (or JSON) file",
    response: { status: 200, description: 'The questions, as an attachment (`?format=json` for JSON)', media: 'text/csv' },
  },
  'POST /searcher/v1/evaluation_sets/{set_id}/questions': {
    summary: 'Add one question with its expected source (the same question gets the new sources)',
    response: described(200, 'The set', 'The evaluation set record with its questions'),
  },
  'GET /searcher/v1/evaluation_sets/{set_id}/runs': {
    summary: "An evaluation set's runs",
    response: described(200, 'The runs', 'id, target, status, progress and scores', true),
  },
  'POST /searcher/v1/evaluation_sets/{set_id}/runs': {
    summary: 'Start a run against a dataset or datamodel (in the background)',
    response: described(202, 'The run, started', 'The run record; progress at GET …/runs/{run_id}'),
  },
  'GET /searcher/v1/evaluation_sets/{set_id}/runs/{run_id}': {
    summary: "A run's progress and scores (recall@1/@5, MRR@10), per question",
    response: described(200, 'The run', 'The run record with per-question ranks'),
  },
  'DELETE /searcher/v1/evaluation_sets/{set_id}/runs/{run_id}': { summary: 'Delete a run', response: noContent },

  // ------------------------------------------------------------------ review
  'GET /searcher/v1/review': {
    summary: 'The review queue: questions answered badly or not at all',
    response: described(200, 'The queue', 'A page of questions with counts, last answer, ratings and cited passages'),
  },
  'POST /searcher/v1/review/resolve': {
    summary: 'Mark interactions of the queue resolved',
    response: described(200, 'How many were resolved', '`{resolved}`'),
  },
  'GET /searcher/v1/curated_answers': {
    summary: 'Curated answers (optionally of one dataset)',
    response: described(200, 'The curated answers', 'id, question, answer, dataset and dates', true),
  },
  'POST /searcher/v1/curated_answers': {
    summary: 'Write a curated answer to a question',
    response: described(201, 'The curated answer', 'The curated answer record'),
  },
  'PATCH /searcher/v1/curated_answers/{curated_id}': {
    summary: 'Change a curated answer',
    response: described(200, 'The curated answer', 'The curated answer record'),
  },
  'DELETE /searcher/v1/curated_answers/{curated_id}': { summary: 'Delete a curated answer', response: noContent },
};
