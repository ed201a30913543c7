// The tuning loop, in-process: ranks every question of the set with the
// app's own retrieve() on a database the benchmark imported, and prints
// recall@1/@5 and MRR@10 per half. No HTTP, no answer, no recording: one
// pass over 150 questions takes seconds, so a ranking idea can be tried
// quickly. run.ts, over the real API, is the measurement of record.
//
//   DATABASE_URL=file:/tmp/quality-tune/app.db DATA_DIR=/tmp/quality-tune npx tsx bench/quality/tune.ts
//
// RANK='{"fields":{"name":4}}' overrides re-ranking settings (RANK_SETTINGS
// of lib/search/rerank.ts, merged field by field); VARIANTS=file.json (an
// array of such objects) scores each in turn, one line per half each.
import fs from 'node:fs';
import path from 'node:path';
import { db } from '../../lib/db/client';
import { gather, rankGathered, retrieve, type Gathered } from '../../lib/search/retrieve';
import { RANK_SETTINGS } from '../../lib/search/rerank';
import { resolveQuestion, type PreviousTurn } from '../../lib/search/followup';
import { settleFollowUp } from '../../lib/search/topic';
import { distinctPages, halfOf, loadQuestionSet, rankOf, scores, type Half, type Question } from './metrics';

const set = loadQuestionSet(process.env.QUESTIONS ?? path.join(import.meta.dirname, 'questions.json'));

type Settings = Record<string, unknown>;
const DEFAULTS: Settings = JSON.parse(JSON.stringify(RANK_SETTINGS));

/** RANK_SETTINGS = the defaults with `override` merged one level deep. */
function apply(override: Settings): void {
  for (const [key, value] of Object.entries(DEFAULTS)) {
    const extra = override[key];
    const merged = typeof value === 'object' && value !== null && typeof extra === 'object' && extra !== null ? { ...value, ...extra } : (extra ?? value);
    (RANK_SETTINGS as Settings)[key] = typeof merged === 'object' && merged !== null ? { ...merged } : merged;
  }
}

async function main() {
  const variants: Settings[] = process.env.VARIANTS
    ? JSON.parse(fs.readFileSync(process.env.VARIANTS, 'utf8'))
    : [process.env.RANK ? JSON.parse(process.env.RANK) : {}];
  for (const variant of variants) {
    apply(variant);
    if (variants.length > 1 || Object.keys(variant).length) console.log(`== ${JSON.stringify(variant)}`);
    await pass();
  }
}

// Candidates do not depend on the re-ranking settings: gathered once per question, re-ranked per variant.
const gathered = new Map<string, Gathered>();

async function pass() {
  const dataset = await db().dataset.findFirstOrThrow({ where: { name: process.env.DATASET ?? 'PostgreSQL docs' }, orderBy: { id: 'desc' } });
  const ranks: { q: Question; half: Half; rank: number | null; top: string[] }[] = [];
  const started = performance.now();
  for (const [i, q] of set.questions.entries()) {
    if (!gathered.has(q.id)) gathered.set(q.id, await gather(dataset.id, q.question));
    const found = rankGathered(gathered.get(q.id)!, { topK: 10, minScore: 0 });
    const pages = distinctPages(found.map((p) => p.content.source));
    ranks.push({ q, half: halfOf(i), rank: rankOf(pages, q.pages), top: pages.slice(0, 3) });
  }
  const ms = (performance.now() - started) / set.questions.length;
  const row = (label: string, list: typeof ranks) => {
    const s = scores(list.map((r) => r.rank));
    return `${label.padEnd(6)} n=${String(s.n).padStart(3)}  R@1 ${s.r1.toFixed(3)}  R@5 ${s.r5.toFixed(3)}  MRR@10 ${s.mrr10.toFixed(3)}`;
  };
  console.log(row('all', ranks));
  console.log(
    row(
      'tune',
      ranks.filter((r) => r.half === 'tune'),
    ),
  );
  console.log(
    row(
      'check',
      ranks.filter((r) => r.half === 'check'),
    ),
  );
  console.log(`${ms.toFixed(1)} ms per question`);
  if (set.conversations.length) await followUps(dataset.id);
  if (process.env.VERBOSE)
    for (const r of ranks.filter((x) => x.rank !== 1 && x.half === 'tune'))
      console.log(`${r.rank ?? 'miss'}\t${r.q.question}\t${r.q.pages.join(',')}\t→ ${r.top.join(', ')}`);
}

await main();

/** The conversations as the pipeline resolves them (resolveQuestion, then settleFollowUp against the dataset): expected page in the top 5 / first. */
async function followUps(datasetId: number) {
  let top5 = 0;
  let top1 = 0;
  let n = 0;
  for (const c of set.conversations) {
    const turns: PreviousTurn[] = [];
    for (const t of c.turns) {
      const resolution = await settleFollowUp(datasetId, resolveQuestion(t.question, turns));
      if (turns.length) {
        const found = await retrieve(datasetId, resolution.query, { topK: 10, minScore: 0 });
        const pages = distinctPages(found.map((p) => p.content.source));
        const rank = rankOf(pages, t.pages);
        n++;
        if (rank !== null && rank <= 5) top5++;
        if (rank === 1) top1++;
        if (process.env.VERBOSE)
          console.log(`${c.id}\t${rank ?? 'miss'}\t${resolution.kind}\t${t.question}\t[${resolution.query}]\t→ ${pages.slice(0, 3).join(', ')}`);
      }
      turns.push({ question: t.question, standalone: resolution.query, answer: '' });
    }
  }
  console.log(`follow-ups: top 5 ${top5}/${n}, first ${top1}/${n}`);
}
