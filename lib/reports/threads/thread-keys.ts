// SQLite's per-thread index (migration 20261123160000_thread_questions):
// thread_question_fts, whose rowid is the thread's key: project, then UTC
// day of the thread's start, so a project's threads of a period are one
// rowid range. Its columns are the interaction types' (search, stream,
// deepsearch, other).
import { db, Prisma } from '../../db/client';
import { dayNumber, dayOfNumber } from '../periods';
import type { KeyRange, ThreadQuestionPlan } from './filter';
import { mergeDays, type DayCount } from './page-days';

// Key layout, kept in step with the migration's triggers.
const PROJECT_SHIFT = 40n;
const DAY_SHIFT = 23n;
const MAX_PROJECT_ID = 2 ** 23 - 1;
/** The day bits of a key. */
const DAY_MASK = 2 ** Number(PROJECT_SHIFT - DAY_SHIFT) - 1;

/** The index's column of each interaction type (the migration's; other types share `other`). */
export const TYPE_COLUMNS = new Set(['search', 'stream', 'deepsearch']);

/** FTS5 query: the term as a phrase, within the columns of `types` when given. */
export function ftsQuery(term: string, types: readonly string[] | undefined): string {
  const columns = (types ?? []).filter((type) => TYPE_COLUMNS.has(type));
  return columns.length ? `{${columns.join(' ')}} : ${phraseQuery(term)}` : phraseQuery(term);
}

/** FTS5 phrase of the term: its trigrams in a row, i.e. the exact substring; quotes doubled so every character is literal. */
export const phraseQuery = (term: string) => `"${term.replace(/"/g, '""')}"`;

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

export async function countInIndex(match: string, ranges: KeyRange[]): Promise<number> {
  if (ranges.length === 0) return 0;
  const counts = ranges.map(
    (r) => Prisma.sql`(SELECT COUNT(*) FROM thread_question_fts WHERE thread_question_fts MATCH ${match} AND rowid BETWEEN ${r.low} AND ${r.high})`,
  );
  const [row] = await db().$queryRaw<{ n: number | bigint }[]>`SELECT ${Prisma.join(counts, ' + ')} AS n`;
  return Number(row?.n ?? 0);
}

/** Matching threads per UTC day, newest first: the day is the key's middle bits. */
export async function daysInIndex(match: string, ranges: KeyRange[]): Promise<DayCount[]> {
  const lists = await Promise.all(
    ranges.map(
      (r) =>
        db().$queryRaw<{ d: number | bigint; n: number | bigint }[]>`
        SELECT (rowid >> ${Number(DAY_SHIFT)}) & ${DAY_MASK} AS d, COUNT(*) AS n FROM thread_question_fts
        WHERE thread_question_fts MATCH ${match} AND rowid BETWEEN ${r.low} AND ${r.high} GROUP BY d`,
    ),
  );
  return mergeDays(lists.map((rows) => rows.map((r) => ({ day: dayOfNumber(Number(r.d)), n: Number(r.n) }))));
}

/** Rowids of the matching threads of every range. */
export function matchingKeys(plan: ThreadQuestionPlan): Prisma.Sql {
  if (plan.ranges.length === 0) return Prisma.sql`SELECT NULL WHERE 0`;
  const parts = plan.ranges.map(
    (r) => Prisma.sql`SELECT rowid FROM thread_question_fts WHERE thread_question_fts MATCH ${plan.match} AND rowid BETWEEN ${r.low} AND ${r.high}`,
  );
  return Prisma.join(parts, ' UNION ALL ');
}
