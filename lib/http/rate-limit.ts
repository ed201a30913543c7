// Token buckets: `burst` requests at once, refilled at `perMinute`. Kept in
// this process (TokenBuckets) or shared by every instance through Redis
// (lib/http/redis-buckets.ts); both answer with what the RateLimit-* headers
// need.
import type { RateLimit } from '../config/rate-limits';

export type { RateLimit };

type Bucket = { tokens: number; at: number };

/** What is left after a request: whole requests left, seconds until the bucket is full again. */
export type Take = { ok: true; remaining: number; resetSeconds: number } | { ok: false; remaining: 0; resetSeconds: number; retryAfterSeconds: number };

export interface BucketStore {
  take(key: string, limit: RateLimit): Promise<Take>;
}

/** The answer for a bucket holding `tokens` after the request was or was not let through. */
export function takeResult(limit: RateLimit, tokens: number, ok: boolean): Take {
  const perMs = limit.perMinute / 60_000;
  const resetSeconds = perMs > 0 ? Math.max(0, Math.ceil((limit.burst - tokens) / perMs / 1000)) : 60;
  if (ok) return { ok, remaining: Math.floor(tokens), resetSeconds };
  const waitMs = perMs > 0 ? (1 - tokens) / perMs : 60_000;
  return { ok, remaining: 0, resetSeconds, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

export class TokenBuckets implements BucketStore {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: RateLimit,
    /** Keys kept at most; the idle ones go first so memory stays bounded. */
    private readonly maxKeys = 10_000,
  ) {}

  takeNow(key: string, now = Date.now(), limit = this.limit): Take {
    const perMs = limit.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, at: now };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    bucket.at = now;
    // Re-inserting keeps the Map in least-recently-used order for eviction.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    this.evict();
    const ok = bucket.tokens >= 1;
    if (ok) bucket.tokens -= 1;
    return takeResult(limit, bucket.tokens, ok);
  }

  async take(key: string, limit = this.limit): Promise<Take> {
    return this.takeNow(key, Date.now(), limit);
  }

  get size(): number {
    return this.buckets.size;
  }

  private evict(): void {
    while (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) return;
      this.buckets.delete(oldest);
    }
  }
}

/** Response headers of a rate-limited request (IETF RateLimit fields), on allowed and refused answers alike. */
export function rateLimitHeaders(limit: RateLimit, taken: Take): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(limit.burst),
    'ratelimit-remaining': String(taken.remaining),
    'ratelimit-reset': String(taken.resetSeconds),
  };
  if (!taken.ok) headers['retry-after'] = String(taken.retryAfterSeconds);
  return headers;
}

export { clientAddress } from './client-address';
