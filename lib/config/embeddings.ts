// The optional embeddings provider. No EMBEDDINGS_BASE_URL → null:
// retrieval stays lexical only and nothing costs anything (no request, no
// vector table read).
import { z } from 'zod';

export const embeddingsSchema = z.object({
  EMBEDDINGS_BASE_URL: z.string().trim().url('EMBEDDINGS_BASE_URL must be a URL such as http://127.0.0.1:11434/v1').optional().or(z.literal('')),
  EMBEDDINGS_API_KEY: z.string().optional(),
  EMBEDDINGS_MODEL: z.string().trim().min(1).optional(),
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(1).max(8192).optional(),
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(64),
  /** Vector hits less similar than this (cosine) are not retrieval candidates. */
  EMBEDDINGS_MIN_SIMILARITY: z.coerce.number().min(-1).max(1).default(0.3),
  /** Most vectors compared in JavaScript per query when no database extension accelerates it. */
  EMBEDDINGS_SCAN_LIMIT: z.coerce.number().int().min(1).default(10_000),
});

export type EmbeddingsConfig = {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  dimensions: number | null;
  timeoutMs: number;
  batchSize: number;
  minSimilarity: number;
  scanLimit: number;
};

/** Null without a provider; throws when a provider is named without its model. */
export function embeddingsSettings(env: z.infer<typeof embeddingsSchema>): EmbeddingsConfig | null {
  if (!env.EMBEDDINGS_BASE_URL) return null;
  if (!env.EMBEDDINGS_MODEL) throw new Error('Invalid configuration: EMBEDDINGS_MODEL is required when EMBEDDINGS_BASE_URL is set');
  return {
    baseUrl: env.EMBEDDINGS_BASE_URL.replace(/\/+$/, ''),
    apiKey: env.EMBEDDINGS_API_KEY || null,
    model: env.EMBEDDINGS_MODEL,
    dimensions: env.EMBEDDINGS_DIMENSIONS ?? null,
    timeoutMs: env.EMBEDDINGS_TIMEOUT_MS,
    batchSize: env.EMBEDDINGS_BATCH_SIZE,
    minSimilarity: env.EMBEDDINGS_MIN_SIMILARITY,
    scanLimit: env.EMBEDDINGS_SCAN_LIMIT,
  };
}
