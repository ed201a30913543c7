// Conversation threads of search: found only inside the caller's project,
// created (in the same transaction as their first interaction) when a
// request has none.
import crypto from 'node:crypto';
import { db } from '../db/client';
import type { NewConversation } from '../usage/record';
import { notFound } from '../errors';
import type { PreviousTurn } from './followup';
import { jsonObject } from '../db/json-column';

const THREAD_TURNS = 6;

export type Thread = { id: string; isNew: boolean; turns: PreviousTurn[] };

function standaloneOf(extra: string, question: string): string {
  // Recorded by something else: the question stands for itself.
  const standalone = jsonObject(extra).standalone_question;
  return typeof standalone === 'string' && standalone ? standalone : question;
}

/**
 * The thread a request continues, or a new one (not yet stored). A value
 * that is not a thread of this project is 404 — the same answer whether it
 * exists elsewhere or nowhere, so nothing leaks across organisations.
 */
export async function openThread(projectId: number, conversation: string | undefined): Promise<Thread> {
  if (!conversation) return { id: crypto.randomUUID(), isNew: true, turns: [] };
  const found = await db().conversation.findFirst({ where: { id: conversation, projectId }, select: { id: true } });
  if (!found) throw notFound('Conversation not found');
  const recent = await db().interaction.findMany({
    where: { conversationId: found.id, projectId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: THREAD_TURNS,
    select: { question: true, content: true, extra: true },
  });
  const turns = recent.reverse().map((i) => ({ question: i.question, answer: i.content, standalone: standaloneOf(i.extra, i.question) }));
  return { id: found.id, isNew: false, turns };
}

/** The conversation to store with the first interaction of a new thread (recordInteractionBatched); none for a thread that exists. */
export function conversationToStore(
  thread: Thread,
  projectId: number,
  origin: string,
  userEmail: string | null,
  question: string,
): NewConversation | undefined {
  if (!thread.isNew) return undefined;
  return { id: thread.id, projectId, origin, userEmail, identifier: question.replace(/\s+/g, ' ').trim().slice(0, 120) };
}
