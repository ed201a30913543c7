// How long one big file holds the server: a 12 MB Markdown file of generated
// prose is uploaded from the computer (POST /searcher/v1/upload/files) while a
// second loop asks GET /api/health every 50 ms. Reports the import's seconds
// and the health answers' median and worst latency: the worst is the longest
// time nothing else was answered.
//
//   NEXT_DIST_DIR=.next-ingest npx next build
//   NEXT_DIST_DIR=.next-ingest node bench/ingest/stall.mjs
//
// Environment: PORT (3312), BENCH_DATA_DIR (/tmp/ingest-stall-data, wiped
// first), DATABASE_URL (default: SQLite in BENCH_DATA_DIR), STALL_MB (12).
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { serverEnv, serverNodeFlags } from '../../scripts/server-flags.mjs';

const PORT = Number(process.env.PORT ?? 3312);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/ingest-stall-data';
const MEGABYTES = Number(process.env.STALL_MB ?? 12);
const base = `http://127.0.0.1:${PORT}`;

/** Sections of four paragraphs of 40–90 words from a fixed vocabulary, the same file every run (seeded). */
function generatedMarkdown(bytes) {
  const vocabulary = (
    'query table index column row value function type schema server client transaction commit lock ' +
    'select insert update delete join order group filter partition replica backup restore vacuum analyze ' +
    'statistics planner cost memory buffer cache disk write read log checkpoint archive stream connection ' +
    'session role privilege grant revoke policy trigger sequence view constraint foreign primary unique'
  ).split(' ');
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const parts = [];
  let size = 0;
  for (let section = 1; size < bytes; section++) {
    const paragraphs = Array.from({ length: 4 }, () => {
      const words = Array.from({ length: 40 + Math.floor(next() * 50) }, () => vocabulary[Math.floor(next() * vocabulary.length)]);
      return `${words.join(' ')}.`;
    });
    const text = `## Section ${section}\n\n${paragraphs.join('\n\n')}\n\n`;
    parts.push(text);
    size += text.length;
  }
  return parts.join('');
}

function startApp() {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const env = { ...process.env, ...serverEnv(), DATA_DIR, PORT: String(PORT), NEXT_TELEMETRY_DISABLED: '1', SEED_DEMO: '1' };
  const child = spawn(process.execPath, [...serverNodeFlags(), 'node_modules/next/dist/bin/next', 'start', '--port', String(PORT)], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitForApp() {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the app did not start');
}

const app = startApp();
try {
  await waitForApp();
  const { apiKey } = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'demo-credentials.json'), 'utf8'));
  const auth = { authorization: `Bearer ${apiKey}` };
  const created = await fetch(`${base}/searcher/v1/datasets`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{"name":"Big"}',
  });
  if (!created.ok) throw new Error(`dataset: ${created.status}`);
  const markdown = generatedMarkdown(MEGABYTES * 1_000_000);
  const form = new FormData();
  form.append('dataset_name', 'Big');
  form.append('files', new Blob([markdown], { type: 'text/markdown' }), 'big.md');

  const latencies = [];
  let worst = { ms: 0, at: 0 };
  let polling = true;
  const started = performance.now();
  const poll = (async () => {
    while (polling) {
      const sent = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.text());
      const ms = performance.now() - sent;
      latencies.push(ms);
      if (ms > worst.ms) worst = { ms, at: (performance.now() - started) / 1000 };
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const upload = await (await fetch(`${base}/searcher/v1/upload/files`, { method: 'POST', headers: auth, body: form })).json();
  let item;
  for (;;) {
    const progress = await (await fetch(`${base}/searcher/v1/upload/${upload.id}`, { headers: auth })).json();
    item = progress.items[0];
    if (item.state === 'done' || item.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  polling = false;
  await poll;
  latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        database: process.env.DATABASE_URL?.startsWith('postgres') ? 'postgresql' : 'sqlite',
        file_mb: Number((Buffer.byteLength(markdown) / 1e6).toFixed(1)),
        state: item.state,
        passages: item.passages,
        import_seconds: Number(seconds.toFixed(1)),
        health_polls: latencies.length,
        health_p50_ms: Math.round(latencies[latencies.length >> 1]),
        health_worst_ms: Math.round(worst.ms),
        worst_at_second: Number(worst.at.toFixed(1)),
      },
      null,
      2,
    ),
  );
} finally {
  app.kill('SIGTERM');
}
