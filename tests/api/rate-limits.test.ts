// Rate limits per credential (API_RATE_LIMIT_*), an option of route(): a
// bucket per API key, project token, user token and signed-in user, 429
// {detail} with Retry-After and RateLimit-* headers, in this process or
// shared through Redis (REDIS_URL); smartpage limits per client address,
// believing X-Forwarded-For only from TRUSTED_PROXIES.
import net from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../helpers/http';
import { asMember } from '../helpers/session-as';
import { createTenant, TEST_PLAN_LIMITS, type Tenant } from '../helpers/tenant';
import { peerStamp, PEER_HEADER } from '@/lib/http/client-address';
import { effectiveApiLimit, resetBucketStores } from '@/lib/http/limit-policy';
import { db } from '@/lib/db/client';
import { overrideConfig } from '@/lib/config';
import { upsertPlan } from '@/lib/tenancy/organizations';
import { forgetPlanRateLimits, planRateLimit } from '@/lib/tenancy/plan-rate-limits';
import { COMMANDS } from '@/scripts/admin-commands';
import { RedisBuckets } from '@/lib/http/redis-buckets';
import * as datasets from '@/app/searcher/v1/datasets/route';
import * as credits from '@/app/api/v1/credits_resume/route';
import * as ratings from '@/app/api/smartpages/[slug]/assessments/route';

vi.mock('@/lib/auth/session', async (original) => (await import('../helpers/session-as')).withSignedIn(await original()));

let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  [a, b] = await Promise.all([createTenant('rla'), createTenant('rlb')]);
});

afterEach(() => {
  overrideConfig();
  resetBucketStores();
});

function limitTo(burst: number, perMinute = 1) {
  overrideConfig({ API_RATE_LIMIT_PER_MINUTE: String(perMinute), API_RATE_LIMIT_BURST: String(burst) });
  resetBucketStores();
}

const listDatasets = (token: string) => call(datasets.GET, 'GET', '/searcher/v1/datasets', { token });

describe('per credential, in process', () => {
  it('is off by default: no headers, no limit', async () => {
    const res = await listDatasets(a.apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });

  it('answers within the burst with RateLimit-* headers, then 429 {detail} with Retry-After', async () => {
    limitTo(2);
    const first = await listDatasets(a.apiKey);
    expect(first.status).toBe(200);
    expect(Object.fromEntries(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((h) => [h, first.headers.get(h)]))).toEqual({
      'ratelimit-limit': '2',
      'ratelimit-remaining': '1',
      'ratelimit-reset': '60',
    });
    expect((await listDatasets(a.apiKey)).headers.get('ratelimit-remaining')).toBe('0');
    const refused = await listDatasets(a.apiKey);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Too many requests with this credential; try again in 60 seconds' });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-request-id')).toBeTruthy();
  });

  it('two API keys are independent, and one organisation cannot exhaust another', async () => {
    limitTo(1);
    expect((await listDatasets(a.apiKey)).status).toBe(200);
    expect((await listDatasets(a.apiKey)).status).toBe(429);
    expect((await listDatasets(b.apiKey)).status).toBe(200);
    expect((await listDatasets(b.apiKey)).status).toBe(429);
  });

  it('project tokens, user tokens and signed-in users each have their own bucket', async () => {
    limitTo(1);
    const report = (options: Parameters<typeof call>[3]) => call(credits.GET, 'GET', '/api/v1/credits_resume', options);
    expect((await report({ token: a.projectToken })).status).toBe(200);
    expect((await report({ token: a.projectToken })).status).toBe(429);
    expect((await report({ token: a.userTokens.OWNER })).status).toBe(200);
    expect((await report({ token: a.userTokens.OWNER })).status).toBe(429);
    expect((await report({ token: a.userTokens.ADMIN })).status).toBe(200);
    expect((await report(asMember(a, 'OWNER'))).status).toBe(200);
    const again = await report(asMember(a, 'OWNER'));
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('60');
    expect((await report(asMember(b, 'OWNER'))).status).toBe(200);
  });
});

