// An in-memory token bucket per key: `burst` requests at once, refilled at
// `perMinute`. One process only (a second server keeps its own counts), which
// is enough to stop one client hammering a public page; a shared store would
// be needed behind a load balancer.
export type RateLimit = { burst: number; perMinute: number };

type Bucket = { tokens: number; at: number };

export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: RateLimit,
    /** Keys kept at most; the idle ones go first so memory stays bounded. */
    private readonly maxKeys = 10_000,
  ) {}

  take(key: string, now = Date.now()): Take {
    const perMs = this.limit.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    bucket.at = now;
    // Re-inserting keeps the Map in least-recently-used order for eviction.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    this.evict();
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    const waitMs = perMs > 0 ? (1 - bucket.tokens) / perMs : 60_000;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
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

/**
 * The client's address as the reverse proxy reports it (first entry of
 * X-Forwarded-For, else X-Real-IP). Route handlers see no socket, so a
 * server reached without a proxy trusts what the client sends here.
 */
export function clientAddress(request: Pick<Request, 'headers'>): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  const address = forwarded || request.headers.get('x-real-ip')?.trim() || 'unknown';
  return address.slice(0, 64);
}
