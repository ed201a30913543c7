import { describe, expect, it } from 'vitest';
import { CACHE_FROM, CACHE_MS, createCountCache } from '@/lib/search/common-count-cache';

describe('counts kept between questions', () => {
  it('keeps a large count, never a small one: a rare word is always counted afresh', () => {
    const cache = createCountCache();
    cache.set(1, 'python', CACHE_FROM, 0);
    cache.set(1, 'walrus', CACHE_FROM - 1, 0);
    cache.set(1, 'missing', 0, 0);
    expect(cache.get(1, 'python', 1)).toBe(CACHE_FROM);
    expect(cache.get(1, 'walrus', 1)).toBeUndefined();
    expect(cache.get(1, 'missing', 1)).toBeUndefined();
  });

  it('trusts a count for CACHE_MS, then counts again', () => {
    const cache = createCountCache();
    cache.set(1, 'python', 9_000, 1_000);
    expect(cache.get(1, 'python', 1_000 + CACHE_MS - 1)).toBe(9_000);
    expect(cache.get(1, 'python', 1_000 + CACHE_MS)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps datasets apart', () => {
    const cache = createCountCache();
    cache.set(1, 'python', 9_000, 0);
    expect(cache.get(2, 'python', 1)).toBeUndefined();
  });

  it('drops the oldest entry when full; a count set again becomes the newest', () => {
    const cache = createCountCache(2);
    cache.set(1, 'a', 1_000, 0);
    cache.set(1, 'b', 1_000, 0);
    cache.set(1, 'a', 1_001, 0);
    cache.set(1, 'c', 1_000, 0);
    expect(cache.size).toBe(2);
    expect(cache.get(1, 'b', 1)).toBeUndefined();
    expect(cache.get(1, 'a', 1)).toBe(1_001);
    expect(cache.get(1, 'c', 1)).toBe(1_000);
  });
});
