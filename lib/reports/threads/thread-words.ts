// PostgreSQL: the threads report's `question` filter by words (migration
// 20261123180000_thread_words). A term without whitespace occurs in a
// question exactly when it occurs in one of the question's words, so the
// organisation's vocabulary is searched for the term (pg_trgm over short
// words), and the threads holding any of the words found are read from a
// GIN index on each thread's word keys: no thread's text is rechecked.
// Keys carry the interaction type, so `interaction_types` comes along.
import { db, Prisma } from '../../db/client';
import { containsPattern } from '../../db/like';
import { scopeSql, type ReportScope } from '../scope';
import { daysHolding, type DayCount } from './page-days';
import { perThreadFrom } from './period';

/** The migration splits questions on these six ASCII characters only. */
const WORD_SEPARATOR = /[ \t\n\r\f\v]/;
/** A term of at most this many characters lies within one stored piece of a long word (the migration keeps 400-character pieces every 200). */
const LONGEST_TERM = 200;
/** A term found in more words than this (say "e") reads the thread text instead: thousands of keys cost more than they save. */
const MOST_WORDS = 2000;

const TYPE_CODES: Record<string, number> = { search: 0, stream: 1, deepsearch: 2 };
const OTHER_TYPE_CODE = 3;
const ALL_CODES = [0, 1, 2, OTHER_TYPE_CODE];

/** Whether the word index can decide this (lower-cased) term. */
export function wordsCanMatch(term: string): boolean {
  const length = [...term].length;
  return length >= 1 && length <= LONGEST_TERM && !WORD_SEPARATOR.test(term);
}

/**
 * The word keys whose threads match the term (within questions of `types`
 * when given), or null where the index cannot answer this scope: a thread
 * of it not indexed (see the migration), or a term in too many words.
 */
export async function wordKeysOf(scope: ReportScope, term: string, types: readonly string[] | undefined): Promise<number[] | null> {
  // One round trip: whether a thread of the scope lacks keys, and the words holding the term.
  const [found] = await db().$queryRaw<{ unindexed: boolean; ids: number[] }[]>`
    SELECT EXISTS (SELECT 1 FROM thread_words WHERE ${scopeSql(scope)} AND words IS NULL) AS unindexed,
      ARRAY(SELECT id FROM question_words
            WHERE organization_id = ${scope.organizationId} AND word LIKE ${containsPattern(term)} ESCAPE '\\'
            LIMIT ${MOST_WORDS + 1}) AS ids`;
  if (!found || found.unindexed || found.ids.length > MOST_WORDS) return null;
  const codes = types?.length ? [...new Set(types.map((type) => TYPE_CODES[type] ?? OTHER_TYPE_CODE))] : ALL_CODES;
  return found.ids.flatMap((id) => codes.map((code) => Number(id) * 4 + code));
}

type Period = { start: string; end: string | null; feedback?: boolean };

/** FROM … WHERE of the matching threads of the period, as `t` (with `c`, the conversation, when `feedback=false`). */
export function wordsFrom(scope: ReportScope, period: Period, keys: number[]): Prisma.Sql {
  return perThreadFrom('thread_words', scope, period, Prisma.sql`t.words && ${keyArray(keys)}::int[]`);
}

/** The keys as one array parameter (a literal: one bind value however many keys). */
const keyArray = (keys: number[]) => `{${keys.join(',')}}`;

/**
 * Counts the matching threads through the GIN index. The planner prices
 * `&&` as one operator whatever the arrays' length, so for a word in most
 * threads it would read every row and compare arrays (a word in every
 * thread of a year, 200,000 threads: 96–129 ms measured) rather than take
 * the index's bitmap, which needs no comparison (48–57 ms); sequential
 * scans are therefore off for this one statement. So are parallel workers:
 * on two cores, starting them and gathering their counts doubled the time
 * (100–140 ms against 48–50 for a word in all 200,000 threads).
 */
export async function countByWords(scope: ReportScope, period: Period, keys: number[]): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await throughWordIndex<{ n: number | bigint | string }>(Prisma.sql`SELECT COUNT(*) AS n ${wordsFrom(scope, period, keys)}`);
  return Number(rows[0]?.n ?? 0);
}

/** Runs one query in a transaction of its own with sequential scans and parallel workers off (see countByWords). */
async function throughWordIndex<Row>(query: Prisma.Sql): Promise<Row[]> {
  // set_config(…, true) is SET LOCAL: both settings in one round trip, undone at commit.
  const settings = db().$queryRaw`SELECT set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`;
  const [, rows] = await db().$transaction([settings, db().$queryRaw<Row[]>(query)]);
  return rows;
}

