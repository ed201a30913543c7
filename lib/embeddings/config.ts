// The optional embeddings provider, validated once from the environment.
// No EMBEDDINGS_BASE_URL → null: retrieval stays lexical only and nothing
// here costs anything (no request, no vector table read).
import { z } from 'zod';

const schema = z.object({
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

let cached: { env: string; config: EmbeddingsConfig | null } | undefined;

/** Reads the EMBEDDINGS_* variables (re-read when they change, which tests rely on). */
export function embeddingsConfig(): EmbeddingsConfig | null {
  const key = JSON.stringify(Object.entries(process.env).filter(([name]) => name.startsWith('EMBEDDINGS_')));
  if (cached?.env === key) return cached.config;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  let config: EmbeddingsConfig | null = null;
  if (env.EMBEDDINGS_BASE_URL) {
    if (!env.EMBEDDINGS_MODEL) throw new Error('Invalid configuration: EMBEDDINGS_MODEL is required when EMBEDDINGS_BASE_URL is set');
    config = {
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
  cached = { env: key, config };
  return config;
}
