// The caller's own conversations in a project, with their turns, for the
// console's thread list. Only threads whose questions the caller asked.
import { db, isPostgres } from '../db/client';
import { forbidden, notFound } from '../errors';
import type { SearchItem } from '../search/contract';
import { sourcesOf } from './sources';
import { jsonValue, stringList } from '../db/json-column';
import { recordedSearchedFor } from '../search/recorded-results';

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
  /** The question as searched when some of its words were read as others (typing mistakes), else null. */
  searched_for: string | null;
  created_at: string;
};

export type ConversationItem = {
  id: string;
  /** The owner's name for the thread, else its first question. */
  title: string;
  renamed: boolean;
  origin: string;
  created_at: string;
  updated_at: string;
  turns: ConversationTurn[];
};

/** Whose threads: the caller's e-mail; a key without an owner has none (403). */
export function threadOwnerEmail(principal: { email: string | null }): string {
  if (!principal.email) throw forbidden('Only a person (or a key that belongs to one) has conversations of their own');
  return principal.email;
}

type ListOptions = { limit: number; offset: number; origin?: string; q?: string };

/**
 * Threads with at least one question of the caller, not deleted by them.
 * The condition is on the interactions themselves (not the thread's owner)
 * so every listed thread has turns to show, and a page of `limit` is
 * exactly `limit` threads: paging and the total count agree. `q` keeps
 * threads whose name or one of the caller's questions holds it (any case).
 */
function ownThreads(projectId: number, email: string, origin?: string, q?: string) {
  // PostgreSQL compares case-sensitively unless told; SQLite's LIKE already ignores ASCII case.
  const contains = q ? { contains: q, ...(isPostgres() ? { mode: 'insensitive' as const } : {}) } : undefined;
  return {
    projectId,
    hiddenAt: null,
    ...(origin ? { origin } : {}),
    interactions: { some: { userEmail: email } },
    ...(contains ? { OR: [{ title: contains }, { interactions: { some: { userEmail: email, question: contains } } }] } : {}),
  };
}

/** How many threads the list has in all, for paging (`X-Total-Count`). */
export async function countOwnConversations(projectId: number, email: string, origin?: string, q?: string): Promise<number> {
  return db().conversation.count({ where: ownThreads(projectId, email, origin, q) });
}

export async function listOwnConversations(projectId: number, email: string, options: ListOptions): Promise<ConversationItem[]> {
  const conversations = await db().conversation.findMany({
    where: ownThreads(projectId, email, options.origin, options.q),
    // The id breaks ties so consecutive pages neither repeat nor skip a thread.
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    skip: options.offset,
    take: options.limit,
    include: { interactions: { where: { userEmail: email }, orderBy: { createdAt: 'asc' } } },
  });
  const kept = conversations.filter((c) => c.interactions.length > 0);
  // Each turn's recorded retrieval, parsed once: its sources and what was searched.
  const searches = kept.flatMap((c) => c.interactions.map((i) => jsonValue(i.search)));
  const sources = await sourcesOf(projectId, searches);
  let next = 0;
  return kept.map((c) => ({
    id: c.id,
    title: c.title ?? c.interactions[0].question,
    renamed: c.title !== null,
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
      feedback_options: stringList(jsonValue(i.feedbackOptions)),
      sources: sources[next],
      searched_for: recordedSearchedFor(searches[next++]),
      created_at: i.createdAt.toISOString(),
    })),
  }));
}

/** The caller's own thread (one of their questions is in it, not deleted), else 404: nothing said about others' threads. */
async function ownThread(projectId: number, email: string, id: string): Promise<{ id: string }> {
  const found = await db().conversation.findFirst({
    where: { id, projectId, hiddenAt: null, interactions: { some: { userEmail: email } } },
    select: { id: true },
  });
  if (!found) throw notFound('Conversation not found');
  return found;
}

/** Names the thread in the caller's console; null gives it back its first question as a name. */
export async function renameOwnConversation(
  projectId: number,
  email: string,
  id: string,
  title: string | null,
): Promise<{ id: string; title: string; renamed: boolean }> {
  await ownThread(projectId, email, id);
  const updated = await db().conversation.update({
    where: { id },
    data: { title },
    select: { id: true, title: true, interactions: { where: { userEmail: email }, orderBy: { createdAt: 'asc' }, take: 1, select: { question: true } } },
  });
  return { id: updated.id, title: updated.title ?? updated.interactions[0]?.question ?? '', renamed: updated.title !== null };
}

/**
 * Deletes the thread from the caller's console. Its interactions stay: they
 * are the organisation's usage records (credits, reports, assessments), and
 * an admin's threads report still lists it.
 */
export async function deleteOwnConversation(projectId: number, email: string, id: string): Promise<void> {
  await ownThread(projectId, email, id);
  await db().conversation.update({ where: { id }, data: { hiddenAt: new Date() } });
}
