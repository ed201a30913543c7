// The tuning loop, in-process: ranks every question of the set with the
// app's own retrieve() on a database the benchmark imported, and prints
// recall@1/@5 and MRR@10 per half. No HTTP, no answer, no recording: one
// pass over 150 questions takes seconds, so a ranking idea can be tried
// quickly. run.ts, over the real API, is the measurement of record.
//
//   DATABASE_URL=file:/tmp/quality-tune/app.db DATA_DIR=/tmp/quality-tune npx tsx bench/quality/tune.ts
import path from 'node:path';
import { db } from '../../lib/db/client';
import { retrieve } from '../../lib/search/retrieve';
import { distinctPages, halfOf, loadQuestionSet, rankOf, scores, type Half, type Question } from './metrics';

const set = loadQuestionSet(process.env.QUESTIONS ?? path.join(import.meta.dirname, 'questions.json'));

async function main() {
  const dataset = await db().dataset.findFirstOrThrow({ where: { name: process.env.DATASET ?? 'PostgreSQL docs' }, orderBy: { id: 'desc' } });
  const ranks: { q: Question; half: Half; rank: number | null; top: string[] }[] = [];
  const started = performance.now();
  for (const [i, q] of set.questions.entries()) {
    const found = await retrieve(dataset.id, q.question, { topK: 10, minScore: 0 });
    const pages = distinctPages(found.map((p) => p.content.source));
    ranks.push({ q, half: halfOf(i), rank: rankOf(pages, q.pages), top: pages.slice(0, 3) });
  }
  const ms = (performance.now() - started) / set.questions.length;
  const row = (label: string, list: typeof ranks) => {
    const s = scores(list.map((r) => r.rank));
    return `${label.padEnd(6)} n=${String(s.n).padStart(3)}  R@1 ${s.r1.toFixed(3)}  R@5 ${s.r5.toFixed(3)}  MRR@10 ${s.mrr10.toFixed(3)}`;
  };
  console.log(row('all', ranks));
  console.log(row('tune', ranks.filter((r) => r.half === 'tune')));
  console.log(row('check', ranks.filter((r) => r.half === 'check')));
  console.log(`${ms.toFixed(1)} ms per question`);
  if (process.env.VERBOSE) for (const r of ranks.filter((x) => x.rank !== 1 && x.half === 'tune')) console.log(`${r.rank ?? 'miss'}\t${r.q.question}\t${r.q.pages.join(',')}\t→ ${r.top.join(', ')}`);
}

await main();
