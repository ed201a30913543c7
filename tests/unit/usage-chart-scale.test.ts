import { describe, expect, it } from 'vitest';
import { cumulative, minSliceSize, niceTicks, remainderOf, runningTotalAxis } from '@/components/usage/chart-scale';

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

describe("the credits chart's running-total axis", () => {
  it('stretches to the plan limit only when the running total reaches a quarter of it', () => {
    // 2,356 credits of 1.1M: the limit would flatten the total to the bottom; the axis fits the total.
    expect(runningTotalAxis(2356, 1_100_000)).toEqual({ ticks: niceTicks(2356), limitInView: false });
    expect(runningTotalAxis(300_000, 1_100_000)).toEqual({ ticks: niceTicks(1_100_000), limitInView: true });
    expect(runningTotalAxis(4056, 5000).limitInView).toBe(true);
    expect(runningTotalAxis(4056, 5000).ticks.at(-1)).toBeGreaterThanOrEqual(5000);
  });

  it('has no limit to place without a positive one', () => {
    expect(runningTotalAxis(10, null).limitInView).toBe(false);
    expect(runningTotalAxis(10, 0).limitInView).toBe(false);
  });
});

describe('stacked bar slices', () => {
  const rows = [
    { workspace_credits: 2356, api_credits: 0 },
    { workspace_credits: 0, api_credits: 2 },
  ];
  it('draws nothing for a zero slice, even on top of a tall one', () => {
    // recharts passes the top of the stack (2,356 here), not the slice's own value.
    expect(minSliceSize(rows, 'api_credits')(2356, 0)).toBe(0);
  });
  it('keeps a small slice visible', () => {
    expect(minSliceSize(rows, 'api_credits')(2, 1)).toBe(3);
    expect(minSliceSize(rows, 'workspace_credits')(2356, 0)).toBe(3);
    expect(minSliceSize(rows, 'workspace_credits')(0, 5)).toBe(0);
  });
});
