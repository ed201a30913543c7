// The caller's own conversations in a project, with their turns, for the
// console's thread list. Only threads whose questions the caller asked.
import { db } from '../db/client';
import type { SearchItem } from '../search/contract';
import { sourcesOf } from './sources';

export type ConversationTurn = {
  identifier: string;
  type: string;
  question: string;
  answer: string;
  datamodel: string;
  dataset: string;
  preset: string;
  datamodel_id: number | null;
  dataset_id: number | null;
  total_tokens: number;
  evaluation: string | null;
  feedback: string | null;
  /** Reasons chosen with a negative rating (the assessment's negative_opinions). */
  feedback_options: string[] | null;
  /** The passages the answer used, shaped like the search response's entries. */
  sources: SearchItem[];
  created_at: string;
};

export type ConversationItem = {
  id: string;
  title: string;
  origin: string;
  created_at: string;
  updated_at: string;
  turns: ConversationTurn[];
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}

type ListOptions = { limit: number; offset: number; origin?: string };

/**
 * Threads with at least one question of the caller. The condition is on the
 * interactions themselves (not the thread's owner) so every listed thread has
 * turns to show, and a page of `limit` is exactly `limit` threads: paging and
 * the total count agree.
 */
function ownThreads(projectId: number, email: string, origin?: string) {
  return { projectId, ...(origin ? { origin } : {}), interactions: { some: { userEmail: email } } };
}

/** How many threads the list has in all, for paging (`X-Total-Count`). */
export async function countOwnConversations(projectId: number, email: string, origin?: string): Promise<number> {
  return db().conversation.count({ where: ownThreads(projectId, email, origin) });
}

export async function listOwnConversations(projectId: number, email: string, options: ListOptions): Promise<ConversationItem[]> {
  const conversations = await db().conversation.findMany({
    where: ownThreads(projectId, email, options.origin),
    // The id breaks ties so consecutive pages neither repeat nor skip a thread.
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    skip: options.offset,
    take: options.limit,
    include: { interactions: { where: { userEmail: email }, orderBy: { createdAt: 'asc' } } },
  });
  const kept = conversations.filter((c) => c.interactions.length > 0);
  const sources = await sourcesOf(projectId, kept.flatMap((c) => c.interactions.map((i) => parseJson(i.search))));
  let next = 0;
  return kept.map((c) => ({
    id: c.id,
    title: c.interactions[0].question,
    origin: c.origin,
    created_at: c.createdAt.toISOString(),
    // A follow-up does not touch the thread row: its last turn says when it was last used.
    updated_at: (c.interactions.at(-1)?.createdAt ?? c.updatedAt).toISOString(),
    turns: c.interactions.map((i) => ({
      identifier: i.identifier,
      type: i.type,
      question: i.question,
      answer: i.content,
      datamodel: i.datamodelName,
      dataset: i.datasetName,
      preset: i.presetName,
      datamodel_id: i.datamodelId,
      dataset_id: i.datasetId,
      total_tokens: i.totalTokens,
      evaluation: i.evaluation,
      feedback: i.feedback,
      feedback_options: stringList(parseJson(i.feedbackOptions ?? 'null')),
      sources: sources[next++],
      created_at: i.createdAt.toISOString(),
    })),
  }));
}
