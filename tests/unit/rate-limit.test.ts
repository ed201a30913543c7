// The token bucket behind the smartpage rate limit, on a fake clock, and its
// configuration from the environment.
import { describe, expect, it } from 'vitest';
import { clientAddress, TokenBuckets } from '@/lib/http/rate-limit';
import { smartpageRateLimit } from '@/lib/smartpages/rate-limit';

describe('TokenBuckets', () => {
  it('allows the burst, then one request per refill interval, with the wait in whole seconds', () => {
    const buckets = new TokenBuckets({ burst: 3, perMinute: 6 }); // a token every 10 s
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(buckets.take('ip page', t0)).toEqual({ ok: true });
    expect(buckets.take('ip page', t0)).toEqual({ ok: false, retryAfterSeconds: 10 });
    expect(buckets.take('ip page', t0 + 7_500)).toEqual({ ok: false, retryAfterSeconds: 3 });
    expect(buckets.take('ip page', t0 + 10_000)).toEqual({ ok: true });
    expect(buckets.take('ip page', t0 + 10_001)).toMatchObject({ ok: false });
    // Never more than the burst, however long the pause.
    for (let i = 0; i < 3; i++) expect(buckets.take('ip page', t0 + 3_600_000)).toEqual({ ok: true });
    expect(buckets.take('ip page', t0 + 3_600_000)).toMatchObject({ ok: false });
  });

  it('keeps keys apart and forgets the least recently used beyond its size', () => {
    const buckets = new TokenBuckets({ burst: 1, perMinute: 1 }, 2);
    expect(buckets.take('a', 0)).toEqual({ ok: true });
    expect(buckets.take('b', 0)).toEqual({ ok: true });
    expect(buckets.take('a', 1)).toMatchObject({ ok: false });
    expect(buckets.take('c', 2)).toEqual({ ok: true });
    expect(buckets.size).toBe(2);
    // 'b' was the least recently used, so it starts over with a full bucket.
    expect(buckets.take('b', 3)).toEqual({ ok: true });
  });

  it('with no refill says to come back in a minute', () => {
    const buckets = new TokenBuckets({ burst: 1, perMinute: 0 });
    buckets.take('k', 0);
    expect(buckets.take('k', 0)).toEqual({ ok: false, retryAfterSeconds: 60 });
  });
});

describe('clientAddress', () => {
  const request = (headers: Record<string, string>) => new Request('http://localhost/x', { headers });
  it.each([
    [{ 'x-forwarded-for': '203.0.113.5, 10.0.0.1' }, '203.0.113.5'],
    [{ 'x-real-ip': '198.51.100.2' }, '198.51.100.2'],
    [{}, 'unknown'],
  ])('%j → %s', (headers, expected) => {
    expect(clientAddress(request(headers))).toBe(expected);
  });
});

describe('smartpageRateLimit', () => {
  it.each([
    [{}, { burst: 20, perMinute: 10 }],
    [{ SMARTPAGE_RATE_LIMIT_BURST: '5', SMARTPAGE_RATE_LIMIT_PER_MINUTE: '2.5' }, { burst: 5, perMinute: 2.5 }],
    [{ SMARTPAGE_RATE_LIMIT_BURST: '0' }, null],
  ])('%j → %j', (env, expected) => {
    expect(smartpageRateLimit(env)).toEqual(expected);
  });

  it('refuses a value that is not a number, naming the variable', () => {
    expect(() => smartpageRateLimit({ SMARTPAGE_RATE_LIMIT_BURST: 'many' })).toThrow(/SMARTPAGE_RATE_LIMIT_BURST/);
    expect(() => smartpageRateLimit({ SMARTPAGE_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/SMARTPAGE_RATE_LIMIT_PER_MINUTE/);
  });
});
