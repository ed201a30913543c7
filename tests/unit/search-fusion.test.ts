// Reciprocal-rank fusion of the lexical and vector rankings, and the 0..1
// scores the fused list reports.
import { describe, expect, it } from 'vitest';
import { fuseHybrid, reciprocalRank, RRF_K } from '@/lib/search/fusion';

describe('reciprocal rank fusion', () => {
  it('adds 1/(k + rank) over the lists, k = 60', () => {
    expect(RRF_K).toBe(60);
    const fused = reciprocalRank([
      [10, 20, 30],
      [30, 40],
    ]);
    expect(fused.get(10)).toBeCloseTo(1 / 61, 12);
    expect(fused.get(20)).toBeCloseTo(1 / 62, 12);
    expect(fused.get(30)).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused.get(40)).toBeCloseTo(1 / 62, 12);
  });

  it('a passage ranked well in both lists beats the top of either list alone; rank ties go to the stronger evidence', () => {
    const fused = fuseHybrid(
      [
        { id: 1, score: 0.9 },
        { id: 2, score: 0.8 },
        { id: 3, score: 0.5 },
      ],
      [
        { id: 4, similarity: 0.95 },
        { id: 2, similarity: 0.7 },
        { id: 5, similarity: 0.4 },
      ],
    );
    expect(fused.map((f) => f.id)).toEqual([2, 4, 1, 3, 5]);
    expect(fused[0].rrf).toBeCloseTo(2 / 62, 12);
    // Scores keep their absolute meaning (max of lexical score and similarity),
    // capped by the passage above so the list stays best first.
    expect(fused.map((f) => f.score)).toEqual([0.8, 0.8, 0.8, 0.5, 0.4]);
  });

  it('without vector hits the lexical order and scores are unchanged; zero-score passages count only by vector', () => {
    const lexical = [
      { id: 7, score: 0.61234 },
      { id: 8, score: 0.3 },
      { id: 9, score: 0 },
    ];
    expect(fuseHybrid(lexical, []).map((f) => [f.id, f.score])).toEqual([
      [7, 0.6123],
      [8, 0.3],
    ]);
    const withVector = fuseHybrid(lexical, [{ id: 9, similarity: 0.45 }]);
    expect(withVector.map((f) => [f.id, f.score])).toEqual([
      [7, 0.6123],
      [9, 0.45],
      [8, 0.3],
    ]);
  });

  it('keeps every score in 0..1 and the list best first, whatever the inputs', () => {
    const fused = fuseHybrid(
      Array.from({ length: 30 }, (_, i) => ({ id: i, score: Math.abs(Math.sin(i)) })),
      Array.from({ length: 30 }, (_, i) => ({ id: 100 - i * 3, similarity: Math.cos(i) * 1.2 })),
    );
    for (const f of fused) expect(f.score >= 0 && f.score <= 1).toBe(true);
    for (let i = 1; i < fused.length; i++) {
      expect(fused[i].rrf).toBeLessThanOrEqual(fused[i - 1].rrf);
      expect(fused[i].score).toBeLessThanOrEqual(fused[i - 1].score);
    }
  });
});