describe('per plan', () => {
  let small: Tenant;
  let unlimited: Tenant;
  beforeAll(async () => {
    [small, unlimited] = await Promise.all([createTenant('rlsmall'), createTenant('rlfree')]);
    const [smallPlan, freePlan] = await Promise.all([
      upsertPlan({ name: 'Rate plan small', ...TEST_PLAN_LIMITS, apiRatePerMinute: 1, apiRateBurst: 2 }),
      upsertPlan({ name: 'Rate plan unlimited', ...TEST_PLAN_LIMITS, apiRatePerMinute: 0 }),
    ]);
    await db().subscription.update({ where: { organizationId: small.organization.id }, data: { planId: smallPlan.id } });
    await db().subscription.update({ where: { organizationId: unlimited.organization.id }, data: { planId: freePlan.id } });
    forgetPlanRateLimits();
  });

  it("a plan's limit applies to its organisations while the deployment sets none, and not to others", async () => {
    const first = await listDatasets(small.apiKey);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect((await listDatasets(small.apiKey)).status).toBe(200);
    const refused = await listDatasets(small.apiKey);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Too many requests with this credential; try again in 60 seconds' });
    // Another credential of the same organisation has its own bucket of the plan's size.
    expect((await call(credits.GET, 'GET', '/api/v1/credits_resume', { token: small.projectToken })).headers.get('ratelimit-limit')).toBe('2');
    const other = await listDatasets(a.apiKey);
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-limit')).toBeNull();
  });

  it("a plan of 0 a minute is unlimited even when the deployment sets a limit; plans without one get the deployment's", async () => {
    limitTo(1);
    for (let i = 0; i < 4; i++) {
      const res = await listDatasets(unlimited.apiKey);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBeNull();
    }
    expect((await listDatasets(b.apiKey)).status).toBe(200);
    expect((await listDatasets(b.apiKey)).status).toBe(429);
  });

  it('a plan changed through the admin CLI takes effect at once in this process', async () => {
    const cached = await planRateLimit(small.organization.id);
    expect(cached).toEqual({ perMinute: 1, burst: 2 });
    const created = await COMMANDS['plan:create'].run({ name: 'Rate plan small', credits: '1000', 'api-rate-per-minute': '120', 'api-rate-burst': 'default' });
    expect(created).toMatchObject({ api_rate_per_minute: 120, api_rate_burst: null });
    expect(await planRateLimit(small.organization.id)).toEqual({ perMinute: 120, burst: null });
    expect((await listDatasets(small.apiKey)).headers.get('ratelimit-limit')).toBe('120');
    // Options left out keep what the plan has; nonsense is refused before anything is written.
    await COMMANDS['plan:create'].run({ name: 'Rate plan small', credits: '1000' });
    expect(await planRateLimit(small.organization.id)).toEqual({ perMinute: 120, burst: null });
    await expect(COMMANDS['plan:create'].run({ name: 'Rate plan small', credits: '1000', 'api-rate-per-minute': '-5' })).rejects.toThrow(
      /non-negative integer/,
    );
    await expect(COMMANDS['plan:create'].run({ name: 'Rate plan small', credits: '1000', 'api-rate-burst': '1e9' })).rejects.toThrow(/non-negative integer/);
  });

  it('combines a plan with the deployment setting as documented', () => {
    const deployment = { perMinute: 60, burst: 10 };
    expect(effectiveApiLimit({ perMinute: null, burst: null }, deployment)).toEqual(deployment);
    expect(effectiveApiLimit({ perMinute: null, burst: null }, null)).toBeNull();
    expect(effectiveApiLimit({ perMinute: null, burst: 3 }, deployment)).toEqual({ perMinute: 60, burst: 3 });
    expect(effectiveApiLimit({ perMinute: null, burst: 3 }, null)).toBeNull();
    expect(effectiveApiLimit({ perMinute: 0, burst: null }, deployment)).toBeNull();
    expect(effectiveApiLimit({ perMinute: 30, burst: null }, null)).toEqual({ perMinute: 30, burst: 30 });
    expect(effectiveApiLimit({ perMinute: 0.5, burst: null }, null)).toEqual({ perMinute: 0.5, burst: 1 });
    expect(effectiveApiLimit({ perMinute: 30, burst: 0 }, deployment)).toBeNull();
  });
});

