// Ranking experiments, in memory: every passage of the imported corpus is
// read once from a SQLite database the benchmark made, and candidate
// rankers are scored on the question set (tune / check halves) in seconds.
// A ranker that wins here is then built into lib/search and measured with
// run.ts over the real API on both databases (the measurement of record).
//
//   npx tsx bench/quality/explore.ts [/tmp/qb-sqlite/app.db]
import Database from 'better-sqlite3';
import path from 'node:path';
import { queryTerms, stemsOf } from '../../lib/text/words';
import { halfOf, loadQuestionSet, pageOf, rankOf, scores } from './metrics';

type Passage = { id: number; content: number; page: string; name: string[]; heading: string[]; body: string[] };

const file = process.argv[2] ?? '/tmp/qb-sqlite/app.db';
const database = new Database(file, { readonly: true });
const rows = database
  .prepare<[], { id: number; content_id: number; source: string; name: string; heading: string; text: string }>(
    `SELECT p.id, p.content_id, c.source, c.name, p.heading, p.text FROM passages p JOIN contents c ON c.id = p.content_id ORDER BY p.id`,
  )
  .all();
const passages: Passage[] = rows.map((r) => ({
  id: r.id,
  content: r.content_id,
  page: pageOf(r.source),
  name: stemsOf(r.name),
  heading: stemsOf(r.heading),
  body: stemsOf(r.text),
}));

type Field = 'name' | 'heading' | 'body';
const FIELDS: Field[] = ['name', 'heading', 'body'];

/** Document frequencies and average lengths of a collection of field bags. */
function statsOf(docs: Record<Field, string[]>[]) {
  const df = new Map<string, number>();
  const avg: Record<Field, number> = { name: 0, heading: 0, body: 0 };
  for (const d of docs) {
    const seen = new Set<string>();
    for (const f of FIELDS) {
      avg[f] += d[f].length;
      for (const t of d[f]) seen.add(t);
    }
    for (const t of seen) df.set(t, (df.get(t) ?? 0) + 1);
  }
  for (const f of FIELDS) avg[f] /= docs.length;
  return { df, avg, n: docs.length };
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

type Weights = Record<Field, number>;

/** BM25F: per-field normalised term frequencies, weighted and summed before saturation. */
function bm25f(terms: string[], d: Record<Field, string[]>, stats: ReturnType<typeof statsOf>, w: Weights, k1 = 1.2, b = 0.75): number {
  let score = 0;
  for (const t of terms) {
    let tf = 0;
    for (const f of FIELDS) {
      const len = d[f].length;
      if (!len) continue;
      let c = 0;
      for (const x of d[f]) if (x === t) c++;
      if (c) tf += (w[f] * c) / (1 - b + (b * len) / Math.max(1, stats.avg[f]));
    }
    if (tf) score += (idf(stats.n, stats.df.get(t) ?? 0) * tf * (k1 + 1)) / (tf + k1);
  }
  return score;
}

// Pages: the content name, every heading and the whole text.
const pages = new Map<number, { page: string; doc: Record<Field, string[]> }>();
for (const p of passages) {
  const entry = pages.get(p.content) ?? { page: p.page, doc: { name: p.name, heading: [], body: [] } };
  entry.doc.heading.push(...p.heading);
  entry.doc.body.push(...p.body);
  pages.set(p.content, entry);
}
const passageStats = statsOf(passages);
const pageList = [...pages.entries()];
const pageStats = statsOf(pageList.map(([, v]) => v.doc));

type Ranker = (question: string) => string[];

function passageRanker(w: Weights): Ranker {
  return (question) => {
    const terms = queryTerms(question).map((t) => t.stem);
    const scored = passages.map((p) => ({ p, s: bm25f(terms, p, passageStats, w) })).filter((x) => x.s > 0);
    scored.sort((a, b) => b.s - a.s);
    return [...new Set(scored.slice(0, 200).map((x) => x.p.page))];
  };
}

function pageRanker(w: Weights, k1 = 1.2, b = 0.75): Ranker {
  return (question) => {
    const terms = queryTerms(question).map((t) => t.stem);
    const scored = pageList.map(([, v]) => ({ page: v.page, s: bm25f(terms, v.doc, pageStats, w, k1, b) })).filter((x) => x.s > 0);
    scored.sort((a, b) => b.s - a.s);
    return scored.map((x) => x.page);
  };
}

/** Best passage (normalised by the best of the question) mixed with the page's own score (normalised alike). */
function mixedRanker(wp: Weights, wd: Weights, alpha: number): Ranker {
  return (question) => {
    const terms = queryTerms(question).map((t) => t.stem);
    const best = new Map<string, number>();
    for (const p of passages) {
      const s = bm25f(terms, p, passageStats, wp);
      if (s > (best.get(p.page) ?? 0)) best.set(p.page, s);
    }
    const page = new Map<string, number>();
    for (const [, v] of pageList) page.set(v.page, bm25f(terms, v.doc, pageStats, wd));
    const maxP = Math.max(1e-9, ...best.values());
    const maxD = Math.max(1e-9, ...page.values());
    const mixed = [...page.keys()].map((k) => ({ k, s: (1 - alpha) * ((best.get(k) ?? 0) / maxP) + alpha * ((page.get(k) ?? 0) / maxD) }));
    return mixed
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s)
      .map((x) => x.k);
  };
}

