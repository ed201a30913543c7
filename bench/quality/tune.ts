// The tuning loop, in-process: ranks every question of the set with the
// app's own retrieve() on a database the benchmark imported, and prints
// recall@1/@5 and MRR@10 per half. No HTTP, no answer, no recording: one
// pass over 150 questions takes seconds, so a ranking idea can be tried
// quickly. run.ts, over the real API, is the measurement of record.
//
//   DATABASE_URL=file:/tmp/quality-tune/app.db DATA_DIR=/tmp/quality-tune npx tsx bench/quality/tune.ts
import fs from 'node:fs';
import path from 'node:path';
import { db } from '../../lib/db/client';
import { retrieve } from '../../lib/search/retrieve';

type Question = { id: string; question: string; pages: string[]; kind: string };
type QuestionSet = { questions: Question[] };

const file = process.env.QUESTIONS ?? path.join(import.meta.dirname, 'questions.json');
const set = JSON.parse(fs.readFileSync(file, 'utf8')) as QuestionSet;
const pageOf = (source: string) => path.basename(new URL(source, 'http://x').pathname);

async function main() {
  const dataset = await db().dataset.findFirstOrThrow({ where: { name: process.env.DATASET ?? 'PostgreSQL docs' }, orderBy: { id: 'desc' } });
  const ranks: { q: Question; half: 'tune' | 'check'; rank: number; top: string[] }[] = [];
  const started = performance.now();
  for (const [i, q] of set.questions.entries()) {
    const found = await retrieve(dataset.id, q.question, { topK: 10, minScore: 0 });
    const pages = [...new Set(found.map((p) => pageOf(p.content.source)))];
    const at = pages.findIndex((p) => q.pages.includes(p));
    ranks.push({ q, half: i % 3 === 2 ? 'check' : 'tune', rank: at < 0 ? Infinity : at + 1, top: pages.slice(0, 3) });
  }
  const ms = (performance.now() - started) / set.questions.length;
  const row = (label: string, list: typeof ranks) => {
    const n = list.length || 1;
    const r1 = list.filter((r) => r.rank === 1).length / n;
    const r5 = list.filter((r) => r.rank <= 5).length / n;
    const mrr = list.reduce((s, r) => s + (r.rank <= 10 ? 1 / r.rank : 0), 0) / n;
    return `${label.padEnd(6)} n=${String(list.length).padStart(3)}  R@1 ${r1.toFixed(3)}  R@5 ${r5.toFixed(3)}  MRR@10 ${mrr.toFixed(3)}`;
  };
  console.log(row('all', ranks));
  console.log(row('tune', ranks.filter((r) => r.half === 'tune')));
  console.log(row('check', ranks.filter((r) => r.half === 'check')));
  console.log(`${ms.toFixed(1)} ms per question`);
  if (process.env.VERBOSE) for (const r of ranks.filter((x) => x.rank !== 1 && x.half === 'tune')) console.log(`${r.rank}\t${r.q.question}\t${r.q.pages.join(',')}\t→ ${r.top.join(', ')}`);
}

await main();
