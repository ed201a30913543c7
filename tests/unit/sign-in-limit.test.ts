// Password guessing: 10 failures per account or address in 15 minutes, then 429.
import { afterEach, describe, expect, it } from 'vitest';
import { SignInLimiter, signInLimiter } from '@/lib/auth/sign-in-limit';
import { overrideConfig } from '@/lib/config';
import { ApiError, statusOf } from '@/lib/http/errors';

const limit = { perAccount: 3, perAddress: 5, windowMs: 15 * 60_000 };

function refusal(fn: () => unknown): ApiError | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe('SignInLimiter', () => {
  it('locks an account after the limit, even for the right password, until the oldest failure ages out', () => {
    const limiter = new SignInLimiter(limit);
    for (let i = 0; i < 3; i++) limiter.begin('Ana@x.test', `10.0.0.${i}`, 1000 + i);
    const locked = refusal(() => limiter.begin('ana@x.test', '10.9.9.9', 2000));
    expect(locked && statusOf(locked)).toBe(429);
    expect(locked?.detail).toBe('Too many failed sign-in attempts; try again in 15 minutes');
    expect(Number(locked?.headers['retry-after'])).toBe(Math.ceil((1000 + limit.windowMs - 2000) / 1000));
    expect(refusal(() => limiter.begin('ana@x.test', '10.9.9.9', 1000 + limit.windowMs))).toBeNull();
  });

  it('locks an address that tries many accounts', () => {
    const limiter = new SignInLimiter(limit);
    for (let i = 0; i < 5; i++) limiter.begin(`user${i}@x.test`, '10.0.0.1', 1000);
    expect(statusOf(refusal(() => limiter.begin('someone@x.test', '10.0.0.1', 1001))!)).toBe(429);
    expect(refusal(() => limiter.begin('someone@x.test', '10.0.0.2', 1001))).toBeNull();
  });

  it('a success clears the account and does not count against the address', () => {
    const limiter = new SignInLimiter(limit);
    limiter.begin('ana@x.test', '10.0.0.1', 1000);
    limiter.begin('ana@x.test', '10.0.0.1', 1001);
    limiter.begin('ana@x.test', '10.0.0.1', 1002).succeeded();
    expect(refusal(() => limiter.begin('ana@x.test', '10.0.0.1', 1003))).toBeNull();
  });

  it('attempts sent at once are counted before the password is checked', () => {
    const limiter = new SignInLimiter(limit);
    const results = Array.from({ length: 10 }, () => refusal(() => limiter.begin('ana@x.test', '10.0.0.1', 5000)));
    expect(results.filter((r) => r === null)).toHaveLength(3);
  });

  it('keeps a bounded number of keys', () => {
    const limiter = new SignInLimiter(limit, 100);
    for (let i = 0; i < 1000; i++) limiter.begin(`u${i}@x.test`, `a${i}`, 1000);
    expect((limiter as unknown as { failures: Map<string, number[]> }).failures.size).toBeLessThanOrEqual(100);
  });
});

describe('signInLimiter', () => {
  afterEach(() => overrideConfig());

  it('takes its limits from the configuration (SIGN_IN_*), and keeps its counts while they stay the same', () => {
    overrideConfig({ SIGN_IN_MAX_FAILURES: '2', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100', SIGN_IN_WINDOW_MINUTES: '1' });
    const limiter = signInLimiter();
    expect(limiter.limit).toEqual({ perAccount: 2, perAddress: 100, windowMs: 60_000 });
    limiter.begin('bo@x.test', '10.0.0.1', 1000);
    overrideConfig({ IMPORT_MAX_BYTES: '1024' });
    expect(signInLimiter()).toBe(limiter);
    signInLimiter().begin('bo@x.test', '10.0.0.1', 1001);
    expect(statusOf(refusal(() => signInLimiter().begin('bo@x.test', '10.0.0.1', 1002))!)).toBe(429);
    overrideConfig({ SIGN_IN_MAX_FAILURES: undefined });
    expect(signInLimiter().limit.perAccount).toBe(10);
  });
});
