// The Threads sheet's rows, read a batch of threads at a time. Only the
// sheet's columns are selected (no JSON of the retrieval, prompts or extra,
// which the sheet does not show and which cost most of the read), and rows
// come out as plain arrays: nothing of a batch outlives its writing.
import { db, Prisma } from '../../db/client';
import { toDate } from '../../db/raw';
import type { CellValue } from '../xlsx';
import type { ReportScope } from '../scope';
import type { ThreadFilter } from './filter';
import { threadIdBatches } from './read';
import { DISPLAY_TYPE, feedbackOptionsOf, type RawInteraction } from './serialize';
import { matchingSql } from './where';

/** The interaction columns the sheet shows, typed as the API's rows read them. */
type SheetInteraction = Pick<
  RawInteraction,
  | 'conversation_id'
  | 'identifier'
  | 'created_at'
  | 'type'
  | 'question'
  | 'content'
  | 'datamodel_name'
  | 'dataset_name'
  | 'generative_model_name'
  | 'preset_name'
  | 'project_id'
  | 'user_name'
  | 'user_email'
  | 'prompt_tokens'
  | 'completion_tokens'
  | 'total_tokens'
  | 'total_tokens_with_fee'
  | 'evaluation'
  | 'feedback'
  | 'feedback_options'
>;

/**
 * Rows of the first `limit` matching threads in the report's order (newest
 * thread first, its interactions oldest first), only the interactions of
 * the filter's datamodels and types; one array of rows per batch of threads.
 */
export async function* threadSheetRows(scope: ReportScope, filter: ThreadFilter, limit: number, batchSize: number): AsyncGenerator<CellValue[][]> {
  const projects = await db().project.findMany({ where: { organizationId: scope.organizationId }, select: { id: true, name: true } });
  const projectName = new Map(projects.map((p) => [p.id, p.name]));
  for await (const ids of threadIdBatches(scope, filter, limit, batchSize)) {
    const idList = Prisma.join(ids);
    const [conversations, interactions] = await Promise.all([
      db().$queryRaw<{ id: string; identifier: string }[]>`SELECT id, identifier FROM conversations WHERE id IN (${idList})`,
      db().$queryRaw<SheetInteraction[]>`
        SELECT i.conversation_id, i.identifier, i.created_at, i.type, i.question, i.content, i.datamodel_name, i.dataset_name,
          i.generative_model_name, i.preset_name, i.project_id, i.user_name, i.user_email, i.prompt_tokens, i.completion_tokens,
          i.total_tokens, i.total_tokens_with_fee, i.evaluation, i.feedback, i.feedback_options
        FROM interactions i WHERE i.conversation_id IN (${idList}) ${matchingSql(filter)}
        ORDER BY i.created_at, i.id`,
    ]);
    const identifier = new Map(conversations.map((c) => [c.id, c.identifier]));
    const byThread = new Map<string, CellValue[][]>();
    for (const i of interactions) {
      const options = feedbackOptionsOf(i.feedback_options);
      const row: CellValue[] = [
        i.conversation_id,
        identifier.get(i.conversation_id) ?? '',
        i.identifier,
        toDate(i.created_at).toISOString(),
        DISPLAY_TYPE[i.type] ?? i.type,
        i.question,
        i.content,
        i.datamodel_name,
        i.dataset_name,
        i.generative_model_name,
        i.preset_name,
        projectName.get(Number(i.project_id)) ?? '',
        i.user_name,
        i.user_email,
        Number(i.prompt_tokens),
        Number(i.completion_tokens),
        Number(i.total_tokens),
        Number(i.total_tokens_with_fee),
        i.evaluation,
        i.feedback,
        options === null ? null : JSON.stringify(options),
      ];
      const list = byThread.get(i.conversation_id);
      if (list) list.push(row);
      else byThread.set(i.conversation_id, [row]);
    }
    yield ids.flatMap((id) => byThread.get(id) ?? []);
  }
}
