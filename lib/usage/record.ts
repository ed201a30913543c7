// Recording an interaction and the daily roll-up it feeds, in one
// transaction: the reports read the roll-ups, so the two never disagree.
import crypto from 'node:crypto';
import { db, Prisma, type Tx } from '../db/client';
import type { Interaction } from '../db/generated/sqlite/client';
import type { InteractionType, Origin } from './credits';

export type InteractionInput = {
  conversationId: string;
  projectId: number;
  organizationId: number;
  type: InteractionType;
  origin: Origin;
  question: string;
  content: string;
  datamodelId?: number | null;
  datamodelName?: string;
  datasetId?: number | null;
  datasetName?: string;
  generativeModelName?: string;
  presetId?: number | null;
  presetName?: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  totalTokensWithFee: number;
  userName?: string;
  userEmail?: string;
  apiKeyId?: number | null;
  extra?: Record<string, unknown>;
  search?: unknown;
  userPrompt?: string;
  templatePrompt?: string;
  /** Defaults to now; tests and the benchmark seed set it. */
  createdAt?: Date;
  identifier?: string;
};

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Inserts the interaction and adds it to its day's roll-up; returns the row. */
export async function recordInteraction(input: InteractionInput, tx?: Tx): Promise<Interaction> {
  if (!tx) return db().$transaction((inner) => recordInteraction(input, inner));
  const createdAt = input.createdAt ?? new Date();
  const day = utcDay(createdAt);
  const interaction = await tx.interaction.create({
    data: {
      identifier: input.identifier ?? crypto.randomUUID(),
      conversationId: input.conversationId,
      projectId: input.projectId,
      organizationId: input.organizationId,
      type: input.type,
      origin: input.origin,
      question: input.question,
      content: input.content,
      datamodelId: input.datamodelId ?? null,
      datamodelName: input.datamodelName ?? '',
      datasetId: input.datasetId ?? null,
      datasetName: input.datasetName ?? '',
      generativeModelName: input.generativeModelName ?? '',
      presetId: input.presetId ?? null,
      presetName: input.presetName ?? '',
      promptTokens: input.promptTokens,
      completionTokens: input.completionTokens,
      totalTokens: input.totalTokens,
      totalTokensWithFee: input.totalTokensWithFee,
      userName: input.userName ?? '',
      userEmail: input.userEmail ?? '',
      apiKeyId: input.apiKeyId ?? null,
      extra: JSON.stringify(input.extra ?? {}),
      search: JSON.stringify(input.search ?? {}),
      userPrompt: input.userPrompt ?? '',
      templatePrompt: input.templatePrompt ?? '',
      day,
      createdAt,
      updatedAt: createdAt,
    },
  });
  // One statement that both databases run the same way (SQLite ≥ 3.24 and
  // PostgreSQL): concurrent requests add to the row instead of racing.
  await tx.$executeRaw`
    INSERT INTO usage_daily (organization_id, project_id, day, datamodel_id, origin, interaction_type, requests, prompt_tokens, completion_tokens, total_tokens, credits)
    VALUES (${input.organizationId}, ${input.projectId}, ${day}, ${input.datamodelId ?? 0}, ${input.origin}, ${input.type}, 1, ${input.promptTokens}, ${input.completionTokens}, ${input.totalTokens}, ${input.totalTokensWithFee})
    ON CONFLICT (project_id, day, datamodel_id, origin, interaction_type) DO UPDATE SET
      requests = usage_daily.requests + 1,
      prompt_tokens = usage_daily.prompt_tokens + excluded.prompt_tokens,
      completion_tokens = usage_daily.completion_tokens + excluded.completion_tokens,
      total_tokens = usage_daily.total_tokens + excluded.total_tokens,
      credits = usage_daily.credits + excluded.credits`;
  await tx.conversation.update({ where: { id: input.conversationId }, data: { updatedAt: createdAt } });
  return interaction;
}

export { Prisma };
