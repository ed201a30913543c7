// Chooses how the threads report's `question` filter runs. When the term
// alone decides a thread, the per-thread index answers. Otherwise, per
// interaction: no index serves a term under three characters; for a
// longer one each database weighs its trigram index against reading the
// period (question-index.ts).
import type { ReportScope } from '../scope';
import type { ThreadFilter } from './filter';
import { questionIndex } from './choose-question-index';

export async function planQuestion(scope: ReportScope, filter: ThreadFilter, offset = 0): Promise<ThreadFilter> {
  const question = filter.question?.toLowerCase() ?? '';
  if (!question) return filter;
  if (threadIndexServes(filter)) {
    const byThread = await questionIndex().planThreads(scope, filter, offset);
    if (byThread) return { ...filter, byThread };
  }
  if ([...question].length < 3) return { ...filter, questionIndex: false };
  return { ...filter, questionIndex: await questionIndex().servesInteractions(scope, filter, question) };
}

/**
 * Whether the per-thread index decides this filter exactly: the database's
 * index can match the term (with the filter's interaction types), and no
 * other interaction filter that the same interaction would have to meet
 * comes along (`feedback=false` is about the whole thread, so it may).
 */
export function threadIndexServes(filter: ThreadFilter): boolean {
  const term = filter.question?.toLowerCase() ?? '';
  return (
    questionIndex().servesThreads(term, filter) &&
    !filter.evaluation?.length &&
    filter.feedback !== true &&
    !filter.datamodelNames?.length &&
    !filter.datamodelIds &&
    !filter.origins?.length
  );
}
