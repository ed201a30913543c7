// The threads report's `question` filter read from one index entry per
// thread (migration 20261123160000_thread_questions) instead of one per
// interaction: counting the threads of a year whose questions hold a common
// word then reads about a hundred thousand short entries, not as many wide
// interaction rows.
//
// It serves the filter when the term alone decides whether a thread
// matches: no other interaction filter that the same interaction would have
// to meet (`feedback=false` is about the whole thread, so it may come along,
// and `interaction_types` where the index keeps the type: SQLite, and
// PostgreSQL's word index). Otherwise the per-interaction path of threads.ts runs.
//
// SQLite: an FTS5 trigram index with positions (an exact, case-insensitive
// substring match from the index alone) whose rowid orders entries by
// project, then UTC day of the thread's start; a project's threads of a
// period are one rowid range. Terms of three characters or more without a
// newline (the separator of a thread's questions).
// PostgreSQL: a term without whitespace through the word index
// (thread-words.ts); a phrase of three characters or more through a narrow
// table of each thread's lower-cased questions with a pg_trgm index.
import { db, isPostgres, Prisma } from '../db/client';
import { containsPattern } from '../db/like';
import { addDays, dayNumber, dayOfNumber, lengthInDays, today } from './periods';
import { perThreadFrom, scopeSql, threadsInPeriodSql, type ReportScope } from './scope';
import type { ThreadFilter } from './threads';
import { countByWords, countByWordsPerDay, pageByWords, wordKeysOf, wordsCanMatch } from './thread-words';
import { DEEP_PAGE, daysHolding, mergeDays, totalOf, type DayCount } from './page-days';

/** Where one project's threads of a period lie in the SQLite index (inclusive rowids). */
export type KeyRange = { low: bigint; high: bigint };

export type ThreadQuestionPlan = {
  /** The term, lower-cased. */
  term: string;
  /** SQLite: the FTS5 query (the term, within the columns of the filter's interaction types). */
  match: string;
  /** SQLite: the projects of the scope, and a range of each for the period. */
  projectIds: number[];
  ranges: KeyRange[];
  /**
   * Matching threads, counted from planning on (SQLite: when the term is the
   * only condition; PostgreSQL: by words), so that the page can be read
   * while the count runs (thread-words.ts). Never rejects unhandled.
   */
  count: Promise<number> | null;
  /** PostgreSQL: the word keys of the matching threads (thread-words.ts); null: the term is matched in thread_questions' text. */
  wordKeys: number[] | null;
  /** A deep page (offset ≥ DEEP_PAGE): matching threads per UTC day, newest first. */
  days: DayCount[] | null;
};

// Key layout, kept in step with the migration's triggers.
const PROJECT_SHIFT = 40n;
const DAY_SHIFT = 23n;
const MAX_PROJECT_ID = 2 ** 23 - 1;
/** The day bits of a key. */
const DAY_MASK = 2 ** Number(PROJECT_SHIFT - DAY_SHIFT) - 1;

/** Matches this many threads or fewer: read them through the index and sort; more: walk the newest days' threads in page order. */
const LIST_DRIVEN_MATCHES = 1000;
/** Each window of days a common term's page is looked for in is this many times the last. */
const WINDOW_GROWTH = 4;

/** Whether the per-thread index decides this filter exactly (see the header). */
export function threadIndexServes(filter: ThreadFilter): boolean {
  const term = filter.question?.toLowerCase() ?? '';
  const byWords = isPostgres() && wordsCanMatch(term);
  const byText = [...term].length >= 3 && !term.includes('\n');
  if (!byWords && !byText) return false;
  const types = filter.interactionTypes?.length ? (isPostgres() ? byWords : filter.interactionTypes.every((type) => TYPE_COLUMNS.has(type))) : true;
  return types && !filter.evaluation?.length && filter.feedback !== true && !filter.datamodelNames?.length && !filter.datamodelIds && !filter.origins?.length;
}

/** The index's column of each interaction type (the migration's; other types share `other`). */
const TYPE_COLUMNS = new Set(['search', 'stream', 'deepsearch']);

/** FTS5 query: the term as a phrase, within the columns of `types` when given. */
export function ftsQuery(term: string, types: readonly string[] | undefined): string {
  const columns = (types ?? []).filter((type) => TYPE_COLUMNS.has(type));
  return columns.length ? `{${columns.join(' ')}} : ${phraseQuery(term)}` : phraseQuery(term);
}

/**
 * The plan of the per-thread path for this scope, or null where no
 * per-thread index can answer (SQLite: a thread of the scope without a key,
 * see the migration; PostgreSQL: see below). `offset` is the page's: a deep
 * page is found by day (page-days.ts).
 */
