// Times POST /searcher/v1/search over real HTTP against a started server at
// concurrency 1 and 16 (p50/p95/p99, requests/s), GET /api/health at
// concurrency 16 on the same server in the same run (the framework's own
// ceiling: search req/s is reported as a ratio to it), then the floor: the
// same questions straight on the full-text index (no HTTP), both as the
// naive ranked query (FTS5 bm25 / PostgreSQL ts_rank) and as this service's
// retrieval in-process.
//
//   BASE_URL=http://127.0.0.1:3312 DATABASE_URL=file:/tmp/search-bench/app.db npx tsx bench/search/run.ts
//   BASE_URL=… DATABASE_URL=postgresql://postgres@127.0.0.1:5432/search_bench npx tsx bench/search/run.ts
import fs from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { benchQuestions } from './questions';
import { queryTerms, ftsLiteral } from '../../lib/text/words';
import { retrieve } from '../../lib/search/retrieve';
import { db } from '../../lib/db/client';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3312';
const CREDENTIALS = process.env.CREDENTIALS ?? '/tmp/search-bench/credentials.json';
const COUNT = Number(process.env.QUESTIONS ?? 1000);
const credentials = JSON.parse(fs.readFileSync(CREDENTIALS, 'utf8')) as { databaseUrl: string; apiKey: string; datasetId: number; passages: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

type Stats = { p50: number; p95: number; p99: number; rps: number; errors: number; times: number[] };

function stats(times: number[], wallMs: number, errors: number): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), rps: (times.length / wallMs) * 1000, errors, times };
}

/** `count` requests from `concurrency` workers; the time of each and the requests/s of the whole. */
async function load(count: number, concurrency: number, send: (i: number) => Promise<Response>): Promise<Stats> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      const res = await send(i);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) errors++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return stats(times, performance.now() - start, errors);
}

const overHttp = (questions: string[], concurrency: number) =>
  load(questions.length, concurrency, (i) =>
    fetch(`${BASE_URL}/searcher/v1/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ question: questions[i], model: 'Python docs assistant' }),
    }),
  );

/** GET /api/health: the same server's requests/s with no work behind the route (one SELECT 1). */
const healthAt = (concurrency: number, count: number) => load(count, concurrency, () => fetch(`${BASE_URL}/api/health`));

const isPostgres = /^postgres(ql)?:\/\//.test(credentials.databaseUrl);

/** PostgreSQL: the question's words OR-ed, ts_rank over the dataset's passages, best 5. */
async function naivePostgresFloor(questions: string[]): Promise<Stats> {
  const client = new pg.Client({ connectionString: credentials.databaseUrl });
  await client.connect();
  const times: number[] = [];
  const start = performance.now();
  for (const question of questions) {
    const words = queryTerms(question).map((t) => t.word);
    const t0 = performance.now();
    if (words.length) {
      await client.query(
        `SELECT passage_id, ts_rank(document, q) AS rank FROM passage_search, to_tsquery('english', $1) q
         WHERE dataset_id = $2 AND document @@ q ORDER BY rank DESC LIMIT 5`,
        [words.join(' | '), credentials.datasetId],
      );
    }
    times.push(performance.now() - t0);
  }
  await client.end();
  return stats(times, performance.now() - start, 0);
}

function naiveFloor(questions: string[]): Stats {
  const sqlite = new Database(credentials.databaseUrl.replace(/^file:/, ''), { readonly: true });
  const statement = sqlite.prepare('SELECT rowid, bm25(passage_fts) AS score FROM passage_fts WHERE passage_fts MATCH ? ORDER BY score LIMIT 5');
  const times: number[] = [];
  const start = performance.now();
  for (const question of questions) {
    const terms = queryTerms(question);
    const t0 = performance.now();
    if (terms.length) statement.all(terms.map((t) => ftsLiteral(t.word)).join(' OR '));
    times.push(performance.now() - t0);
  }
  sqlite.close();
  return stats(times, performance.now() - start, 0);
}

async function retrievalFloor(questions: string[]): Promise<Stats> {
  const times: number[] = [];
  const start = performance.now();
  for (const question of questions) {
    const t0 = performance.now();
    await retrieve(credentials.datasetId, question, { topK: 5, minScore: 0 });
    times.push(performance.now() - t0);
  }
  return stats(times, performance.now() - start, 0);
}

const row = (label: string, s: Stats) => `| ${label} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.rps.toFixed(0)} | ${s.errors} |`;

async function main() {
  const questions = benchQuestions(COUNT);
  console.log(`${questions.length} questions over ${credentials.passages} passages; server ${BASE_URL}`);
  await overHttp(questions.slice(0, 30), 1); // warm-up: tokenizer, caches, JIT
  const http1 = await overHttp(questions, 1);
  const http16 = await overHttp(questions, 16);
  const health16 = await healthAt(16, 2000);
  await retrievalFloor(questions.slice(0, 30));
  const retrieval = await retrievalFloor(questions);
  const naive = isPostgres ? await naivePostgresFloor(questions) : naiveFloor(questions);
  console.log('| measure | p50 ms | p95 ms | p99 ms | req/s | errors |\n|---|---|---|---|---|---|');
  console.log(row('HTTP search, concurrency 1', http1));
  // A server's first questions meet database connections that have not yet touched what searches read (on
  // PostgreSQL each new backend maps the shared buffers page by page): the concurrency-1 phase split at its 200th.
  const AFTER_START = 200;
  if (http1.times.length > AFTER_START * 2) {
    const span = (times: number[]) =>
      stats(
        times,
        times.reduce((a, b) => a + b, 0),
        0,
      );
    console.log(row(`  of which its first ${AFTER_START} questions`, span(http1.times.slice(0, AFTER_START))));
    console.log(row(`  of which the other ${http1.times.length - AFTER_START}`, span(http1.times.slice(AFTER_START))));
  }
  console.log(row('HTTP search, concurrency 16', http16));
  console.log(row('floor: this retrieval in-process (no HTTP, no answer, no recording)', retrieval));
  console.log(
    row(
      isPostgres ? 'floor: naive ts_rank query (terms OR-ed, ORDER BY rank LIMIT 5)' : 'floor: naive FTS5 bm25 query (terms OR-ed, ORDER BY rank LIMIT 5)',
      naive,
    ),
  );
  console.log(row('GET /api/health, concurrency 16 (same server, same run)', health16));
  console.log(`\nsearch at concurrency 16 ÷ health at concurrency 16: ${(http16.rps / health16.rps).toFixed(2)} (target ≥ 0.3)`);
  await db().$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
