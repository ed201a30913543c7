// Rate limit of a smartpage's public routes (questions and ratings): one
// token bucket per client address and page, so a busy page does not block
// another and one visitor cannot spend the organisation's credits alone.
// A route() option: `route({ family: 'public', rateLimit: perSmartpageVisitor, … })`.
// The client address trusts X-Forwarded-For only from TRUSTED_PROXIES
// (lib/http/client-address.ts).
import { z } from 'zod';
import { clientAddress } from '../http/client-address';
import type { RateLimitPolicy } from '../http/limit-policy';
import type { RateLimit } from '../http/rate-limit';

const env = z.object({
  SMARTPAGE_RATE_LIMIT_BURST: z.coerce.number().int().min(0).max(100_000).default(20),
  SMARTPAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().min(0).max(100_000).default(10),
});

/** The limit from the environment; a burst of 0 turns the limit off. */
export function smartpageRateLimit(source: Record<string, string | undefined> = process.env): RateLimit | null {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const { SMARTPAGE_RATE_LIMIT_BURST: burst, SMARTPAGE_RATE_LIMIT_PER_MINUTE: perMinute } = parsed.data;
  return burst === 0 ? null : { burst, perMinute };
}

/** Counts a request against its client address and page, before anything is parsed (a refused request costs no search). */
export const perSmartpageVisitor: RateLimitPolicy = {
  limit: () => smartpageRateLimit(),
  key: ({ request, params }) => `${clientAddress(request)} ${String(params.slug ?? '').slice(0, 100)}`,
  refusal: (seconds) => `Too many requests to this smartpage; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
  prefix: 'ks:rl:smartpage:',
};
