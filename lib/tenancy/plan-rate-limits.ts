// The API rate limit an organisation's plan sets, read on the request path of
// every authenticated route: cached per organisation for a short while so the
// limiter costs no query on most requests. A plan changed through this
// process (upsertPlan) is seen at once here; other instances see it within
// PLAN_CACHE_MS.
import { db } from '../db/client';

/** What a plan says: null = the deployment's default (API_RATE_LIMIT_*). */
export type PlanRateLimit = { perMinute: number | null; burst: number | null };

const PLAN_CACHE_MS = 30_000;
/** Organisations remembered at most; the oldest entry goes first so memory stays bounded. */
const MAX_ENTRIES = 10_000;

type Entry = { value: PlanRateLimit; until: number };
const holder = globalThis as unknown as { __ksPlanRateLimits?: Map<number, Entry> };
const cache = () => (holder.__ksPlanRateLimits ??= new Map());

const NO_PLAN: PlanRateLimit = { perMinute: null, burst: null };

export async function planRateLimit(organizationId: number, now = Date.now()): Promise<PlanRateLimit> {
  if (!organizationId) return NO_PLAN;
  const entries = cache();
  const hit = entries.get(organizationId);
  if (hit && hit.until > now) return hit.value;
  const subscription = await db().subscription.findUnique({
    where: { organizationId },
    select: { plan: { select: { apiRatePerMinute: true, apiRateBurst: true } } },
  });
  const value = subscription ? { perMinute: subscription.plan.apiRatePerMinute, burst: subscription.plan.apiRateBurst } : NO_PLAN;
  entries.delete(organizationId);
  entries.set(organizationId, { value, until: now + PLAN_CACHE_MS });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as number);
  return value;
}

/** Forgets what was read (a plan changed, or tests). */
export function forgetPlanRateLimits(): void {
  cache().clear();
}
