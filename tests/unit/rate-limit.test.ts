// Token buckets on a fake clock, the RateLimit-* headers, the limits'
// configuration from the environment, and whose address a request is
// (X-Forwarded-For believed only from TRUSTED_PROXIES).
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenBuckets, rateLimitHeaders } from '@/lib/http/rate-limit';
import { perCredential, resetBucketStores, storeFor } from '@/lib/http/limit-policy';
import { RedisBuckets } from '@/lib/http/redis-buckets';
import { clientAddress, peerAddress, peerStamp, PEER_HEADER } from '@/lib/http/client-address';
import { installFrontDoor } from '@/lib/http/front-door';
import { overrideConfig, readConfig } from '@/lib/config';
import { parseTrustedProxies } from '@/lib/config/addresses';

describe('TokenBuckets', () => {
  it('allows the burst, then one request per refill interval, with the wait in whole seconds', () => {
    const buckets = new TokenBuckets({ burst: 3, perMinute: 6 }); // a token every 10 s
    const t0 = 1_000_000;
    expect(buckets.takeNow('ip page', t0)).toEqual({ ok: true, remaining: 2, resetSeconds: 10 });
    expect(buckets.takeNow('ip page', t0)).toEqual({ ok: true, remaining: 1, resetSeconds: 20 });
    expect(buckets.takeNow('ip page', t0)).toEqual({ ok: true, remaining: 0, resetSeconds: 30 });
    expect(buckets.takeNow('ip page', t0)).toEqual({ ok: false, remaining: 0, resetSeconds: 30, retryAfterSeconds: 10 });
    expect(buckets.takeNow('ip page', t0 + 7_500)).toMatchObject({ ok: false, retryAfterSeconds: 3 });
    expect(buckets.takeNow('ip page', t0 + 10_000)).toMatchObject({ ok: true, remaining: 0 });
    expect(buckets.takeNow('ip page', t0 + 10_001)).toMatchObject({ ok: false });
    // Never more than the burst, however long the pause.
    for (let i = 0; i < 3; i++) expect(buckets.takeNow('ip page', t0 + 3_600_000)).toMatchObject({ ok: true });
    expect(buckets.takeNow('ip page', t0 + 3_600_000)).toMatchObject({ ok: false });
  });

  it('keeps keys apart and forgets the least recently used beyond its size', () => {
    const buckets = new TokenBuckets({ burst: 1, perMinute: 1 }, 2);
    expect(buckets.takeNow('a', 0)).toMatchObject({ ok: true });
    expect(buckets.takeNow('b', 0)).toMatchObject({ ok: true });
    expect(buckets.takeNow('a', 1)).toMatchObject({ ok: false });
    expect(buckets.takeNow('c', 2)).toMatchObject({ ok: true });
    expect(buckets.size).toBe(2);
    // 'b' was the least recently used, so it starts over with a full bucket.
    expect(buckets.takeNow('b', 3)).toMatchObject({ ok: true });
  });

  it('with no refill says to come back in a minute', () => {
    const buckets = new TokenBuckets({ burst: 1, perMinute: 0 });
    buckets.takeNow('k', 0);
    expect(buckets.takeNow('k', 0)).toMatchObject({ ok: false, retryAfterSeconds: 60 });
  });

  it('gives the RateLimit-* headers, and Retry-After only on a refusal', () => {
    const limit = { burst: 2, perMinute: 60 };
    const buckets = new TokenBuckets(limit);
    expect(rateLimitHeaders(limit, buckets.takeNow('k', 0))).toEqual({ 'ratelimit-limit': '2', 'ratelimit-remaining': '1', 'ratelimit-reset': '1' });
    buckets.takeNow('k', 0);
    expect(rateLimitHeaders(limit, buckets.takeNow('k', 0))).toEqual({
      'ratelimit-limit': '2',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '2',
      'retry-after': '1',
    });
  });
});

