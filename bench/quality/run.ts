// Retrieval quality over the real API: imports the PostgreSQL 15 HTML
// documentation into a fresh database through POST /searcher/v1/upload,
// asks the question set through POST /searcher/v1/search and scores where
// the expected page lands (recall@1, recall@5, MRR@10), follow-up turns
// included; then the same questions against the floor (a plain full-text
// query on the same passages, floor.ts). One database per run.
//
//   NEXT_DIST_DIR=.next-quality npx next build
//   npx tsx bench/quality/run.ts                                                   # SQLite
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/quality_bench npx tsx bench/quality/run.ts
//
// Env: DOCS_DIR, PORT (3313), BENCH_DATA_DIR (/tmp/quality-bench, wiped), NEXT_DIST_DIR
// (.next-quality), QUESTIONS, ONLY=q001,c01, VERBOSE=1, REUSE=1 (keep the imported data).
// See README.md.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { DatasetListItem } from '../../lib/knowledge/serializers';
import type { UploadDetail, UploadItemRecord } from '../../lib/ingest/serializers';
import type { SearchResponse } from '../../lib/search/contract';
import { db } from '../../lib/db/client';
import { createPreset } from '../../lib/generation/catalog';
import { openFloor } from './floor';
import { distinctPages, halfOf, loadQuestionSet, percentile, rankOf, scores, type Half, type QuestionSet, type Scores } from './metrics';
import { startEmbedder } from './embedder';
import { apiClient, assertPortFree, serveDocs, sleep, startApp, stopApp, waitForApp, ROOT, type Api } from './server';

/** The dataset the corpus is imported into (tune.ts reads the same variable). */
const DATASET = process.env.DATASET ?? 'PostgreSQL docs';
/** The preset the questions are asked with: ten passages deep, so MRR@10 can see rank 10; no score threshold. */
const PRESET = 'quality-bench-top10';
const PRESET_PARAMETERS = { top_k: 10, min_score: 0 };
const UPLOAD_BATCH = 100; // the API's maximum items per upload

type Config = {
  docsDir: string;
  /** The documents' file extension, without the dot (DOCS_EXT). */
  extension: string;
  port: number;
  dataDir: string;
  distDir: string;
  databaseUrl: string;
  database: 'sqlite' | 'postgresql';
  reuse: boolean;
  questionsFile: string;
  only: Set<string> | null;
  verbose: boolean;
  /** EMBEDDER=trigram: hybrid retrieval through the stand-in embeddings provider of embedder.ts. */
  embedder: boolean;
};

function readConfig(): Config {
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? '/tmp/quality-bench');
  const databaseUrl = process.env.DATABASE_URL || `file:${path.join(dataDir, 'app.db')}`;
  const only = process.env.ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    docsDir: path.resolve(process.env.DOCS_DIR ?? '/usr/share/doc/postgresql-doc-15/html'),
    extension: process.env.DOCS_EXT ?? 'html',
    port: Number(process.env.PORT ?? 3313),
    dataDir,
    distDir: process.env.NEXT_DIST_DIR || '.next-quality',
    databaseUrl,
    database: /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgresql' : 'sqlite',
    reuse: process.env.REUSE === '1',
    questionsFile: path.resolve(process.env.QUESTIONS ?? path.join(import.meta.dirname, 'questions.json')),
    only: only?.length ? new Set(only) : null,
    verbose: process.env.VERBOSE === '1',
    embedder: process.env.EMBEDDER === 'trigram',
  };
}

/** The documents under `dir` whose names end with `.${extension}` (DOCS_EXT: html, or md for a Markdown corpus). */
function docFiles(dir: string, extension: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return docFiles(full, extension);
    return entry.name.endsWith(`.${extension}`) ? [full] : [];
  });
}

/** A fresh start: the data folder wiped and, on PostgreSQL, the public schema dropped (the app migrates it again). */
async function resetStorage(config: Config): Promise<void> {
  fs.rmSync(config.dataDir, { recursive: true, force: true });
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (config.database !== 'postgresql') return;
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; GRANT ALL ON SCHEMA public TO public');
  } finally {
    await client.end();
  }
}

