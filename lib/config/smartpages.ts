// The rate limit of a smartpage's public routes (lib/smartpages/rate-limit.ts).
import { z } from 'zod';
import type { RateLimit } from './rate-limits';

export const smartpagesSchema = z.object({
  SMARTPAGE_RATE_LIMIT_BURST: z.coerce.number().int().min(0).max(100_000).default(20),
  SMARTPAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().min(0).max(100_000).default(10),
});

/** A burst of 0 turns the limit off. */
export function smartpageRateLimitOf(env: z.infer<typeof smartpagesSchema>): RateLimit | null {
  const { SMARTPAGE_RATE_LIMIT_BURST: burst, SMARTPAGE_RATE_LIMIT_PER_MINUTE: perMinute } = env;
  return burst === 0 ? null : { burst, perMinute };
}