describe('per credential, shared through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

  it('two instances share one bucket per credential', async (ctx) => {
    if (!(await reachable(redisUrl))) {
      console.warn(`Redis is not reachable at ${redisUrl}: skipping the shared rate limit test`);
      ctx.skip();
      return;
    }
    const prefix = `ks:test:${a.tag}:`;
    const one = new RedisBuckets(redisUrl, prefix);
    const two = new RedisBuckets(redisUrl, prefix);
    try {
      const limit = { burst: 3, perMinute: 1 };
      const results = [await one.take('k', limit), await two.take('k', limit), await one.take('k', limit), await two.take('k', limit)];
      expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
      expect(results[1]).toMatchObject({ remaining: 1 });
      expect(results[3]).toMatchObject({ ok: false, retryAfterSeconds: 60 });
      expect((await two.take('other', limit)).ok).toBe(true);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('through route(): REDIS_URL set, 429 after the burst', async (ctx) => {
    if (!(await reachable(redisUrl))) {
      console.warn(`Redis is not reachable at ${redisUrl}: skipping the shared rate limit test`);
      ctx.skip();
      return;
    }
    overrideConfig({ REDIS_URL: redisUrl });
    limitTo(1);
    const key = (await createTenant('rlr')).apiKey;
    expect((await listDatasets(key)).status).toBe(200);
    expect((await listDatasets(key)).status).toBe(429);
  });

  it('fails open when Redis cannot be reached', async () => {
    const down = new RedisBuckets('redis://127.0.0.1:1/0');
    try {
      expect(await down.take('k', { burst: 1, perMinute: 1 })).toMatchObject({ ok: true });
      expect(await down.take('k', { burst: 1, perMinute: 1 })).toMatchObject({ ok: true });
    } finally {
      await down.close();
    }
  });
});

describe('smartpage limit and X-Forwarded-For', () => {
  const rate = (headers: Record<string, string>) =>
    call(ratings.POST, 'POST', '/api/smartpages/nope/assessments', { params: { slug: `nope-${a.tag}` }, body: { identifier: 'x', helpful: true }, headers });

  it('a client cannot escape its bucket by sending another X-Forwarded-For unless its peer is a trusted proxy', async () => {
    overrideConfig({ SMARTPAGE_RATE_LIMIT_BURST: '1', TRUSTED_PROXIES: '10.0.0.0/8' });
    resetBucketStores();
    const direct = (xff: string) => rate({ [PEER_HEADER]: peerStamp('198.51.100.20'), 'x-forwarded-for': xff });
    expect((await direct('203.0.113.1')).status).not.toBe(429);
    const refused = await direct('203.0.113.2');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.headers.get('ratelimit-limit')).toBe('1');
    // Behind the trusted proxy, each forwarded client has its own bucket.
    const proxied = (xff: string) => rate({ [PEER_HEADER]: peerStamp('10.0.0.5'), 'x-forwarded-for': xff });
    expect((await proxied('203.0.113.3')).status).not.toBe(429);
    expect((await proxied('203.0.113.4')).status).not.toBe(429);
    expect((await proxied('203.0.113.4')).status).toBe(429);
    // A forged entry left of the proxy's own does not buy a new bucket.
    expect((await proxied('1.2.3.4, 203.0.113.4')).status).toBe(429);
  });
});

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}