/** Sequential dependence: ordered adjacent pairs of the question's terms found adjacent (window 2) in the passage. */
function pairScore(terms: string[], d: Record<Field, string[]>): number {
  if (terms.length < 2) return 0;
  let s = 0;
  const all = [...d.name, '|', ...d.heading, '|', ...d.body];
  for (let i = 0; i + 1 < terms.length; i++) {
    let c = 0;
    for (let j = 0; j + 1 < all.length; j++) if (all[j] === terms[i] && (all[j + 1] === terms[i + 1] || all[j + 2] === terms[i + 1])) c++;
    if (c) s += (Math.log(1 + c) * (idf(passageStats.n, passageStats.df.get(terms[i]) ?? 0) + idf(passageStats.n, passageStats.df.get(terms[i + 1]) ?? 0))) / 2;
  }
  return s;
}

/** Page mix plus SDM pairs (weight beta) and optional pseudo-relevance feedback from the top fb pages. */
function fullRanker(alpha: number, beta: number, fb: number, fbTerms: number, fbWeight: number): Ranker {
  const wp = { name: 3, heading: 2, body: 1 };
  const wd = { name: 3, heading: 1, body: 1 };
  const score = (terms: string[], weights: Map<string, number> | null) => {
    const best = new Map<string, number>();
    const bestPassage = new Map<string, Passage>();
    for (const p of passages) {
      let s = bm25f(terms, p, passageStats, wp) + beta * pairScore(terms, p);
      if (weights) for (const [t, w] of weights) s += w * bm25f([t], p, passageStats, wp);
      if (s > (best.get(p.page) ?? 0)) {
        best.set(p.page, s);
        bestPassage.set(p.page, p);
      }
    }
    const page = new Map<string, number>();
    for (const [, v] of pageList) page.set(v.page, bm25f(terms, v.doc, pageStats, wd));
    const maxP = Math.max(1e-9, ...best.values());
    const maxD = Math.max(1e-9, ...page.values());
    const mixed = [...page.keys()].map((k) => ({ k, s: (1 - alpha) * ((best.get(k) ?? 0) / maxP) + alpha * ((page.get(k) ?? 0) / maxD) }));
    return { ranked: mixed.filter((x) => x.s > 0).sort((a, b) => b.s - a.s), bestPassage };
  };
  return (question) => {
    const terms = queryTerms(question).map((t) => t.stem);
    const first = score(terms, null);
    if (!fb) return first.ranked.map((x) => x.k);
    const weight = new Map<string, number>();
    for (const x of first.ranked.slice(0, fb)) {
      const p = first.bestPassage.get(x.k);
      if (!p) continue;
      const tokens = [...p.name, ...p.heading, ...p.body];
      const counts = new Map<string, number>();
      for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [t, c] of counts) {
        if (terms.includes(t) || t.length < 3 || /^\d+$/.test(t)) continue;
        const w = (c / tokens.length) * idf(passageStats.n, passageStats.df.get(t) ?? 0) * x.s;
        weight.set(t, (weight.get(t) ?? 0) + w);
      }
    }
    const top = [...weight.entries()].sort((a, b) => b[1] - a[1]).slice(0, fbTerms);
    const maxW = Math.max(1e-9, ...top.map((t) => t[1]));
    const expansion = new Map(top.map(([t, w]) => [t, (fbWeight * w) / maxW]));
    return score(terms, expansion).ranked.map((x) => x.k);
  };
}

