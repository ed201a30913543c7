// The threads report's `question` filter, one implementation per database
// (as search's LexicalIndex). Two paths answer it:
// - per thread (migration 20261123160000_thread_questions): one index entry
//   per thread instead of one per interaction, so counting the threads of a
//   year whose questions hold a common word reads about a hundred thousand
//   short entries, not as many wide interaction rows. It serves the filter
//   when the term alone decides whether a thread matches (servesThreads);
// - per interaction (where.ts): a trigram index over interactions' questions,
//   or a plain substring test where no index pays.
import type { Prisma } from '../../db/client';
import type { ReportScope } from '../scope';
import type { ThreadFilter, ThreadQuestionPlan } from './filter';

export type QuestionIndex = {
  /** Whether this database's per-thread index can decide the (lower-cased) term, with the filter's interaction types. */
  servesThreads(term: string, filter: ThreadFilter): boolean;
  /**
   * The plan of the per-thread path for this scope, or null where the index
   * cannot answer it. `offset` is the page's: a deep page is found by day
   * (page-days.ts).
   */
  planThreads(scope: ReportScope, filter: ThreadFilter, offset: number): Promise<ThreadQuestionPlan | null>;
  /** Matching threads, when planning did not count them already. */
  countThreads(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan): Promise<number>;
  /** Ids of one page of matching threads, newest first (ties by id), as the per-interaction path orders them. */
  threadIds(scope: ReportScope, filter: ThreadFilter, plan: ThreadQuestionPlan, limit: number, offset: number): Promise<string[]>;
  /** Per interaction: whether the trigram index should serve a term of three characters or more over the filter's period. */
  servesInteractions(scope: ReportScope, filter: ThreadFilter, term: string): Promise<boolean>;
  /** Per interaction, with the index: conditions on `i` that narrow to rows the index finds (none where the LIKE itself uses it). */
  interactionCandidates(term: string): Prisma.Sql[];
  /** Per interaction, without the index: a plain substring test on `i.question` that no trigram index claims. */
  substring(term: string): Prisma.Sql;
};
