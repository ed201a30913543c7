// GET /api/v1/threads: conversation threads with every interaction.
// A thread is dated by its start (the conversation's created_at). The other
// filters are on interactions: a thread matches when one of its interactions
// matches all of them; `feedback=false` means no interaction of the thread
// has feedback. Matching threads come back whole, newest first.
import type { ThreadsPage, ThreadsQuery } from '../contract';
import { THREADS_DEFAULT_LIMIT } from '../contract';
import { MIN_DATE, resolveRange } from '../periods';
import type { ReportScope } from '../scope';
import type { ThreadFilter } from './filter';
import { planQuestion } from './planner';
import { countThreads, readThreads } from './read';

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
