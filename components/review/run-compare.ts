// Which questions got better or worse between two runs of a set. Pure.
type Ranked = { question: string; rank: number | null };
export type RankChange = { question: string; before: number | null; after: number | null };

/** A missing rank (not in the top 10) counts as worse than any rank. */
const value = (rank: number | null) => rank ?? Number.POSITIVE_INFINITY;

export function compareRuns(previous: Ranked[], latest: Ranked[]): { better: RankChange[]; worse: RankChange[] } {
  const before = new Map(previous.map((r) => [r.question, r.rank]));
  const better: RankChange[] = [];
  const worse: RankChange[] = [];
  for (const r of latest) {
    if (!before.has(r.question)) continue;
    const was = before.get(r.question)!;
    if (value(r.rank) < value(was)) better.push({ question: r.question, before: was, after: r.rank });
    else if (value(r.rank) > value(was)) worse.push({ question: r.question, before: was, after: r.rank });
  }
  return { better, worse };
}
