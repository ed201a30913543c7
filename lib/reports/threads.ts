// GET /api/v1/threads: conversation threads with every interaction.
// A thread is dated by its start (the conversation's created_at). The other
// filters are on interactions: a thread matches when one of its interactions
// matches all of them; `feedback=false` means no interaction of the thread
// has feedback. Matching threads come back whole, newest first. The page of
// conversation ids is found first (index on organization_id, created_at, id,
// and the thread summary on conversations), then only their interactions
// are read.
import { db, isPostgres, Prisma } from '../db/client';
import { containsPattern } from '../db/like';
import { toDate, type RawDate, type RawInt } from '../db/raw';
import type { Evaluation, InteractionRecord, Thread, ThreadsPage, ThreadsQuery } from './contracts';
import { THREADS_DEFAULT_LIMIT } from './contracts';
import { MIN_DATE, resolveRange } from './periods';
import { scopeSql, threadsInPeriodSql, type ReportScope } from './scope';
import { countThreadsByQuestion, planThreadQuestion, threadIdsByQuestion, threadIndexServes, type ThreadQuestionPlan } from './thread-questions';

export type ThreadFilter = {
  start: string;
  end: string | null;
  question?: string;
  evaluation?: readonly string[];
  feedback?: boolean;
  datamodelNames?: readonly string[];
  datamodelIds?: readonly number[];
  interactionTypes?: readonly string[];
  /** Where the thread was started: workspace, smartpage, api (an extension of the spec's filters). */
  origins?: readonly string[];
  /** Set by planQuestion: whether the `question` filter reads the per-interaction trigram index. */
  questionIndex?: boolean;
  /** Set by planQuestion: the `question` filter reads the per-thread index (thread-questions.ts). */
  byThread?: ThreadQuestionPlan;
};

/** Candidates of the SQLite trigram index that cost as much as this many rows of the period read in order (measured: a random row read ≈ 4 sequential ones). */
const RANDOM_READ_COST = 4;

/**
 * Chooses how the `question` filter runs. When the term alone decides a
 * thread, the per-thread index answers (thread-questions.ts). Otherwise,
 * per interaction: no index serves a term under
 * three characters. Otherwise PostgreSQL's planner weighs pg_trgm against
 * the day index itself; SQLite's cannot see inside FTS5, so the number of
 * candidates (cheap: FTS5 counts rowids) is weighed against the period's
 * interactions (from the daily roll-up): a common word over one month reads
 * the month, the same word over a year, or a rare one, reads the index.
 */