function readApiKey(dataDir: string): string {
  const file = path.join(dataDir, 'demo-credentials.json');
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: the demo organisation was not seeded (with REUSE=1 the data folder must come from an earlier run on this database)`);
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const apiKey = typeof parsed === 'object' && parsed !== null && 'apiKey' in parsed ? parsed.apiKey : undefined;
  if (typeof apiKey !== 'string') throw new Error(`${file} has no apiKey`);
  return apiKey;
}

/** The dataset's id, created when missing. */
async function ensureDataset(api: Api, docsDir: string): Promise<number> {
  const existing = (await api<DatasetListItem[]>('GET', '/searcher/v1/datasets')).find((d) => d.name === DATASET);
  if (existing) return existing.id;
  return (await api<DatasetListItem>('POST', '/searcher/v1/datasets', { name: DATASET, description: `HTML pages of ${docsDir}` })).id;
}

type ImportReport = { pages: number; done: number; failed: UploadItemRecord[]; passages: number; seconds: number; skipped: boolean };

const settledOf = (uploads: UploadDetail[]) => uploads.reduce((sum, u) => sum + u.counts.done + u.counts.failed, 0);

/** Every page through POST /searcher/v1/upload in batches of 100, then polls each upload until all items are done or failed. */
async function importDocs(api: Api, files: string[], docsDir: string, docsPort: number): Promise<ImportReport> {
  const started = performance.now();
  const ids: number[] = [];
  for (let i = 0; i < files.length; i += UPLOAD_BATCH) {
    const uploads = files.slice(i, i + UPLOAD_BATCH).map((file) => ({
      dataset_name: DATASET,
      url: `http://127.0.0.1:${docsPort}/${path.relative(docsDir, file).split(path.sep).map(encodeURIComponent).join('/')}`,
    }));
    ids.push((await api<{ id: number }>('POST', '/searcher/v1/upload', { name: `${DATASET} ${i / UPLOAD_BATCH + 1}`, uploads })).id);
  }
  let uploads: UploadDetail[] = [];
  let lastReport = performance.now();
  for (;;) {
    uploads = await Promise.all(ids.map((id) => api<UploadDetail>('GET', `/searcher/v1/upload/${id}`)));
    const settled = settledOf(uploads);
    if (settled >= files.length) break;
    if (performance.now() - lastReport > 15_000) {
      console.error(`  import: ${settled}/${files.length} pages settled after ${((performance.now() - started) / 1000).toFixed(0)} s`);
      lastReport = performance.now();
    }
    await sleep(1000);
  }
  const items = uploads.flatMap((u) => u.items);
  const done = items.filter((i) => i.state === 'done');
  return {
    pages: files.length,
    done: done.length,
    failed: items.filter((i) => i.state === 'failed'),
    passages: done.reduce((sum, i) => sum + i.passages, 0),
    seconds: (performance.now() - started) / 1000,
    skipped: false,
  };
}

/** The top-10 preset, in-process: the API lists presets but cannot create them (app/searcher/v1/presets/route.ts is GET only). */
async function ensurePreset(datasetId: number): Promise<void> {
  const { projectId } = await db().dataset.findUniqueOrThrow({ where: { id: datasetId }, select: { projectId: true } });
  const existing = await db().generationPreset.findFirst({ where: { projectId, identifier: PRESET } });
  if (existing) {
    await db().generationPreset.update({ where: { id: existing.id }, data: { parameters: JSON.stringify(PRESET_PARAMETERS) } });
    return;
  }
  await createPreset(projectId, { identifier: PRESET, name: 'Quality bench (top 10)', generativeModelName: 'extractive', parameters: PRESET_PARAMETERS });
}

type Asked = { pages: string[]; conversation: string; ms: number; error?: string };

