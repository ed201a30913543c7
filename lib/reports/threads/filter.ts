// What the threads report is asked (ThreadFilter) and how planning chose to
// answer its `question` filter (ThreadQuestionPlan). Types only, so every
// part of the report can share them without importing one another.
import type { DayCount } from './page-days';

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
  /** Set by planQuestion: the `question` filter reads the per-thread index (question-index.ts). */
  byThread?: ThreadQuestionPlan;
};

/** Where one project's threads of a period lie in the SQLite index (inclusive rowids). */
export type KeyRange = { low: bigint; high: bigint };

/** The per-thread path's plan; each database fills its own fields and leaves the other's empty. */
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
