// PostgreSQL's `question` filter. Per thread: a term without whitespace
// through the word index (thread-words.ts, which keeps the interaction
// type, so `interaction_types` comes along); a phrase of three characters
// or more through a narrow table of each thread's lower-cased questions
// with a pg_trgm index. Per interaction: pg_trgm on lower(question), which
// the planner itself weighs against the day index.
import { db, Prisma } from '../../db/client';
import { containsPattern } from '../../db/like';
import type { ReportScope } from '../scope';
import type { ThreadFilter, ThreadQuestionPlan } from './filter';
import type { QuestionIndex } from './question-index';
import { DEEP_PAGE, totalOf } from './page-days';
import { perThreadFrom } from './period';
import { countByWords, countByWordsPerDay, pageByWords, wordKeysOf, wordsCanMatch } from './thread-words';

function servesThreads(term: string, filter: ThreadFilter): boolean {
  const byWords = wordsCanMatch(term);
  const byText = [...term].length >= 3 && !term.includes('\n');
  if (!byWords && !byText) return false;
  return filter.interactionTypes?.length ? byWords : true;
}

/** Null where neither the word index nor thread_questions can answer (see below). */
async function planThreads(scope: ReportScope, filter: ThreadFilter, offset: number): Promise<ThreadQuestionPlan | null> {
  const term = (filter.question ?? '').toLowerCase();
  const wordKeys = wordsCanMatch(term) ? await wordKeysOf(scope, term, filter.interactionTypes) : null;
  // Without the word index, thread_questions' text serves a term of three characters or more and no type.
  if (wordKeys === null) {
    return filter.interactionTypes?.length || [...term].length < 3 ? null : { term, match: '', projectIds: [], ranges: [], count: null, wordKeys, days: null };
  }
  // A deep page needs its days before it is read; otherwise the count runs beside the page (pageByWords).
  const days = offset >= DEEP_PAGE ? await countByWordsPerDay(scope, filter, wordKeys) : null;
  const count = days ? Promise.resolve(totalOf(days)) : started(countByWords(scope, filter, wordKeys));
  return { term, match: '', projectIds: [], ranges: [], count, wordKeys, days };
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

function postgresFrom(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan): Prisma.Sql {
  return perThreadFrom('thread_questions', scope, filter, Prisma.sql`t.questions LIKE ${containsPattern(plan.term)} ESCAPE '\\'`);
}

async function countThreads(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan): Promise<number> {
  const rows = await db().$queryRaw<{ n: number | bigint | string }[]>`SELECT COUNT(*) AS n ${postgresFrom(scope, filter, plan)}`;
  return Number(rows[0]?.n ?? 0);
}

async function threadIds(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan, limit: number, offset: number): Promise<string[]> {
  const rows = plan.wordKeys
    ? await pageByWords(scope, filter, plan, limit, offset)
    : await db().$queryRaw<{ id: string }[]>`
        SELECT t.conversation_id AS id ${postgresFrom(scope, filter, plan)}
        ORDER BY t.created_at DESC, t.conversation_id DESC LIMIT ${limit} OFFSET ${offset}`;
  return rows.map((r) => r.id);
}

export const postgresQuestionIndex: QuestionIndex = {
  servesThreads,
  planThreads,
  countThreads,
  threadIds,
  // The planner weighs pg_trgm against the day index itself.
  servesInteractions: async () => true,
  // The LIKE on lower(question) reads pg_trgm by itself.
  interactionCandidates: () => [],
  substring: (term) => Prisma.sql`STRPOS(LOWER(i.question), ${term}) > 0`,
};
