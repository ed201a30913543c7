// Rows of the threads report as the API returns them (the spec's Thread and
// Interaction records). Raw rows, not the ORM's: the download reads tens of
// thousands of them and the ORM's row mapping doubled its time.
import { toDate, type RawDate, type RawInt } from '../../db/raw';
import type { Evaluation, InteractionRecord, Thread } from '../contract';
import { jsonObject, jsonValue, stringList } from '../../db/json-column';

export const DISPLAY_TYPE: Record<string, string> = { search: 'Search', stream: 'Stream', deepsearch: 'Deep search' };

export type RawConversation = { id: string; identifier: string; created_at: RawDate; updated_at: RawDate };
export type RawInteraction = {
  id: RawInt;
  identifier: string;
  conversation_id: string;
  project_id: RawInt;
  project_name: string;
  type: string;
  origin: string;
  question: string;
  content: string;
  datamodel_name: string;
  dataset_name: string;
  generative_model_name: string;
  preset_id: RawInt | null;
  preset_name: string;
  prompt_tokens: RawInt;
  completion_tokens: RawInt;
  total_tokens: RawInt;
  total_tokens_with_fee: RawInt;
  evaluation: string | null;
  feedback: string | null;
  feedback_options: string | null;
  user_name: string;
  user_email: string;
  extra: string;
  search: string;
  user_prompt: string;
  template_prompt: string;
  created_at: RawDate;
  updated_at: RawDate;
};

export function serializeThread(c: RawConversation, interactions: InteractionRecord[]): Thread {
  return {
    conversation_id: c.id,
    conversation_identifier: c.identifier,
    created_at: toDate(c.created_at).toISOString(),
    updated_at: toDate(c.updated_at).toISOString(),
    interactions,
  };
}

export function serializeInteraction(r: RawInteraction): InteractionRecord {
  return {
    identifier: r.identifier,
    type: r.type,
    interaction_type: DISPLAY_TYPE[r.type] ?? r.type,
    question: r.question,
    content: r.content,
    datamodel: r.datamodel_name,
    dataset: r.dataset_name,
    generative_model: r.generative_model_name,
    preset: r.preset_name,
    preset_id: r.preset_id === null ? null : Number(r.preset_id),
    project_id: Number(r.project_id),
    project_name: r.project_name,
    total_tokens: Number(r.total_tokens),
    total_tokens_with_fee: Number(r.total_tokens_with_fee),
    prompt_tokens: Number(r.prompt_tokens),
    completion_tokens: Number(r.completion_tokens),
    evaluation: r.evaluation as Evaluation | null,
    feedback: r.feedback,
    feedback_options: feedbackOptionsOf(r.feedback_options),
    user: { name: r.user_name, email: r.user_email },
    api_call_id: Number(r.id),
    created_at: toDate(r.created_at).toISOString(),
    updated_at: toDate(r.updated_at).toISOString(),
    // workspace | smartpage | api: reported in `extra.origin` (the spec leaves extra's contents open).
    extra: { ...jsonObject(r.extra), origin: r.origin },
    search: jsonObject(r.search),
    user_prompt: r.user_prompt,
    template_prompt: r.template_prompt,
  };
}

/** The rating reasons stored as a JSON array; anything else reads as none. */
export function feedbackOptionsOf(text: string | null): string[] | null {
  return text === null ? null : stringList(jsonValue(text));
}