/** One search; an error is recorded as a miss rather than ending the run. */
async function ask(api: Api, question: string, conversation?: string): Promise<Asked> {
  const started = performance.now();
  try {
    const res = await api<SearchResponse>('POST', '/searcher/v1/search', {
      question,
      dataset: DATASET,
      generational_presset: PRESET,
      ...(conversation ? { conversation } : {}),
    });
    return { pages: distinctPages(res.search.map((s) => s.content.source)), conversation: res.conversation, ms: performance.now() - started };
  } catch (error) {
    return { pages: [], conversation: '', ms: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}

type Ranked = { rank: number | null; top: string[]; ms: number; error?: string };
type QuestionResult = { id: string; kind: string; half: Half; question: string; pages: string[]; app: Ranked; floor: Ranked };
type FollowUpResult = { id: string; turn: number; question: string; pages: string[]; app: Ranked; floor: Ranked };

const ranked = (pages: string[], expected: string[], ms: number, error?: string): Ranked => ({
  rank: rankOf(pages, expected),
  top: pages.slice(0, 10),
  ms: Math.round(ms * 10) / 10,
  ...(error ? { error } : {}),
});

type FloorSearch = (question: string) => Promise<string[]>;

async function floorRanked(search: FloorSearch, question: string, expected: string[]): Promise<Ranked> {
  const started = performance.now();
  const pages = distinctPages(await search(question));
  return ranked(pages, expected, performance.now() - started);
}

async function runQuestions(api: Api, floor: FloorSearch, set: QuestionSet, only: Set<string> | null): Promise<QuestionResult[]> {
  const results: QuestionResult[] = [];
  // The half comes from the position in the file, so ONLY= does not move a question across halves.
  for (const [index, q] of set.questions.entries()) {
    if (only && !only.has(q.id)) continue;
    const asked = await ask(api, q.question);
    const app = ranked(asked.pages, q.pages, asked.ms, asked.error);
    results.push({
      id: q.id,
      kind: q.kind,
      half: halfOf(index),
      question: q.question,
      pages: q.pages,
      app,
      floor: await floorRanked(floor, q.question, q.pages),
    });
  }
  return results;
}

/**
 * Each later turn is asked in the thread of the first (`conversation` from
 * the previous response). The floor sees the follow-up alone: what a search
 * without conversation memory would find.
 */
async function runConversations(api: Api, floor: FloorSearch, set: QuestionSet, only: Set<string> | null): Promise<FollowUpResult[]> {
  const results: FollowUpResult[] = [];
  for (const c of set.conversations) {
    if (only && !only.has(c.id)) continue;
    let conversation = (await ask(api, c.turns[0].question)).conversation;
    for (const [turn, t] of c.turns.entries()) {
      if (turn === 0) continue;
      const asked = await ask(api, t.question, conversation || undefined);
      conversation = asked.conversation || conversation;
      const app = ranked(asked.pages, t.pages, asked.ms, asked.error);
      results.push({ id: c.id, turn: turn + 1, question: t.question, pages: t.pages, app, floor: await floorRanked(floor, t.question, t.pages) });
    }
  }
  return results;
}

const fixed = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '–');

function tableRow(system: string, half: string, list: Ranked[]): string {
  const s: Scores = scores(list.map((r) => r.rank));
  const times = list.map((r) => r.ms);
  return `| ${system} | ${half} | ${s.n} | ${fixed(s.r1)} | ${fixed(s.r5)} | ${fixed(s.mrr10)} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} |`;
}

function qualityTable(results: QuestionResult[]): string[] {
  const lines = ['| system | questions | n | R@1 | R@5 | MRR@10 | p50 ms | p95 ms |', '|---|---|---:|---:|---:|---:|---:|---:|'];
  for (const system of ['app', 'floor'] as const) {
    lines.push(
      tableRow(
        system,
        'all',
        results.map((r) => r[system]),
      ),
    );
    for (const half of ['tune', 'check'] as const)
      lines.push(
        tableRow(
          system,
          half,
          results.filter((r) => r.half === half).map((r) => r[system]),
        ),
      );
  }
  return lines;
}

function followUpLine(results: FollowUpResult[]): string {
  const count = (system: 'app' | 'floor', k: number) => results.filter((r) => r[system].rank !== null && r[system].rank <= k).length;
  const n = results.length;
  return `Follow-ups (expected page in top 5 distinct pages): app ${count('app', 5)}/${n} (top 1: ${count('app', 1)}/${n}); floor, follow-up alone ${count('floor', 5)}/${n} (top 1: ${count('floor', 1)}/${n})`;
}

function perKindLine(results: QuestionResult[]): string {
  const kinds = [...new Set(results.map((r) => r.kind))].sort();
  const parts = kinds.map((kind) => {
    const of = results.filter((r) => r.kind === kind);
    return `${kind} ${fixed(scores(of.map((r) => r.app.rank)).r1)} / ${fixed(scores(of.map((r) => r.floor.rank)).r1)} (n=${of.length})`;
  });
  return `R@1 by kind (app / floor): ${parts.join(' · ')}`;
}

const rankText = (r: Ranked) => (r.error ? `error: ${r.error}` : r.rank === null ? 'miss' : `rank ${r.rank}`);

/** VERBOSE=1: every question the app did not put first, with what each side returned. */
function printMisses(results: QuestionResult[], followUps: FollowUpResult[]): void {
  const misses = [
    ...results.map((r) => ({ label: `${r.id} (${r.kind}, ${r.half})`, ...r })),
    ...followUps.map((r) => ({ label: `${r.id} turn ${r.turn}`, ...r })),
  ].filter((r) => r.app.rank !== 1);
  console.log(`\n### Misses (app rank ≠ 1): ${misses.length}\n`);
  for (const m of misses) {
    console.log(`- ${m.label}: ${m.question}\n  expected ${m.pages.join(', ')}`);
    console.log(`  app   ${rankText(m.app)}: ${m.app.top.slice(0, 5).join(', ')}`);
    console.log(`  floor ${rankText(m.floor)}: ${m.floor.top.slice(0, 5).join(', ')}`);
  }
}

type RunInfo = { config: Config; set: QuestionSet; passages: number; imported: ImportReport; questionSeconds: number; floorSeconds: number; date: Date };

function printReport(info: RunInfo, results: QuestionResult[], followUps: FollowUpResult[]): void {
  const { config, imported } = info;
  const importText = imported.skipped
    ? 'import skipped (REUSE=1)'
    : `import ${imported.seconds.toFixed(0)} s: ${imported.done}/${imported.pages} pages done, ${imported.failed.length} failed`;
  console.log(
    `\n## Retrieval quality — ${config.database}${config.embedder ? ' + trigram embedder (hybrid)' : ''}, ${info.passages.toLocaleString('en')} passages, ${info.date.toISOString()}\n`,
  );
  console.log(
    `Corpus ${info.set.corpus}; ${importText}; questions ${path.relative(ROOT, config.questionsFile)}; app questions ${info.questionSeconds.toFixed(1)} s, floor ${info.floorSeconds.toFixed(1)} s\n`,
  );
  console.log(qualityTable(results).join('\n'));
  // The app returns top_k passages, often several of one page; the floor 50. Depth differs: say by how much.
  const depth = (system: 'app' | 'floor') => (results.reduce((sum, r) => sum + r[system].top.length, 0) / (results.length || 1)).toFixed(1);
  console.log(`\nDistinct pages per question (first 10 kept): app ${depth('app')}, floor ${depth('floor')}`);
  console.log(followUpLine(followUps));
  console.log(perKindLine(results));
  const errors = [...results, ...followUps].filter((r) => r.app.error);
  if (errors.length) console.log(`App errors: ${errors.length} (first: ${errors[0].app.error})`);
  for (const item of imported.failed.slice(0, 10)) console.log(`failed import: ${item.url}: ${item.error}`);
  if (config.verbose) printMisses(results, followUps);
}

function writeResults(info: RunInfo, results: QuestionResult[], followUps: FollowUpResult[]): string {
  const dir = path.join(import.meta.dirname, 'results', 'tmp');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${info.config.database}-${info.date.toISOString().replace(/[:.]/g, '-')}.json`);
  const summary = (system: 'app' | 'floor') => ({
    all: scores(results.map((r) => r[system].rank)),
    tune: scores(results.filter((r) => r.half === 'tune').map((r) => r[system].rank)),
    check: scores(results.filter((r) => r.half === 'check').map((r) => r[system].rank)),
  });
  const { imported } = info;
  const body = {
    database: info.config.database,
    date: info.date.toISOString(),
    questions_file: path.relative(ROOT, info.config.questionsFile),
    passages: info.passages,
    import: {
      skipped: imported.skipped,
      seconds: Number(imported.seconds.toFixed(1)),
      pages: imported.pages,
      done: imported.done,
      failed: imported.failed.map((i) => ({ url: i.url, error: i.error })),
    },
    summary: { app: summary('app'), floor: summary('floor') },
    questions: results,
    follow_ups: followUps,
  };
  fs.writeFileSync(file, JSON.stringify(body, null, 2));
  return file;
}

/** The in-process lib code (preset, counts) reads DATABASE_URL and DATA_DIR on first use: point it at the app's database. */
function pointLibAt(config: Config): void {
  process.env.DATABASE_URL = config.databaseUrl;
  process.env.DATA_DIR = config.dataDir;
}

async function prepareData(config: Config, api: Api, docsPort: number): Promise<{ datasetId: number; imported: ImportReport }> {
  const datasetId = await ensureDataset(api, config.docsDir);
  const contents = await db().content.count({ where: { datasetId } });
  if (config.reuse && contents > 0) {
    console.error(`REUSE=1: dataset "${DATASET}" already holds ${contents} contents, import skipped`);
    return { datasetId, imported: { pages: contents, done: contents, failed: [], passages: 0, seconds: 0, skipped: true } };
  }
  const files = docFiles(config.docsDir, config.extension).sort();
  console.error(`importing ${files.length} pages from ${config.docsDir}…`);
  const imported = await importDocs(api, files, config.docsDir, docsPort);
  console.error(`  imported in ${imported.seconds.toFixed(0)} s: ${imported.done} done, ${imported.failed.length} failed, ${imported.passages} passages`);
  return { datasetId, imported };
}

async function measure(config: Config, set: QuestionSet, api: Api, docsPort: number): Promise<void> {
  const { datasetId, imported } = await prepareData(config, api, docsPort);
  await ensurePreset(datasetId);
  const passages = await db().passage.count({ where: { datasetId } });
  const floor = await openFloor(config.databaseUrl, datasetId);
  try {
    const picked = (id: string) => !config.only || config.only.has(id);
    console.error(
      `asking ${set.questions.filter((q) => picked(q.id)).length} questions and ${set.conversations.filter((c) => picked(c.id)).length} conversations…`,
    );
    // One unmeasured search first: the first request of a fresh server pays for loading the route.
    await ask(api, 'warm up');
    const started = performance.now();
    const results = await runQuestions(api, floor.search, set, config.only);
    const followUps = await runConversations(api, floor.search, set, config.only);
    const floorSeconds = [...results, ...followUps].reduce((sum, r) => sum + r.floor.ms, 0) / 1000;
    // Floor queries run between app questions: their time is taken out of the app's.
    const questionSeconds = (performance.now() - started) / 1000 - floorSeconds;
    const info: RunInfo = { config, set, passages, imported, questionSeconds, floorSeconds, date: new Date() };
    printReport(info, results, followUps);
    console.log(`\nPer-question ranks: ${path.relative(ROOT, writeResults(info, results, followUps))}`);
  } finally {
    await floor.close();
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const set = loadQuestionSet(config.questionsFile);
  if (!fs.existsSync(config.docsDir)) throw new Error(`DOCS_DIR ${config.docsDir} does not exist (apt-get install postgresql-doc-15)`);
  pointLibAt(config);
  await assertPortFree(config.port);
  if (!config.reuse) await resetStorage(config);
  const docs = await serveDocs(config.docsDir);
  const embedder = config.embedder ? await startEmbedder() : null;
  let app: ChildProcess | undefined;
  let docsServer: Server | undefined = docs.server;
  const stop = async () => {
    if (app) await stopApp(app);
    docsServer?.close();
    docsServer = undefined;
    embedder?.close();
  };
  // Ctrl-C skips finally blocks: stop the server here too.
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const embeddings: Record<string, string> = embedder ? { EMBEDDINGS_BASE_URL: embedder.baseUrl, EMBEDDINGS_MODEL: 'trigram-384' } : {};
    app = await startApp({
      port: config.port,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      distDir: config.distDir,
      verbose: config.verbose,
      env: embeddings,
    });
    const base = `http://127.0.0.1:${config.port}`;
    await waitForApp(base, app);
    await measure(config, set, apiClient(base, readApiKey(config.dataDir)), docs.port);
  } finally {
    await stop();
    await db().$disconnect();
  }
}

await main();