export async function planThreadQuestion(scope: ReportScope, filter: ThreadFilter, offset = 0): Promise<ThreadQuestionPlan | null> {
  const term = (filter.question ?? '').toLowerCase();
  const match = ftsQuery(term, filter.interactionTypes);
  if (isPostgres()) {
    const wordKeys = wordsCanMatch(term) ? await wordKeysOf(scope, term, filter.interactionTypes) : null;
    // Without the word index, thread_questions' text serves a term of three characters or more and no type.
    if (wordKeys === null) {
      return filter.interactionTypes?.length || [...term].length < 3 ? null : { term, match, projectIds: [], ranges: [], count: null, wordKeys, days: null };
    }
    // A deep page needs its days before it is read; otherwise the count runs beside the page (pageByWords).
    const days = offset >= DEEP_PAGE ? await countByWordsPerDay(scope, filter, wordKeys) : null;
    const count = days ? Promise.resolve(totalOf(days)) : started(countByWords(scope, filter, wordKeys));
    return { term, match, projectIds: [], ranges: [], count, wordKeys, days };
  }
  const [missing] = await db().$queryRaw<{ n: number | bigint }[]>`
    SELECT COUNT(*) AS n FROM (SELECT 1 FROM conversations WHERE ${scopeSql(scope)} AND question_key IS NULL LIMIT 1)`;
  if (Number(missing?.n ?? 0) > 0) return null;
  const projectIds = scope.projectId !== null ? [scope.projectId] : (await db().project.findMany({ where: { organizationId: scope.organizationId }, select: { id: true } })).map((p) => p.id);
  const ranges = projectIds.flatMap((id) => keyRange(id, filter.start, filter.end) ?? []);
  // A deep page is found by day (page-days.ts); `feedback=false` is not in the index, so not counted here.
  const days = filter.feedback !== false && offset >= DEEP_PAGE ? await daysInIndex(match, ranges) : null;
  const count = filter.feedback === false ? null : days ? totalOf(days) : await countInIndex(match, ranges);
  return { term, match, projectIds, ranges, count: count === null ? null : Promise.resolve(count), wordKeys: null, days };
}

/**
 * A query left running while other work goes on: marked handled at once,
 * so a failure before anyone awaits it cannot end the process; whoever
 * awaits it still gets the error.
 */
function started<T>(query: Promise<T>): Promise<T> {
  query.catch(() => undefined);
  return query;
}

/** The inclusive rowids of one project's threads started from `start` through `end`. */
export function keyRange(projectId: number, start: string, end: string | null): KeyRange | null {
  if (!Number.isInteger(projectId) || projectId < 0 || projectId > MAX_PROJECT_ID) return null;
  const base = BigInt(projectId) << PROJECT_SHIFT;
  const last = base + (1n << PROJECT_SHIFT) - 1n;
  // A day before the epoch would reach into the previous project's keys.
  const low = base + (BigInt(Math.max(0, dayNumber(start))) << DAY_SHIFT);
  const high = end === null ? last : base + (BigInt(dayNumber(end) + 1) << DAY_SHIFT) - 1n;
  const clamped = { low, high: high < last ? high : last };
  return clamped.low <= clamped.high ? clamped : null;
}

/** FTS5 phrase of the term: its trigrams in a row, i.e. the exact substring; quotes doubled so every character is literal. */
export const phraseQuery = (term: string) => `"${term.replace(/"/g, '""')}"`;

async function countInIndex(match: string, ranges: KeyRange[]): Promise<number> {
  if (ranges.length === 0) return 0;
  const counts = ranges.map((r) => Prisma.sql`(SELECT COUNT(*) FROM thread_question_fts WHERE thread_question_fts MATCH ${match} AND rowid BETWEEN ${r.low} AND ${r.high})`);
  const [row] = await db().$queryRaw<{ n: number | bigint }[]>`SELECT ${Prisma.join(counts, ' + ')} AS n`;
  return Number(row?.n ?? 0);
}

/** Matching threads per UTC day, newest first: the day is the key's middle bits (SQLite). */
async function daysInIndex(match: string, ranges: KeyRange[]): Promise<DayCount[]> {
  const lists = await Promise.all(
    ranges.map((r) =>
      db().$queryRaw<{ d: number | bigint; n: number | bigint }[]>`
        SELECT (rowid >> ${Number(DAY_SHIFT)}) & ${DAY_MASK} AS d, COUNT(*) AS n FROM thread_question_fts
        WHERE thread_question_fts MATCH ${match} AND rowid BETWEEN ${r.low} AND ${r.high} GROUP BY d`,
    ),
  );
  return mergeDays(lists.map((rows) => rows.map((r) => ({ day: dayOfNumber(Number(r.d)), n: Number(r.n) }))));
}

