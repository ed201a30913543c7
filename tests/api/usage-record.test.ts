import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { recordInteraction, recordInteractionBatched } from '@/lib/usage/record';
import { creditsFor } from '@/lib/usage/credits';
import { createTenant } from '../helpers/tenant';

describe('recordInteraction', () => {
  it('writes the interaction and adds it to the daily roll-up in one go', async () => {
    const t = await createTenant('usage');
    const conversation = await db().conversation.create({ data: { id: crypto.randomUUID(), projectId: t.project.id, identifier: 'c1' } });
    const at = new Date('2025-03-10T23:59:59Z');
    const base = {
      conversationId: conversation.id,
      projectId: t.project.id,
      organizationId: t.organization.id,
      type: 'search' as const,
      origin: 'api' as const,
      question: 'q',
      content: 'a',
      datamodelId: 7,
      createdAt: at,
    };
    await recordInteraction({ ...base, promptTokens: 10, completionTokens: 5, totalTokens: 15, totalTokensWithFee: 30 });
    await recordInteraction({ ...base, promptTokens: 1, completionTokens: 2, totalTokens: 3, totalTokensWithFee: 6 });
    const rows = await db().usageDaily.findMany({ where: { projectId: t.project.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      day: '2025-03-10',
      datamodelId: 7,
      origin: 'api',
      interactionType: 'search',
      requests: 2,
      promptTokens: 11,
      completionTokens: 7,
      totalTokens: 18,
      credits: 36,
    });
    expect(await db().interaction.count({ where: { conversationId: conversation.id } })).toBe(2);
  });

  it('rounds credits up and keeps exact products exact', () => {
    const fees = { feeSearch: 1.5, feeStream: 0.1, feeDeepsearch: 2 };
    expect(creditsFor(3, fees, 'search')).toBe(5);
    expect(creditsFor(30, fees, 'stream')).toBe(3);
    expect(creditsFor(7, fees, 'deepsearch')).toBe(14);
  });
});

describe('recordInteractionBatched', () => {
  const turn = (t: { project: { id: number }; organization: { id: number } }, conversationId: string, createdAt: Date) => ({
    conversationId,
    projectId: t.project.id,
    organizationId: t.organization.id,
    type: 'search' as const,
    origin: 'api' as const,
    question: 'Where do pelicans nest?',
    content: 'On islands.',
    promptTokens: 4,
    completionTokens: 3,
    totalTokens: 7,
    totalTokensWithFee: 7,
    createdAt,
  });

  it('stores a new conversation with its first interaction and roll-up, then continues it', async () => {
    const t = await createTenant('usage-batched');
    const id = crypto.randomUUID();
    const first = new Date('2025-04-01T10:00:00Z');
    const { identifier } = await recordInteractionBatched(turn(t, id, first), {
      id,
      projectId: t.project.id,
      origin: 'api',
      userEmail: null,
      identifier: 'Where do pelicans nest?',
    });
    expect(await db().conversation.findUnique({ where: { id } })).toMatchObject({ identifier: 'Where do pelicans nest?', createdAt: first, updatedAt: first });
    expect(await db().interaction.findUnique({ where: { identifier } })).toMatchObject({ conversationId: id, day: '2025-04-01', totalTokens: 7 });
    const second = new Date('2025-04-02T08:00:00Z');
    await recordInteractionBatched(turn(t, id, second));
    expect((await db().conversation.findUnique({ where: { id } }))?.updatedAt).toEqual(second);
    const days = await db().usageDaily.findMany({ where: { projectId: t.project.id }, orderBy: { day: 'asc' } });
    expect(days.map((d) => [d.day, d.requests, d.totalTokens])).toEqual([
      ['2025-04-01', 1, 7],
      ['2025-04-02', 1, 7],
    ]);
  });

  it('writes nothing when one of its writes fails', async () => {
    const t = await createTenant('usage-batched-fail');
    const id = crypto.randomUUID();
    const at = new Date('2025-05-01T10:00:00Z');
    const conversation = { id, projectId: t.project.id, origin: 'api', userEmail: null, identifier: 'first' };
    await recordInteractionBatched(turn(t, id, at), conversation);
    // The same conversation stored again: its insert fails, and the interaction and roll-up after it are undone.
    await expect(recordInteractionBatched({ ...turn(t, id, at), question: 'again' }, conversation)).rejects.toThrow();
    // A thread that no longer exists: the interaction before the failing update is undone too.
    await expect(recordInteractionBatched({ ...turn(t, crypto.randomUUID(), at), question: 'gone' })).rejects.toThrow();
    expect(await db().interaction.count({ where: { projectId: t.project.id } })).toBe(1);
    expect((await db().usageDaily.findMany({ where: { projectId: t.project.id } })).map((d) => d.requests)).toEqual([1]);
  });
});
