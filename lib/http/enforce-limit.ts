// Counts a request against its policy's bucket; refused → 429 {detail} with
// Retry-After. The RateLimit-* headers it returns go on every answer.
import { tooManyRequests } from './errors';
import { storeFor, type LimitSubject, type RateLimitPolicy } from './limit-policy';
import { rateLimitHeaders } from './rate-limit';

/** Returns the headers to send; throws the 429 (carrying them) when the bucket is empty. */
export async function enforceRateLimit(policy: RateLimitPolicy | null | undefined, subject: LimitSubject): Promise<Record<string, string>> {
  if (!policy) return {};
  const limit = await policy.limit(subject);
  if (!limit) return {};
  const taken = await storeFor(policy, limit).take(policy.key(subject), limit);
  const headers = rateLimitHeaders(limit, taken);
  if (!taken.ok) {
    const refusal = tooManyRequests(policy.refusal(taken.retryAfterSeconds), taken.retryAfterSeconds);
    Object.assign(refusal.headers, headers);
    throw refusal;
  }
  return headers;
}