describe('the API rate limit in the configuration', () => {
  it.each([
    [{}, null],
    [{ API_RATE_LIMIT_PER_MINUTE: '120' }, { burst: 120, perMinute: 120 }],
    [
      { API_RATE_LIMIT_PER_MINUTE: '120', API_RATE_LIMIT_BURST: '10' },
      { burst: 10, perMinute: 120 },
    ],
    [{ API_RATE_LIMIT_PER_MINUTE: '120', API_RATE_LIMIT_BURST: '0' }, null],
    [{ API_RATE_LIMIT_PER_MINUTE: '0', API_RATE_LIMIT_BURST: '10' }, null],
  ])('%j → %j', (env, expected) => {
    expect(readConfig(env).apiRateLimit).toEqual(expected);
  });

  it('refuses a value that is not a number, naming the variable', () => {
    expect(() => readConfig({ API_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(/API_RATE_LIMIT_PER_MINUTE/);
    expect(() => readConfig({ API_RATE_LIMIT_PER_MINUTE: '5', API_RATE_LIMIT_BURST: '1.5' })).toThrow(/API_RATE_LIMIT_BURST/);
  });
});

describe('storeFor', () => {
  afterEach(() => {
    overrideConfig();
    resetBucketStores();
  });

  it('keeps one store per limit and REDIS_URL, and sees REDIS_URL changed with overrideConfig', () => {
    const limit = { burst: 2, perMinute: 1 };
    const local = storeFor(perCredential, limit);
    expect(local).toBeInstanceOf(TokenBuckets);
    expect(storeFor(perCredential, limit)).toBe(local);
    expect(storeFor(perCredential, { burst: 3, perMinute: 1 })).not.toBe(local);
    overrideConfig({ REDIS_URL: 'redis://127.0.0.1:1/0' });
    expect(storeFor(perCredential, limit)).toBeInstanceOf(RedisBuckets);
    overrideConfig();
    expect(storeFor(perCredential, limit)).toBe(local);
  });
});

describe('the smartpage rate limit in the configuration', () => {
  it.each([
    [{}, { burst: 20, perMinute: 10 }],
    [
      { SMARTPAGE_RATE_LIMIT_BURST: '5', SMARTPAGE_RATE_LIMIT_PER_MINUTE: '2.5' },
      { burst: 5, perMinute: 2.5 },
    ],
    [{ SMARTPAGE_RATE_LIMIT_BURST: '0' }, null],
  ])('%j → %j', (env, expected) => {
    expect(readConfig(env).smartpageRateLimit).toEqual(expected);
  });

  it('refuses a value that is not a number, naming the variable', () => {
    expect(() => readConfig({ SMARTPAGE_RATE_LIMIT_BURST: 'many' })).toThrow(/SMARTPAGE_RATE_LIMIT_BURST/);
    expect(() => readConfig({ SMARTPAGE_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/SMARTPAGE_RATE_LIMIT_PER_MINUTE/);
  });
});

describe('clientAddress', () => {
  const proxies = parseTrustedProxies('10.0.0.0/8, 192.0.2.7, fd00::/8');
  const request = (headers: Record<string, string>, socket?: string) =>
    new Request('http://localhost/x', { headers: socket ? { ...headers, [PEER_HEADER]: peerStamp(socket) } : headers });

  it.each([
    ['a direct client: its socket, whatever it claims', { 'x-forwarded-for': '203.0.113.5' }, '198.51.100.9', '198.51.100.9'],
    ['a direct client on a dual-stack socket', {}, '::ffff:198.51.100.9', '198.51.100.9'],
    ['a trusted proxy: the client it reports', { 'x-forwarded-for': '203.0.113.5' }, '10.1.2.3', '203.0.113.5'],
    ['a trusted proxy: a forged left-hand entry is skipped', { 'x-forwarded-for': '1.1.1.1, 203.0.113.5' }, '10.1.2.3', '203.0.113.5'],
    ['two trusted hops', { 'x-forwarded-for': '203.0.113.5, 192.0.2.7' }, '10.1.2.3', '203.0.113.5'],
    ['a trusted proxy with X-Real-IP only', { 'x-real-ip': '203.0.113.6' }, 'fd00::1', '203.0.113.6'],
    ['a trusted proxy that reports nobody', {}, '10.1.2.3', '10.1.2.3'],
  ])('%s', (_, headers, socket, expected) => {
    expect(clientAddress(request(headers, socket), proxies)).toBe(expected);
  });

  it('a stamp not made by this process is ignored (a client cannot claim a socket address)', () => {
    const forged = new Request('http://localhost/x', {
      headers: { [PEER_HEADER]: '0123456789abcdef0123456789abcdef 10.1.2.3', 'x-forwarded-for': '203.0.113.5' },
    });
    expect(peerAddress(forged)).toBeNull();
  });

  it.each([
    [{ 'x-forwarded-for': '203.0.113.5, 10.0.0.1' }, '10.0.0.1'],
    [{ 'x-real-ip': '198.51.100.2' }, '198.51.100.2'],
    [{}, 'unknown'],
  ])('without a stamp (handlers called directly) %j → %s', (headers, expected) => {
    expect(clientAddress(request(headers), proxies)).toBe(expected);
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or range', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies('proxy.local')).toThrow(/TRUSTED_PROXIES/);
    expect(() => readConfig({ TRUSTED_PROXIES: '10.0.0.0/8, proxy.local' })).toThrow(
      'Invalid configuration: TRUSTED_PROXIES: "proxy.local" is not an IP address or CIDR range',
    );
  });

  it('the server stamps each request with its socket address, replacing what the client sent', async () => {
    installFrontDoor();
    let seen: string | undefined;
    const server = http.createServer((req, res) => {
      seen = req.headers[PEER_HEADER] as string;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_HEADER]: 'forged 10.9.9.9' } });
    } finally {
      server.close();
    }
    expect(peerAddress(new Request('http://x/', { headers: { [PEER_HEADER]: seen! } }))).toBe('127.0.0.1');
  });
});
