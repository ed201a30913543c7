// Rate limit policies, an option of route(): which bucket a request counts
// against and how big the buckets are. Every authenticated route counts its
// credential (the organisation's plan, else API_RATE_LIMIT_*); smartpage routes count the client address
// and page (SMARTPAGE_RATE_LIMIT_*). The buckets live in Redis when
// REDIS_URL is set, in this process otherwise (lib/config/rate-limits.ts).
import crypto from 'node:crypto';
import type { Principal } from '../auth/principal';
import { appConfig } from '../config';
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
  limit: async ({ principal }) => effectiveApiLimit(await planRateLimit(principal.organizationId), appConfig().apiRateLimit),
  key: credentialKey,
  refusal: (seconds) => `Too many requests with this credential; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
  prefix: 'ks:rl:api:',
};

const holder = globalThis as unknown as { __ksBucketStores?: Map<string, BucketStore> };

/** One store per policy, limit and REDIS_URL (tests change them between cases with overrideConfig). */
export function storeFor(policy: RateLimitPolicy, limit: RateLimit): BucketStore {
  const stores = (holder.__ksBucketStores ??= new Map());
  const { redisUrl } = appConfig();
  const id = `${policy.prefix} ${limit.burst} ${limit.perMinute} ${redisUrl ?? ''}`;
  let store = stores.get(id);
  if (!store) {
    store = bucketStore(limit, redisUrl, policy.prefix);
    stores.set(id, store);
  }
  return store;
}

/** Forgets every bucket of this process (tests). */
export function resetBucketStores(): void {
  for (const store of holder.__ksBucketStores?.values() ?? []) void (store as { close?: () => Promise<void> }).close?.();
  holder.__ksBucketStores?.clear();
}