export async function planQuestion(scope: ReportScope, filter: ThreadFilter, offset = 0): Promise<ThreadFilter> {
  const question = filter.question?.toLowerCase() ?? '';
  if (!question) return filter;
  if (threadIndexServes(filter)) {
    const byThread = await planThreadQuestion(scope, filter, offset);
    if (byThread) return { ...filter, byThread };
  }
  if ([...question].length < 3) return { ...filter, questionIndex: false };
  if (isPostgres()) return { ...filter, questionIndex: true };
  const [candidates] = await db().$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS n FROM interaction_question_fts WHERE interaction_question_fts MATCH ${trigramQuery(question)}`;
  const [period] = await db().$queryRaw<{ n: number | bigint | null }[]>`SELECT SUM(requests) AS n FROM usage_daily WHERE ${scopeSql(scope)} AND day >= ${filter.start}`;
  return { ...filter, questionIndex: Number(candidates?.n ?? 0) * RANDOM_READ_COST <= Number(period?.n ?? 0) };
}

export const DISPLAY_TYPE: Record<string, string> = { search: 'Search', stream: 'Stream', deepsearch: 'Deep search' };

export async function threadsReport(scope: ReportScope, query: ThreadsQuery): Promise<ThreadsPage> {
  const range = resolveRange(query, { start: MIN_DATE, end: null });
  const filter: ThreadFilter = {
    ...range,
    question: query.question,
    evaluation: query.evaluation,
    feedback: query.feedback,
    datamodelNames: query.datamodel,
    interactionTypes: query.interaction_types,
    origins: query.origin,
  };
  const limit = query.limit ?? THREADS_DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  const planned = await planQuestion(scope, filter, offset);
  const [count, results] = await Promise.all([countThreads(scope, planned), readThreads(scope, planned, limit, offset)]);
  return { count, next: offset + results.length < count, previous: offset > 0, results };
}

export async function countThreads(scope: ReportScope, filter: ThreadFilter): Promise<number> {
  if (filter.byThread) return countThreadsByQuestion(scope, filter, filter.byThread);
  if (!hasThreadConditions(filter)) return countStartedThreads(scope, filter);
  const rows = await db().$queryRaw<{ n: number | bigint | string }[]>`SELECT COUNT(*) AS n FROM conversations c WHERE ${whereOf(scope, filter)}`;
  return Number(rows[0]?.n ?? 0);
}

const hasThreadConditions = (f: ThreadFilter) =>
  Boolean(f.question || f.evaluation?.length || f.feedback !== undefined || f.datamodelNames?.length || f.datamodelIds || f.interactionTypes?.length || f.origins?.length);

/**
 * Threads started in the period, with no other condition: a sum over the
 * daily thread counts (migration 20261123170000_thread_days), not a walk
 * over the period's conversations.
 */
async function countStartedThreads(scope: ReportScope, filter: ThreadFilter): Promise<number> {
  const end = filter.end ? Prisma.sql`AND day <= ${filter.end}` : Prisma.empty;
  const rows = await db().$queryRaw<{ n: number | bigint | string | null }[]>`SELECT SUM(threads) AS n FROM thread_days WHERE ${scopeSql(scope)} AND day >= ${filter.start} ${end}`;
  return Number(rows[0]?.n ?? 0);
}

/**
 * One page of matching threads, newest first, each with all its
 * interactions, or (`onlyMatching`, for the spreadsheet's rows) only those
 * of the filter's datamodels and types.
 */
export async function readThreads(scope: ReportScope, filter: ThreadFilter, limit: number, offset: number, onlyMatching = false): Promise<Thread[]> {
  return threadsByIds(await threadIds(scope, filter, limit, offset), onlyMatching ? filter : null);
}

/** Ids of the matching threads, newest first (ties by id: stable paging). */
export async function threadIds(scope: ReportScope, filter: ThreadFilter, limit: number, offset: number): Promise<string[]> {
  if (filter.byThread) return threadIdsByQuestion(scope, filter, filter.byThread, limit, offset);
  const rows = await db().$queryRaw<{ id: string }[]>`
    SELECT c.id FROM conversations c WHERE ${whereOf(scope, filter)}
    ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`;
  return rows.map((r) => r.id);
}

export type ThreadCursor = { createdAt: Date | string; id: string };

/**
 * Ids of the matching threads newest first, `batchSize` at a time, by keyset
 * paging (the next batch starts strictly after the last thread read: the
 * report's order, no OFFSET re-walk, one batch held), up to `limit`.
 */
export async function* threadIdBatches(scope: ReportScope, filter: ThreadFilter, limit: number, batchSize: number): AsyncGenerator<string[]> {
  let after: ThreadCursor | null = null;
  for (let left = limit; left > 0; ) {
    // The cursor is the database's own value, compared as stored. Spelt as a
    // bound on created_at plus the tie on id, not a row value: with a row
    // value SQLite's planner chose a skip-scan and a sort of the whole period
    // (160 ms a batch at a million interactions; 1.3 ms this way), while both
    // databases seek the index to this bound.
    const keyset: Prisma.Sql = after ? Prisma.sql`AND c.created_at <= ${after.createdAt} AND (c.created_at < ${after.createdAt} OR c.id < ${after.id})` : Prisma.empty;
    const rows: { id: string; created_at: Date | string }[] = await db().$queryRaw`
      SELECT c.id, c.created_at FROM conversations c WHERE ${whereOf(scope, filter)} ${keyset}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${Math.min(batchSize, left)}`;
    if (rows.length === 0) return;
    yield rows.map((r) => r.id);
    left -= rows.length;
    const last = rows[rows.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
}

/**
 * The threads of `ids` in that order; `only`: keep the interactions of its
 * datamodels and types. Raw SQL: the download reads tens of thousands of
 * rows this way and the ORM's row mapping doubled its time.
 */
export async function threadsByIds(ids: string[], only: ThreadFilter | null = null): Promise<Thread[]> {
  if (ids.length === 0) return [];
  const idList = Prisma.join(ids);
  const [conversations, interactions] = await Promise.all([
    db().$queryRaw<RawConversation[]>`SELECT id, identifier, created_at, updated_at FROM conversations WHERE id IN (${idList})`,
    db().$queryRaw<RawInteraction[]>`
      SELECT i.*, p.name AS project_name FROM interactions i JOIN projects p ON p.id = i.project_id
      WHERE i.conversation_id IN (${idList}) ${only ? matchingSql(only) : Prisma.empty}
      ORDER BY i.created_at, i.id`,
  ]);
  const byConversation = new Map<string, InteractionRecord[]>();
  for (const row of interactions) {
    const list = byConversation.get(row.conversation_id) ?? [];
    list.push(serializeInteraction(fromRaw(row), row.project_name));
    byConversation.set(row.conversation_id, list);
  }
  const byId = new Map(conversations.map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const c = byId.get(id);
    if (!c) return [];
    return [{ conversation_id: c.id, conversation_identifier: c.identifier, created_at: toDate(c.created_at).toISOString(), updated_at: toDate(c.updated_at).toISOString(), interactions: byConversation.get(id) ?? [] }];
  });
}

type RawConversation = { id: string; identifier: string; created_at: RawDate; updated_at: RawDate };
type RawInteraction = {
  id: RawInt; identifier: string; conversation_id: string; project_id: RawInt; project_name: string; type: string; origin: string; question: string; content: string;
  datamodel_name: string; dataset_name: string; generative_model_name: string; preset_id: RawInt | null; preset_name: string;
  prompt_tokens: RawInt; completion_tokens: RawInt; total_tokens: RawInt; total_tokens_with_fee: RawInt;
  evaluation: string | null; feedback: string | null; feedback_options: string | null; user_name: string; user_email: string;
  extra: string; search: string; user_prompt: string; template_prompt: string; created_at: RawDate; updated_at: RawDate;
};

function fromRaw(r: RawInteraction): InteractionRow {
  return {
    id: Number(r.id), identifier: r.identifier, projectId: Number(r.project_id), type: r.type, origin: r.origin, question: r.question, content: r.content,
    datamodelName: r.datamodel_name, datasetName: r.dataset_name, generativeModelName: r.generative_model_name,
    presetId: r.preset_id === null ? null : Number(r.preset_id), presetName: r.preset_name,
    promptTokens: Number(r.prompt_tokens), completionTokens: Number(r.completion_tokens), totalTokens: Number(r.total_tokens), totalTokensWithFee: Number(r.total_tokens_with_fee),
    evaluation: r.evaluation, feedback: r.feedback, feedbackOptions: r.feedback_options, userName: r.user_name, userEmail: r.user_email,
    extra: r.extra, search: r.search, userPrompt: r.user_prompt, templatePrompt: r.template_prompt, createdAt: toDate(r.created_at), updatedAt: toDate(r.updated_at),
  };
}

// Bits of the thread summary kept on conversations by triggers (migration
// 20261123140000_threads_speed).
const TYPE_BIT: Record<string, number> = { search: 1, stream: 2, deepsearch: 4 };
const EVALUATION_BIT: Record<string, number> = { positive: 1, negative: 2, neutral: 4 };
const maskOf = (values: readonly string[], bits: Record<string, number>) => values.reduce((mask, v) => mask | (bits[v] ?? 0), 0);

function whereOf(scope: ReportScope, filter: ThreadFilter): Prisma.Sql {
  const where = threadsInPeriodSql(scope, filter, 'c');
  // The thread summary: exact when it is the only interaction filter, a
  // cheap necessary condition when combined (one interaction must then meet
  // them all, checked below). `evaluation_flags <> 0` and `has_feedback = 1`
  // are written as the partial indexes' conditions so both databases use them.
  if (filter.evaluation?.length) where.push(Prisma.sql`c.evaluation_flags <> 0 AND (c.evaluation_flags & CAST(${maskOf(filter.evaluation, EVALUATION_BIT)} AS INTEGER)) <> 0`);
  if (filter.feedback === true) where.push(Prisma.sql`c.has_feedback = 1`);
  if (filter.feedback === false) where.push(Prisma.sql`c.has_feedback = 0`);
  if (filter.interactionTypes?.length) where.push(Prisma.sql`(c.type_flags & CAST(${maskOf(filter.interactionTypes, TYPE_BIT)} AS INTEGER)) <> 0`);
  if (filter.origins?.length) where.push(Prisma.sql`c.origin IN (${Prisma.join(filter.origins)})`);

  const on: Prisma.Sql[] = [];
  const question = filter.question ? filter.question.toLowerCase() : '';
  if (question && filter.questionIndex !== false) on.push(Prisma.sql`LOWER(i.question) LIKE ${containsPattern(question)} ESCAPE '\\'`);
  // Without the index (one or two characters, or a term so common that the
  // period's rows are fewer than its candidates): a plain substring test
  // that no trigram index claims, so PostgreSQL does not scan all of its GIN.
  else if (question) on.push(isPostgres() ? Prisma.sql`STRPOS(LOWER(i.question), ${question}) > 0` : Prisma.sql`INSTR(LOWER(i.question), ${question}) > 0`);
  if (filter.evaluation?.length) on.push(Prisma.sql`i.evaluation IN (${Prisma.join(filter.evaluation)})`);
  if (filter.datamodelNames?.length) on.push(Prisma.sql`i.datamodel_name IN (${Prisma.join(filter.datamodelNames)})`);
  if (filter.datamodelIds) on.push(filter.datamodelIds.length ? Prisma.sql`i.datamodel_id IN (${Prisma.join(filter.datamodelIds)})` : Prisma.sql`1 = 0`);
  if (filter.interactionTypes?.length) on.push(Prisma.sql`i.type IN (${Prisma.join(filter.interactionTypes)})`);
  if (filter.feedback === true) on.push(Prisma.sql`i.feedback IS NOT NULL AND i.feedback <> ''`);
  const summaryIsExact = on.length === 1 && !question && !filter.datamodelNames?.length && !filter.datamodelIds;
  if (on.length === 0 || summaryIsExact) return Prisma.join(where, ' AND ');

  if (question || filter.evaluation?.length || filter.feedback === true) {
    // Read the set of conversation ids once from the matching interactions:
    // a word through its trigram index (PostgreSQL: pg_trgm on
    // lower(question); SQLite: the FTS5 table below), ratings through the
    // partial indexes. A term of one or two characters has no trigram: it
    // is a scan, still exact. A thread's interactions come after its start,
    // so the period's first day bounds the interactions to read.
    const fromIndex = filter.questionIndex && !isPostgres() ? [Prisma.sql`i.id IN (SELECT rowid FROM interaction_question_fts WHERE interaction_question_fts MATCH ${trigramQuery(question)})`] : [];
    where.push(Prisma.sql`c.id IN (SELECT i.conversation_id FROM interactions i WHERE ${scopeSql(scope, 'i')} AND i.day >= ${filter.start} AND ${Prisma.join([...fromIndex, ...on], ' AND ')})`);
  } else {
    // Common values (a datamodel, a type with another filter): walk the
    // threads of the period and probe each one's interactions (index on
    // conversation_id); the page stops early.
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM interactions i WHERE i.conversation_id = c.id AND ${Prisma.join(on, ' AND ')})`);
  }
  return Prisma.join(where, ' AND ');
}

