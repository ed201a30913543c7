// One seeded generator for everything that must come out the same on every
// run: the fuzz suite's cases (a failure reproduces from its seed) and the
// reports benchmark's data set (the same rows on SQLite and PostgreSQL).

/** mulberry32: small, fast, and good enough for test data; not for secrets. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