/** Rowids of the matching threads of every range (SQLite). */
function matchingKeys(plan: ThreadQuestionPlan): Prisma.Sql {
  if (plan.ranges.length === 0) return Prisma.sql`SELECT NULL WHERE 0`;
  const parts = plan.ranges.map((r) => Prisma.sql`SELECT rowid FROM thread_question_fts WHERE thread_question_fts MATCH ${plan.match} AND rowid BETWEEN ${r.low} AND ${r.high}`);
  return Prisma.join(parts, ' UNION ALL ');
}

function sqliteWhere(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan, walk: boolean): Prisma.Sql {
  const where = threadsInPeriodSql(scope, filter, 'c');
  if (filter.feedback === false) where.push(Prisma.sql`c.has_feedback = 0`);
  // `+` keeps SQLite from driving the query from the key list: it then walks
  // the period's threads in page order and tests each against the list, built
  // once, which stops after one page when matches are common.
  where.push(walk ? Prisma.sql`+c.question_key IN (${matchingKeys(plan)})` : Prisma.sql`c.question_key IN (${matchingKeys(plan)})`);
  return Prisma.join(where, ' AND ');
}

function postgresFrom(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan): Prisma.Sql {
  return perThreadFrom('thread_questions', scope, filter, Prisma.sql`t.questions LIKE ${containsPattern(plan.term)} ESCAPE '\\'`);
}

export async function countThreadsByQuestion(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan): Promise<number> {
  if (plan.count !== null) return plan.count;
  const rows = isPostgres()
    ? await db().$queryRaw<{ n: number | bigint | string }[]>`SELECT COUNT(*) AS n ${postgresFrom(scope, filter, plan)}`
    : await db().$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS n FROM conversations c WHERE ${sqliteWhere(scope, filter, plan, true)}`;
  return Number(rows[0]?.n ?? 0);
}

/** Ids of one page of matching threads, newest first (ties by id), as the per-interaction path orders them. */
export async function threadIdsByQuestion(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan, limit: number, offset: number): Promise<string[]> {
  const rows = plan.wordKeys
    ? await pageByWords(scope, filter, plan, limit, offset)
    : isPostgres()
    ? await db().$queryRaw<{ id: string }[]>`
        SELECT t.conversation_id AS id ${postgresFrom(scope, filter, plan)}
        ORDER BY t.created_at DESC, t.conversation_id DESC LIMIT ${limit} OFFSET ${offset}`
    : await sqlitePage(scope, filter, plan, limit, offset);
  return rows.map((r) => r.id);
}

/**
 * A page of a common term without reading all of its matches: windows of
 * the newest days (back from the period's end or today, first sized from
 * the count, then four times wider each time), each counted on the index,
 * until one holds `offset + limit` matches; the page
 * then comes from that window alone, in page order. A deep page (offset of
 * DEEP_PAGE or more) reads just the days holding it, from the per-day counts
 * made while planning. A rare term (or one with `feedback=false`, which the
 * index cannot count) reads all matches.
 */
async function sqlitePage(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan, limit: number, offset: number): Promise<{ id: string }[]> {
  const page = (window: ThreadFilter, windowPlan: ThreadQuestionPlan, walk: boolean, skip = offset) => db().$queryRaw<{ id: string }[]>`
    SELECT c.id FROM conversations c WHERE ${sqliteWhere(scope, window, windowPlan, walk)}
    ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${skip}`;
  const count = plan.count === null ? null : await plan.count;
  if (count === null || count <= LIST_DRIVEN_MATCHES) return page(filter, plan, count === null);
  if (plan.days) {
    const days = daysHolding(plan.days, offset, limit);
    if (!days) return [];
    const ranges = plan.projectIds.flatMap((id) => keyRange(id, days.first, days.last) ?? []);
    return page({ ...filter, start: days.first, end: days.last }, { ...plan, ranges }, true, offset - days.newer);
  }
  const last = filter.end ?? today();
  // The first window assumes matches spread evenly over the period, with a
  // margin: a deep page then costs about one count and one read of its window.
  const periodDays = Math.max(1, lengthInDays({ start: filter.start, end: last }));
  const firstSpan = Math.max(1, Math.ceil(((offset + limit) / count) * periodDays * 1.25));
  for (let span = firstSpan; ; span *= WINDOW_GROWTH) {
    const from = addDays(last, 1 - span);
    if (from <= filter.start) return page(filter, plan, true);
    const ranges = plan.projectIds.flatMap((id) => keyRange(id, from, filter.end) ?? []);
    const windowPlan = { ...plan, ranges };
    if ((await countInIndex(plan.match, ranges)) >= offset + limit) return page({ ...filter, start: from }, windowPlan, true);
  }
}

