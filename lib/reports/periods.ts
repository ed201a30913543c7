// Report periods: defaults, the earliest selectable day, the automatic
// granularity of a series, zero-filled buckets and the previous period.
// Days are UTC `YYYY-MM-DD` strings throughout, the same form as the
// `day` columns of interactions and usage_daily.
import { badRequest } from '../errors';

/** The earliest selectable start date (spec, Limits). */
export const MIN_DATE = '2025-02-01';

/**
 * The latest day any report accepts, and the longest period it covers.
 * The spec sets neither; without them one request for `end_date=9999-12-31`
 * built millions of daily buckets and took the process down. Ten years and
 * a day more than a leap day cover any period a dashboard shows.
 */
export const MAX_DATE = '2099-12-31';
export const MAX_SPAN_DAYS = 3_660;

export type Granularity = 'daily' | 'weekly' | 'monthly';
export type DayRange = { start: string; end: string };
export type Bucket = { date: string; from: string; to: string };

const DAY_MS = 86_400_000;

export const today = (now = new Date()) => now.toISOString().slice(0, 10);
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => fromMs(toMs(day) + n * DAY_MS);
/** Days since 1970-01-01 (negative before it), and back. */
export const dayNumber = (day: string) => Math.floor(toMs(day) / DAY_MS);
export const dayOfNumber = (n: number) => fromMs(n * DAY_MS);
/** Inclusive number of days from start to end. */
export const lengthInDays = (range: DayRange) => Math.round((toMs(range.end) - toMs(range.start)) / DAY_MS) + 1;

export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function lastOfMonth(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return fromMs(Date.UTC(y, m, 0));
}

/** The first instant after `day` ends, for timestamp comparisons. */
export const endOfDayExclusive = (day: string) => new Date(toMs(day) + DAY_MS);
export const startOfDay = (day: string) => new Date(toMs(day));

/**
 * Applies defaults and the rule that the end may not precede the start.
 * Missing values take the endpoint's defaults. `minimum`: the spec's
 * earliest selectable start (its Limits table names credits_resume and
 * token_resume only; for threads and downloads 2025-02-01 is just the default).
 */
export function resolveRange(
  query: { start_date?: string; end_date?: string },
  defaults: { start: string; end: string | null },
  minimum: string | null = null,
): { start: string; end: string | null } {
  const start = query.start_date ?? defaults.start;
  const end = query.end_date ?? defaults.end;
  if (minimum !== null && start < minimum) throw badRequest(`start_date must not be before ${minimum}`);
  if (end !== null && end < start) throw badRequest('end_date must not be before start_date');
  if (end !== null && lengthInDays({ start, end }) > MAX_SPAN_DAYS) {
    throw badRequest(
      `The period from ${start} to ${end} is longer than the maximum of ${MAX_SPAN_DAYS} days; choose a later start_date or an earlier end_date`,
    );
  }
  return { start, end };
}

/** overview, credits_resume, token_resume: the current calendar month by default. */
export function monthRange(query: { start_date?: string; end_date?: string }, now = new Date(), minimum: string | null = null): DayRange {
  const current = today(now);
  const range = resolveRange(query, { start: firstOfMonth(current), end: lastOfMonth(current) }, minimum);
  return { start: range.start, end: range.end ?? lastOfMonth(current) };
}

/**
 * Daily up to 31 days, weekly up to 183 days (about six months), monthly
 * beyond. Weekly buckets are 7-day blocks counted from the start date;
 * monthly buckets are calendar months cut to the range.
 */
export function granularityOf(range: DayRange): Granularity {
  const days = lengthInDays(range);
  if (days <= 31) return 'daily';
  if (days <= 183) return 'weekly';
  return 'monthly';
}

/** Every bucket of the range, in order; `date` is the bucket's first day inside the range. */
export function bucketsOf(range: DayRange, granularity = granularityOf(range)): Bucket[] {
  const buckets: Bucket[] = [];
  let from = range.start;
  while (from <= range.end) {
    let to: string;
    if (granularity === 'daily') to = from;
    else if (granularity === 'weekly') to = addDays(from, 6);
    else to = lastOfMonth(from);
    if (to > range.end) to = range.end;
    buckets.push({ date: from, from, to });
    from = addDays(to, 1);
  }
  return buckets;
}

/** Maps a day of the range to the index of its bucket. */
export function bucketIndexer(buckets: Bucket[]): (day: string) => number {
  const index = new Map<string, number>();
  buckets.forEach((bucket, i) => {
    for (let d = bucket.from; d <= bucket.to; d = addDays(d, 1)) index.set(d, i);
  });
  return (day) => index.get(day) ?? -1;
}

/** The period of the same length that ends the day before `range` starts. */
export function previousPeriod(range: DayRange): DayRange {
  const days = lengthInDays(range);
  return { start: addDays(range.start, -days), end: addDays(range.start, -1) };
}

/**
 * Change from the previous period in percent, two decimals; positive is an
 * increase. When the previous period is 0 there is no ratio: 100 when
 * anything was used now, 0 when nothing was.
 */
export function percentDifference(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return round2(((current - previous) / previous) * 100);
}

/** part / whole in percent, two decimals; 0 when the whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : round2((part / whole) * 100);
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
