// Token buckets in Redis, shared by every instance (REDIS_URL). One Lua
// script refills and takes atomically, on Redis's own clock (TIME), so
// instances with skewed clocks agree. When Redis cannot be reached the
// request is let through (fail open) and a warning is logged at most every
// 30 s: an outage of the limiter must not become an outage of the API.
import Redis from 'ioredis';
import { logger } from '../observability/log';
import { TokenBuckets, takeResult, type BucketStore, type RateLimit, type Take } from './rate-limit';

const SCRIPT = `
local burst = tonumber(ARGV[1])
local per_ms = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 't', 'a')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * per_ms)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'a', tostring(now))
local full_ms = 60000
if per_ms > 0 then full_ms = math.ceil((burst - tokens) / per_ms) end
redis.call('PEXPIRE', KEYS[1], math.max(1000, full_ms))
return {ok, tostring(tokens)}
`;

type ScriptedRedis = Redis & { takeToken(key: string, burst: number, perMs: number): Promise<[number, string]> };

export class RedisBuckets implements BucketStore {
  private readonly redis: ScriptedRedis;
  private lastWarning = 0;
  /** The first connection: requests wait for it (briefly), later outages fail open at once. */
  private firstConnection: Promise<void> | null;

  constructor(
    url: string,
    private readonly prefix = 'ks:rl:',
  ) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      // A command while disconnected fails at once instead of queueing: the request goes on.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      commandTimeout: 500,
      retryStrategy: (times) => Math.min(times * 200, 5000),
    }) as ScriptedRedis;
    this.redis.defineCommand('takeToken', { numberOfKeys: 1, lua: SCRIPT });
    this.redis.on('error', (error) => this.warn(error));
    this.firstConnection = this.redis.connect().then(
      () => undefined,
      (error) => this.warn(error),
    );
    void this.firstConnection.finally(() => (this.firstConnection = null));
  }

  async take(key: string, limit: RateLimit): Promise<Take> {
    try {
      if (this.firstConnection) await Promise.race([this.firstConnection, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      const [ok, tokens] = await this.redis.takeToken(this.prefix + key, limit.burst, limit.perMinute / 60_000);
      return takeResult(limit, Number(tokens), ok === 1);
    } catch (error) {
      this.warn(error);
      return { ok: true, remaining: limit.burst, resetSeconds: 0 };
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < 30_000) return;
    this.lastWarning = now;
    logger().warn({ err: error }, 'rate limit store (Redis) unreachable: requests are let through unlimited');
  }
}

/** Redis when REDIS_URL is set (`redisUrl`), else this process's own buckets. */
export function bucketStore(limit: RateLimit, redisUrl: string | null, prefix?: string): BucketStore {
  return redisUrl ? new RedisBuckets(redisUrl, prefix) : new TokenBuckets(limit);
}
