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
