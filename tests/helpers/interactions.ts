// Interactions recorded straight into a tenant's project, for tests that need
// questions in the history (threads, reports, ratings) without asking a model.
import { db } from '@/lib/db/client';
import { recordInteraction, type InteractionInput } from '@/lib/usage/record';

type Owner = { project: { id: number }; organization: { id: number } };

/** What a test must say; anything else of InteractionInput may be given too. */
export type TurnInput = Pick<InteractionInput, 'conversationId' | 'question'> & Partial<InteractionInput>;

/**
 * Records one question and its answer in the owner's project: a search from
 * the API answered with 'a', one prompt and one completion token (2 tokens,
 * 2 with fee), unless the input says otherwise.
 */
export function recordTurn(owner: Owner, input: TurnInput) {
  return recordInteraction({
    projectId: owner.project.id,
    organizationId: owner.organization.id,
    type: 'search',
    origin: 'api',
    content: 'a',
    promptTokens: 1,
    completionTokens: 1,
    totalTokens: 2,
    totalTokensWithFee: 2,
    ...input,
  });
}

/**
 * A question asked in the console, recorded as the console records it: a new
 * workspace conversation of `turn.userEmail`, named `conversation`, holding
 * one streamed turn.
 */
export async function askedInConsole(owner: Owner, conversation: string, turn: Omit<TurnInput, 'conversationId'> & { userEmail: string }) {
  const thread = await db().conversation.create({
    data: { id: crypto.randomUUID(), projectId: owner.project.id, identifier: conversation, origin: 'workspace', userEmail: turn.userEmail },
  });
  const recorded = await recordTurn(owner, { type: 'stream', origin: 'workspace', ...turn, conversationId: thread.id });
  return { conversation: thread, turn: recorded };
}
