// Hybrid retrieval: the lexical ranking (after re-ranking) and the vector
// ranking are fused by reciprocal rank, which needs no calibration between
// a BM25-based score and a cosine similarity:
//   rrf(d) = Σ over the lists holding d of 1 / (RRF_K + rank of d)   (rank from 1)
// The fused order decides the list. Each passage then reports a score in
// 0..1 that keeps its absolute meaning, so a preset's min_score still
// thresholds across questions: its evidence, max(re-ranked lexical score,
// cosine similarity), capped by the score of the passage above it so the
// list stays best first.
export const RRF_K = 60;

export type Fused = { id: number; rrf: number; score: number };

/** Reciprocal-rank fusion of ranked id lists (best first): id → fused value. */
export function reciprocalRank(lists: number[][], k = RRF_K): Map<number, number> {
  const fused = new Map<number, number>();
  for (const list of lists) list.forEach((id, i) => fused.set(id, (fused.get(id) ?? 0) + 1 / (k + i + 1)));
  return fused;
}

/**
 * lexical: passages with their re-ranked score, best first (score 0 = no
 * lexical evidence, left out of the lexical list); vector: passages with
 * their cosine similarity, best first.
 */
export function fuseHybrid(lexical: { id: number; score: number }[], vector: { id: number; similarity: number }[]): Fused[] {
  const lexicalList = lexical.filter((d) => d.score > 0);
  const fused = reciprocalRank([lexicalList.map((d) => d.id), vector.map((h) => h.id)]);
  const evidence = new Map<number, number>();
  for (const d of lexicalList) evidence.set(d.id, d.score);
  for (const h of vector) evidence.set(h.id, Math.max(evidence.get(h.id) ?? 0, Math.min(1, Math.max(0, h.similarity))));
  const order = [...fused.entries()].sort((a, b) => b[1] - a[1] || (evidence.get(b[0]) ?? 0) - (evidence.get(a[0]) ?? 0) || a[0] - b[0]);
  let cap = 1;
  return order.map(([id, rrf]) => {
    const score = Math.round(Math.min(cap, evidence.get(id) ?? 0) * 10_000) / 10_000;
    cap = score;
    return { id, rrf, score };
  });
}
