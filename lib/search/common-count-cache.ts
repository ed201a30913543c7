// Counting the passages that hold a word is PostgreSQL's dearest step at
// scale: every match is a heap visit (up to DF_COUNT_CAP per term), so a
// question with two common words pays ~40,000 visits before ranking starts.
// A common word's count barely moves between imports, and IDF hardly changes
// with it, so counts of at least CACHE_FROM are kept for CACHE_MS per dataset
// and term. Small counts are never kept: whether a rare word is found at all,
// and whether it is ranked, depends on them, so they are counted afresh
// every time (and they are the cheap ones to count).

/** Counts below this are always counted afresh. */
export const CACHE_FROM = 500;
/** How long a kept count is trusted. */
export const CACHE_MS = 5 * 60_000;
/** Entries kept at most (about 100 bytes each); the oldest go first. */
const MAX_ENTRIES = 50_000;

type Entry = { count: number; until: number };

export type CountCache = {
  /** The kept count of `key` in the dataset, or undefined when it must be counted. */
  get(datasetId: number, key: string, now?: number): number | undefined;
  /** Keeps the count when it is large enough to be worth keeping. */
  set(datasetId: number, key: string, count: number, now?: number): void;
  clear(): void;
  readonly size: number;
};

export function createCountCache(maxEntries = MAX_ENTRIES): CountCache {
  // A Map iterates in insertion order: re-inserting on set makes the first
  // key the oldest, which is the one dropped when the cache is full.
  const entries = new Map<string, Entry>();
  const keyOf = (datasetId: number, key: string) => `${datasetId}\u0000${key}`;
  return {
    get(datasetId, key, now = Date.now()) {
      const id = keyOf(datasetId, key);
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(id);
        return undefined;
      }
      return entry.count;
    },
    set(datasetId, key, count, now = Date.now()) {
      if (count < CACHE_FROM) return;
      const id = keyOf(datasetId, key);
      entries.delete(id);
      entries.set(id, { count, until: now + CACHE_MS });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
