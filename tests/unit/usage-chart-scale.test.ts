import { describe, expect, it } from 'vitest';
import { cumulative, niceTicks, remainderOf } from '@/components/usage/chart-scale';

describe('round axis ticks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten, from 0 to a top that holds the maximum', () => {
    expect(niceTicks(1_800_000)).toEqual([0, 500_000, 1_000_000, 1_500_000, 2_000_000]);
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(101)).toEqual([0, 50, 100, 150]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0.4)).toEqual([0, 1]);
  });

  it('has a sane axis for nothing and for nonsense', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
    expect(niceTicks(-5)).toEqual([0, 1]);
  });

  it('never has more than a handful of ticks', () => {
    for (const max of [1, 9, 11, 99, 1234, 98_765, 1e9 + 7]) {
      const ticks = niceTicks(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    }
  });
});

describe('totals', () => {
  it('runs a total and finds what a top list leaves out', () => {
    expect(cumulative([1, 2, 0, 4])).toEqual([1, 3, 3, 7]);
    expect(remainderOf(100, [60, 30])).toBe(10);
    expect(remainderOf(10, [6, 6])).toBe(0);
  });
});
