import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { recordInteraction } from '@/lib/usage/record';
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