/**
 * The FTS5 query for SQLite's trigram index (detail=none keeps rowids only,
 * so no phrases): every distinct trigram of the term, each quoted so any
 * character is literal. A superset of the rows containing the term; the
 * LIKE beside it keeps the result exact.
 */
export function trigramQuery(term: string): string {
  const chars = [...term];
  const grams = new Set<string>();
  for (let k = 0; k + 3 <= chars.length; k++) grams.add(chars.slice(k, k + 3).join(''));
  return [...grams].map((g) => `"${g.replace(/"/g, '""')}"`).join(' AND ');
}

export function matchingSql(filter: ThreadFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (filter.datamodelIds) parts.push(filter.datamodelIds.length ? Prisma.sql`AND i.datamodel_id IN (${Prisma.join(filter.datamodelIds)})` : Prisma.sql`AND 1 = 0`);
  if (filter.datamodelNames?.length) parts.push(Prisma.sql`AND i.datamodel_name IN (${Prisma.join(filter.datamodelNames)})`);
  if (filter.interactionTypes?.length) parts.push(Prisma.sql`AND i.type IN (${Prisma.join(filter.interactionTypes)})`);
  return parts.length ? Prisma.join(parts, ' ') : Prisma.empty;
}

type InteractionRow = {
  id: number;
  identifier: string;
  projectId: number;
  type: string;
  question: string;
  content: string;
  datamodelName: string;
  datasetName: string;
  generativeModelName: string;
  presetId: number | null;
  presetName: string;
  /** workspace | smartpage | api: reported in `extra.origin` (the spec leaves extra's contents open). */
  origin: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  totalTokensWithFee: number;
  evaluation: string | null;
  feedback: string | null;
  feedbackOptions: string | null;
  userName: string;
  userEmail: string;
  extra: string;
  search: string;
  userPrompt: string;
  templatePrompt: string;
  createdAt: Date;
  updatedAt: Date;
};

