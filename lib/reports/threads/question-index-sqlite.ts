// SQLite's `question` filter. Per thread: an FTS5 trigram index with
// positions (an exact, case-insensitive substring match from the index
// alone) whose rowid orders entries by project, then UTC day of the
// thread's start (thread-keys.ts); terms of three characters or more
// without a newline (the separator of a thread's questions). Per
// interaction: an FTS5 trigram index without positions beside a LIKE.
import { db, Prisma } from '../../db/client';
import { addDays, lengthInDays, today } from '../periods';
import { scopeSql, type ReportScope } from '../scope';
import type { ThreadFilter, ThreadQuestionPlan } from './filter';
import type { QuestionIndex } from './question-index';
import { DEEP_PAGE, daysHolding, totalOf } from './page-days';
import { threadsInPeriodSql } from './period';
import { TYPE_COLUMNS, countInIndex, daysInIndex, ftsQuery, keyRange, matchingKeys } from './thread-keys';

/** Matches this many threads or fewer: read them through the index and sort; more: walk the newest days' threads in page order. */
const LIST_DRIVEN_MATCHES = 1000;
/** Each window of days a common term's page is looked for in is this many times the last. */
const WINDOW_GROWTH = 4;
/** Candidates of the per-interaction trigram index that cost as much as this many rows of the period read in order (measured: a random row read ≈ 4 sequential ones). */
const RANDOM_READ_COST = 4;

function servesThreads(term: string, filter: ThreadFilter): boolean {
  if ([...term].length < 3 || term.includes('\n')) return false;
  return filter.interactionTypes?.length ? filter.interactionTypes.every((type) => TYPE_COLUMNS.has(type)) : true;
}

/** Null where a thread of the scope has no key (see the migration). */
async function planThreads(scope: ReportScope, filter: ThreadFilter, offset: number): Promise<ThreadQuestionPlan | null> {
  const term = (filter.question ?? '').toLowerCase();
  const match = ftsQuery(term, filter.interactionTypes);
  const [missing] = await db().$queryRaw<{ n: number | bigint }[]>`
    SELECT COUNT(*) AS n FROM (SELECT 1 FROM conversations WHERE ${scopeSql(scope)} AND question_key IS NULL LIMIT 1)`;
  if (Number(missing?.n ?? 0) > 0) return null;
  const projectIds =
    scope.projectId !== null
      ? [scope.projectId]
      : (await db().project.findMany({ where: { organizationId: scope.organizationId }, select: { id: true } })).map((p) => p.id);
  const ranges = projectIds.flatMap((id) => keyRange(id, filter.start, filter.end) ?? []);
  // A deep page is found by day (page-days.ts); `feedback=false` is not in the index, so not counted here.
  const days = filter.feedback !== false && offset >= DEEP_PAGE ? await daysInIndex(match, ranges) : null;
  const count = filter.feedback === false ? null : days ? totalOf(days) : await countInIndex(match, ranges);
  return { term, match, projectIds, ranges, count: count === null ? null : Promise.resolve(count), wordKeys: null, days };
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

async function countThreads(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan): Promise<number> {
  const rows = await db().$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS n FROM conversations c WHERE ${sqliteWhere(scope, filter, plan, true)}`;
  return Number(rows[0]?.n ?? 0);
}

async function threadIds(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan, limit: number, offset: number): Promise<string[]> {
  return (await sqlitePage(scope, filter, plan, limit, offset)).map((r) => r.id);
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

/**
 * The planner cannot see inside FTS5, so the number of candidates (cheap:
 * FTS5 counts rowids) is weighed against the period's interactions (from
 * the daily roll-up): a common word over one month reads the month, the
 * same word over a year, or a rare one, reads the index.
 */
async function servesInteractions(scope: ReportScope, filter: ThreadFilter, term: string): Promise<boolean> {
  const [candidates] = await db().$queryRaw<
    { n: number | bigint }[]
  >`SELECT COUNT(*) AS n FROM interaction_question_fts WHERE interaction_question_fts MATCH ${trigramQuery(term)}`;
  const [period] = await db().$queryRaw<
    { n: number | bigint | null }[]
  >`SELECT SUM(requests) AS n FROM usage_daily WHERE ${scopeSql(scope)} AND day >= ${filter.start}`;
  return Number(candidates?.n ?? 0) * RANDOM_READ_COST <= Number(period?.n ?? 0);
}

/**
 * The FTS5 query for the per-interaction trigram index (detail=none keeps
 * rowids only, so no phrases): every distinct trigram of the term, each
 * quoted so any character is literal. A superset of the rows containing
 * the term; the LIKE beside it keeps the result exact.
 */
export function trigramQuery(term: string): string {
  const chars = [...term];
  const grams = new Set<string>();
  for (let k = 0; k + 3 <= chars.length; k++) grams.add(chars.slice(k, k + 3).join(''));
  return [...grams].map((g) => `"${g.replace(/"/g, '""')}"`).join(' AND ');
}

export const sqliteQuestionIndex: QuestionIndex = {
  servesThreads,
  planThreads,
  countThreads,
  threadIds,
  servesInteractions,
  interactionCandidates: (term) => [
    Prisma.sql`i.id IN (SELECT rowid FROM interaction_question_fts WHERE interaction_question_fts MATCH ${trigramQuery(term)})`,
  ],
  substring: (term) => Prisma.sql`INSTR(LOWER(i.question), ${term}) > 0`,
};