/** What the app can do: the best `pool` passages (BM25F + SDM), then per page best + gamma · the rest of its pooled passages. */
function poolRanker(beta: number, pool: number, gamma: number, decay: number): Ranker {
  const wp = { name: 3, heading: 2, body: 1 };
  return (question) => {
    const terms = queryTerms(question).map((t) => t.stem);
    const scored = passages.map((p) => ({ p, s: bm25f(terms, p, passageStats, wp) + beta * pairScore(terms, p) })).filter((x) => x.s > 0);
    scored.sort((a, b) => b.s - a.s);
    const top = scored.slice(0, pool);
    const max = top[0]?.s ?? 1;
    const byPage = new Map<string, number[]>();
    for (const x of top) byPage.set(x.p.page, [...(byPage.get(x.p.page) ?? []), x.s / max]);
    const pages = [...byPage.entries()].map(([k, list]) => ({ k, s: list[0] + gamma * list.slice(1).reduce((sum, v, i) => sum + v * decay ** i, 0) }));
    return pages.sort((a, b) => b.s - a.s).map((x) => x.k);
  };
}

const set = loadQuestionSet(process.env.QUESTIONS ?? path.join(import.meta.dirname, 'questions.json'));

function evaluate(label: string, ranker: Ranker) {
  const ranks = set.questions.map((q, i) => ({ half: halfOf(i), rank: rankOf(ranker(q.question).slice(0, 10), q.pages) }));
  const fmt = (half: string) => {
    const s = scores(ranks.filter((r) => half === 'all' || r.half === half).map((r) => r.rank));
    return `${half} ${s.r1.toFixed(3)}/${s.r5.toFixed(3)}/${s.mrr10.toFixed(3)}`;
  };
  console.log(`${label.padEnd(40)} ${fmt('tune')}  ${fmt('check')}`);
}

const experiments: [string, Ranker][] = [
  ['passage bm25f n3 h2 b1', passageRanker({ name: 3, heading: 2, body: 1 })],
  ['passage bm25f n5 h2.5 b1', passageRanker({ name: 5, heading: 2.5, body: 1 })],
  ['page bm25f n3 h1 b1', pageRanker({ name: 3, heading: 1, body: 1 })],
  ['page bm25f n5 h1 b1', pageRanker({ name: 5, heading: 1, body: 1 })],
  ['page bm25f n3 h0.5 b1', pageRanker({ name: 3, heading: 0.5, body: 1 })],
  ['mix 0.3', mixedRanker({ name: 3, heading: 2, body: 1 }, { name: 3, heading: 1, body: 1 }, 0.3)],
  ['mix 0.5', mixedRanker({ name: 3, heading: 2, body: 1 }, { name: 3, heading: 1, body: 1 }, 0.5)],
  ['mix 0.7', mixedRanker({ name: 3, heading: 2, body: 1 }, { name: 3, heading: 1, body: 1 }, 0.7)],
];
experiments.push(
  ['full a0.5 sdm0.5', fullRanker(0.5, 0.5, 0, 0, 0)],
  ['full a0.5 sdm1', fullRanker(0.5, 1, 0, 0, 0)],
  ['full a0.5 sdm0 prf3x10 0.2', fullRanker(0.5, 0, 3, 10, 0.2)],
  ['full a0.5 sdm0.5 prf3x10 0.2', fullRanker(0.5, 0.5, 3, 10, 0.2)],
  ['full a0.5 sdm0.5 prf5x20 0.3', fullRanker(0.5, 0.5, 5, 20, 0.3)],
);
experiments.push(
  ['pool sdm1 100 g0', poolRanker(1, 100, 0, 1)],
  ['pool sdm1 100 g0.1 d0.5', poolRanker(1, 100, 0.1, 0.5)],
  ['pool sdm1 100 g0.2 d0.5', poolRanker(1, 100, 0.2, 0.5)],
  ['pool sdm1 100 g0.3 d0.7', poolRanker(1, 100, 0.3, 0.7)],
  ['pool sdm1 100 g0.2 d1', poolRanker(1, 100, 0.2, 1)],
  ['pool sdm1 50 g0.2 d0.5', poolRanker(1, 50, 0.2, 0.5)],
);
const only = process.env.ONLY;
for (const [label, ranker] of experiments) if (!only || label.includes(only)) evaluate(label, ranker);
