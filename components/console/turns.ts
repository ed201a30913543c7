// Turning stored conversation turns into the console's turns.
import type { ConversationItem, ConversationTurn } from '@/lib/console/conversations';
import { type Evaluation, type Target, type Turn } from './types';

const EVALUATIONS: readonly string[] = ['positive', 'neutral', 'negative'];

export function targetOfTurn(turn: ConversationTurn): Target | null {
  if (turn.dataset_id === null) return null;
  if (turn.datamodel_id !== null) return { kind: 'datamodel', datamodelId: turn.datamodel_id, datamodelName: turn.datamodel, datasetId: turn.dataset_id };
  return { kind: 'dataset', datasetId: turn.dataset_id, datasetName: turn.dataset, preset: turn.preset || null };
}

export function turnsOfThread(thread: ConversationItem): Turn[] {
  return thread.turns.map((t) => ({
    key: t.identifier,
    question: t.question,
    answer: t.answer,
    sources: t.sources,
    ...(t.searched_for ? { searchedFor: t.searched_for } : {}),
    status: 'done',
    identifier: t.identifier,
    totalTokens: t.total_tokens,
    target: targetOfTurn(t),
    rating:
      t.evaluation && EVALUATIONS.includes(t.evaluation)
        ? { evaluation: t.evaluation as Evaluation, feedback: t.feedback, reasons: t.feedback_options ?? [] }
        : null,
  }));
}

/** The search body for a question asked against a target. */
export function searchBody(question: string, target: Target, conversation: string | null) {
  const ask =
    target.kind === 'datamodel'
      ? { model: target.datamodelName }
      : { dataset: target.datasetName, ...(target.preset ? { generational_presset: target.preset } : {}) };
  return { question, ...ask, ...(conversation ? { conversation } : {}) };
}
