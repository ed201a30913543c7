// Rate limit policies, an option of route(): which bucket a request counts
// against and how big the buckets are. Every authenticated route counts its
// credential (the organisation's plan, else API_RATE_LIMIT_*); smartpage routes count the client address
// and page (SMARTPAGE_RATE_LIMIT_*). The buckets live in Redis when
// REDIS_URL is set, in this process otherwise.
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { planRateLimit, type PlanRateLimit } from '../tenancy/plan-rate-limits';
import { bucketStore } from './redis-buckets';
import type { BucketStore, RateLimit } from './rate-limit';

export type LimitSubject = { request: Request; principal: Principal; params: Record<string, string | string[]> };

export type RateLimitPolicy = {
  /** Bucket size and refill for this request; null lets it through uncounted. */
  limit(subject: LimitSubject): RateLimit | null | Promise<RateLimit | null>;
  /** The bucket this request counts against. */
  key(subject: LimitSubject): string;
  /** The 429's detail. */
  refusal(seconds: number): string;
  /** Redis key prefix, so policies never share a bucket. */
  prefix: string;
};

const apiEnv = z.object({
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().min(0).max(1_000_000).default(0),
  API_RATE_LIMIT_BURST: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

/**
 * API_RATE_LIMIT_PER_MINUTE requests a minute per credential (0, the default,
 * turns the limit off), with bursts of API_RATE_LIMIT_BURST (default: one
 * minute's worth; 0 also turns it off).
 */
export function apiRateLimit(source: Record<string, string | undefined> = process.env): RateLimit | null {
  const parsed = apiEnv.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const perMinute = parsed.data.API_RATE_LIMIT_PER_MINUTE;
  const burst = parsed.data.API_RATE_LIMIT_BURST ?? Math.max(1, Math.ceil(perMinute));
  return perMinute === 0 || burst === 0 ? null : { burst, perMinute };
}

/**
 * A plan's own limit wins over the deployment's: a per-minute figure (0 = no
 * limit for the plan's organisations) with its burst (default one minute's
 * worth); a plan that sets only a burst reshapes the deployment's limit.
 */
export function effectiveApiLimit(plan: PlanRateLimit, deployment: RateLimit | null): RateLimit | null {
  if (plan.perMinute === null) {
    return deployment && plan.burst !== null ? (plan.burst === 0 ? null : { ...deployment, burst: plan.burst }) : deployment;
  }
  if (plan.perMinute === 0 || plan.burst === 0) return null;
  return { perMinute: plan.perMinute, burst: plan.burst ?? Math.max(1, Math.ceil(plan.perMinute)) };
}

/** The credential's bucket: a bearer token by its hash (never the token itself), a browser session by its user. */
export function credentialKey({ request, principal }: LimitSubject): string {
  const authorization = request.headers.get('authorization');
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (token) return `token:${crypto.createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
  return `user:${principal.userId ?? 0}`;
}

export const perCredential: RateLimitPolicy = {
  limit: async ({ principal }) => effectiveApiLimit(await planRateLimit(principal.organizationId), apiRateLimit()),
  key: credentialKey,
  refusal: (seconds) => `Too many requests with this credential; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
  prefix: 'ks:rl:api:',
};

const holder = globalThis as unknown as { __ksBucketStores?: Map<string, BucketStore> };

/** One store per policy, limit and REDIS_URL (tests change them between cases). */
export function storeFor(policy: RateLimitPolicy, limit: RateLimit): BucketStore {
  const stores = (holder.__ksBucketStores ??= new Map());
  const id = `${policy.prefix} ${limit.burst} ${limit.perMinute} ${process.env.REDIS_URL ?? ''}`;
  let store = stores.get(id);
  if (!store) {
    store = bucketStore(limit, process.env.REDIS_URL, policy.prefix);
    stores.set(id, store);
  }
  return store;
}

/** Forgets every bucket of this process (tests). */
export function resetBucketStores(): void {
  for (const store of holder.__ksBucketStores?.values() ?? []) void (store as { close?: () => Promise<void> }).close?.();
  holder.__ksBucketStores?.clear();
}