export function serializeInteraction(i: InteractionRow, projectName: string): InteractionRecord {
  return {
    identifier: i.identifier,
    type: i.type,
    interaction_type: DISPLAY_TYPE[i.type] ?? i.type,
    question: i.question,
    content: i.content,
    datamodel: i.datamodelName,
    dataset: i.datasetName,
    generative_model: i.generativeModelName,
    preset: i.presetName,
    preset_id: i.presetId,
    project_id: i.projectId,
    project_name: projectName,
    total_tokens: i.totalTokens,
    total_tokens_with_fee: i.totalTokensWithFee,
    prompt_tokens: i.promptTokens,
    completion_tokens: i.completionTokens,
    evaluation: i.evaluation as Evaluation | null,
    feedback: i.feedback,
    feedback_options: feedbackOptionsOf(i.feedbackOptions),
    user: { name: i.userName, email: i.userEmail },
    api_call_id: i.id,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    extra: { ...asObject(parseJson(i.extra, {})), origin: i.origin },
    search: asObject(parseJson(i.search, {})),
    user_prompt: i.userPrompt,
    template_prompt: i.templatePrompt,
  };
}

export function feedbackOptionsOf(text: string | null): string[] | null {
  if (text === null) return null;
  const value = parseJson(text, null);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}

function parseJson(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
