// Rate limits per credential (API_RATE_LIMIT_*, counted by route(): lib/http/limit-policy.ts)
// and where the buckets of every limit live (REDIS_URL: shared by every instance).
import { z } from 'zod';

/** Token buckets: `burst` requests at once, refilled at `perMinute`. */
export type RateLimit = { burst: number; perMinute: number };

export const rateLimitsSchema = z.object({
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().min(0).max(1_000_000).default(0),
  API_RATE_LIMIT_BURST: z.coerce.number().int().min(0).max(1_000_000).optional(),
  REDIS_URL: z.string().optional(),
});

/**
 * API_RATE_LIMIT_PER_MINUTE requests a minute per credential (0, the default,
 * turns the limit off), with bursts of API_RATE_LIMIT_BURST (default: one
 * minute's worth; 0 also turns it off).
 */
export function apiRateLimitOf(env: z.infer<typeof rateLimitsSchema>): RateLimit | null {
  const perMinute = env.API_RATE_LIMIT_PER_MINUTE;
  const burst = env.API_RATE_LIMIT_BURST ?? Math.max(1, Math.ceil(perMinute));
  return perMinute === 0 || burst === 0 ? null : { burst, perMinute };
}

/** Null (also for an empty value): each process keeps its own buckets. */
export const redisUrlOf = (env: z.infer<typeof rateLimitsSchema>): string | null => env.REDIS_URL || null;
