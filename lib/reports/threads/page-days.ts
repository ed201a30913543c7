// A deep page of a common `question` term (offset 50,000, say) found by day:
// the matching threads are counted per UTC day of their start, and only the
// days holding the page are then read in page order, not every thread
// newer than it. Used by both databases' per-thread indexes.

/** Matching threads started on one UTC day (YYYY-MM-DD). */
export type DayCount = { day: string; n: number };

/** From this offset on, a page is looked for by day. */
export const DEEP_PAGE = 1000;

/**
 * The days (newest first in `days`) that hold matches `offset` to
 * `offset + limit - 1`, and how many matches lie in newer days; null past the last.
 */
export function daysHolding(days: DayCount[], offset: number, limit: number): { first: string; last: string; newer: number } | null {
  let newer = 0;
  let i = 0;
  while (i < days.length && newer + days[i].n <= offset) newer += days[i++].n;
  if (i === days.length) return null;
  const last = days[i].day;
  let seen = newer;
  let j = i;
  while (j < days.length - 1 && seen + days[j].n < offset + limit) seen += days[j++].n;
  return { first: days[j].day, last, newer };
}

/** All the matches of the days. */
export const totalOf = (days: DayCount[]) => days.reduce((sum, day) => sum + day.n, 0);

/** Adds up days counted separately (one count per project), newest first. */
export function mergeDays(lists: DayCount[][]): DayCount[] {
  const byDay = new Map<string, number>();
  for (const list of lists) for (const { day, n } of list) byDay.set(day, (byDay.get(day) ?? 0) + n);
  return [...byDay].map(([day, n]) => ({ day, n })).sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}
