// Rate limit of a smartpage's public routes (questions and ratings): one
// token bucket per client address and page, so a busy page does not block
// another and one visitor cannot spend the organisation's credits alone.
import { z } from 'zod';
import { clientAddress, TokenBuckets, type RateLimit } from '../http/rate-limit';
import { toErrorResponse, tooManyRequests } from '../http/errors';
import { keepContract } from '../http/contract';

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

let buckets: TokenBuckets | null | undefined;

function limiter(): TokenBuckets | null {
  if (buckets === undefined) {
    const limit = smartpageRateLimit();
    buckets = limit ? new TokenBuckets(limit) : null;
  }
  return buckets;
}

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/**
 * Wraps a smartpage route: counts the request against its client and page
 * before anything else runs (a refused request costs no parsing or search),
 * answering 429 with {detail} and Retry-After when the bucket is empty.
 */
export function limitedBySmartpage(handler: Handler): Handler {
  return keepContract(handler, async (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => {
    const slug = String((await context.params).slug ?? '');
    const taken = limiter()?.take(`${clientAddress(request)} ${slug}`) ?? { ok: true };
    if (!taken.ok) {
      const seconds = taken.retryAfterSeconds;
      return toErrorResponse(tooManyRequests(`Too many requests to this smartpage; try again in ${seconds} second${seconds === 1 ? '' : 's'}`, seconds), crypto.randomUUID());
    }
    return handler(request, context);
  });
}
