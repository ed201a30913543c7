// Axis arithmetic of the dashboards' charts: round ticks people can read
// (0, 500K, 1M, 1.5M, 2M rather than 0, 450K, 900K, 1.4M, 1.8M) and running
// totals. Pure, so it is unit-tested.

/** The nearest "nice" step (1, 2, 2.5 or 5 × 10^k) at or above `raw`. */
function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    if (factor * magnitude >= raw) return factor * magnitude;
  }
  return 10 * magnitude;
}

/**
 * Ticks from 0 to a round top that holds `max`, about `count` intervals.
 * Integers only: the charts count credits, tokens and requests.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const step = Math.max(1, niceStep(max / count));
  const intervals = Math.ceil(max / step - 1e-9);
  return Array.from({ length: intervals + 1 }, (_, i) => Math.round(i * step));
}

/** Running totals of `values`. */
export function cumulative(values: number[]): number[] {
  let sum = 0;
  return values.map((v) => (sum += v));
}

/** The part of `total` the listed rows do not account for (never negative). */
export function remainderOf(total: number, listed: number[]): number {
  return Math.max(0, total - listed.reduce((a, b) => a + b, 0));
}

/**
 * The running total's share of the plan limit below which the limit is not
 * drawn: on an axis stretched to the limit, a total under a quarter of it
 * would be a flat line along the bottom. The chart names the limit instead.
 */
export const LIMIT_IN_VIEW_SHARE = 0.25;

/**
 * The right axis of the credits chart, which the running total and the plan
 * limit share: its ticks, and whether the limit is within them (drawn).
 */
export function runningTotalAxis(totalMax: number, limit: number | null | undefined): { ticks: number[]; limitInView: boolean } {
  const limitInView = typeof limit === 'number' && limit > 0 && totalMax >= limit * LIMIT_IN_VIEW_SHARE;
  return { ticks: niceTicks(Math.max(totalMax, limitInView ? limit : 0)), limitInView };
}

/**
 * recharts' `minPointSize` for one series of a stacked bar: a slice that is
 * not zero stays visible (`px` high) next to a large one; a zero slice draws
 * nothing. recharts hands the callback the top of the stack, not the slice's
 * own value, so the slice is read from the row.
 */
export function minSliceSize<K extends string>(rows: ReadonlyArray<Record<K, number>>, key: K, px = 3): (value: unknown, index: number) => number {
  return (_stackTop, index) => ((rows[index]?.[key] ?? 0) > 0 ? px : 0);
}