/**
 * The matching threads per UTC day of their start, newest first (the same
 * plan as countByWords). The `OFFSET 0` subquery hides the day expression
 * from the planner, which otherwise expects one group per thread and sorts
 * 100,000 rows on disk (250 ms) instead of hashing 365 days (60 ms).
 */
export async function countByWordsPerDay(scope: ReportScope, period: Period, keys: number[]): Promise<DayCount[]> {
  if (keys.length === 0) return [];
  const rows = await throughWordIndex<{ day: string; n: number | bigint | string }>(Prisma.sql`
    SELECT to_char(m.day, 'YYYY-MM-DD') AS day, COUNT(*) AS n
    FROM (SELECT date_trunc('day', t.created_at) AS day ${wordsFrom(scope, period, keys)} OFFSET 0) AS m
    GROUP BY m.day ORDER BY m.day DESC`);
  return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}

/** Matches up to this many are read through the index and sorted; more: the period is walked in page order. */
const SORTED_MATCHES = 1000;
/** While the count runs, a page is first looked for among this many newest threads of the period… */
const NEWEST_THREADS = 2000;
/** …when it ends within this many matches (found there when one thread in four or more matches). */
const NEWEST_PAGE_END = 500;

type WordsPlan = { wordKeys: number[] | null; count: Promise<number> | null; days: DayCount[] | null };

/**
 * One page of matching thread ids, newest first (ties by id). A common
 * term's first pages lie among the period's newest threads: they are read
 * there while the count runs (threadsReport asks for both at once), which
 * is exact whenever that slice holds the whole page. Otherwise the count
 * chooses the way: the planner cannot tell a rare word from a common one
 * (the keys of a word outside its sampled statistics look alike), and
 * walking the period for one match in a year read every thread (0.4–0.6 s).
 * A deep page walks only the days that hold it, found from the daily
 * counts: 50,000 matches deep, the walk was 100,000 threads long.
 */
export async function pageByWords(
  scope: ReportScope,
  period: Period,
  plan: WordsPlan,
  limit: number,
  offset: number,
  newestThreads = NEWEST_THREADS,
): Promise<{ id: string }[]> {
  const keys = plan.wordKeys ?? [];
  if (keys.length === 0) return [];
  if (!plan.days && offset + limit <= NEWEST_PAGE_END) {
    const newest = await pageAmongNewest(scope, period, keys, limit, offset, newestThreads);
    if (newest.length === limit) return newest;
  }
  const count = await (plan.count ?? countByWords(scope, period, keys));
  if (count <= SORTED_MATCHES) {
    return db().$queryRaw<{ id: string }[]>`
      WITH matches AS MATERIALIZED (SELECT t.conversation_id, t.created_at ${wordsFrom(scope, period, keys)})
      SELECT conversation_id AS id FROM matches ORDER BY created_at DESC, conversation_id DESC LIMIT ${limit} OFFSET ${offset}`;
  }
  const window = plan.days ? daysHolding(plan.days, offset, limit) : null;
  if (plan.days && !window) return [];
  const walked = window ? { ...period, start: window.first, end: window.last } : period;
  return db().$queryRaw<{ id: string }[]>`
    SELECT t.conversation_id AS id ${wordsFrom(scope, walked, keys)}
    ORDER BY t.created_at DESC, t.conversation_id DESC LIMIT ${limit} OFFSET ${window ? offset - window.newer : offset}`;
}

/**
 * The page among the period's `threads` newest threads: the page itself
 * when it comes back full (every match outside the slice is older than
 * every match in it), else fewer rows. 0.1 ms for a common word, 3–4 ms to
 * find none in 2,000 threads.
 */
function pageAmongNewest(scope: ReportScope, period: Period, keys: number[], limit: number, offset: number, threads: number): Promise<{ id: string }[]> {
  return db().$queryRaw<{ id: string }[]>`
    SELECT n.conversation_id AS id
    FROM (SELECT t.conversation_id, t.created_at, t.words ${perThreadFrom('thread_words', scope, period, Prisma.sql`TRUE`)}
          ORDER BY t.created_at DESC, t.conversation_id DESC LIMIT ${threads}) AS n
    WHERE n.words && ${keyArray(keys)}::int[]
    ORDER BY n.created_at DESC, n.conversation_id DESC LIMIT ${limit} OFFSET ${offset}`;
}
