// Imports the HTML pages of the Python 3.11 documentation (Debian package
// python3.11-doc) through the real HTTP API of a started server, and
// reports pages/s, passages/s and the server's peak memory.
//
//   apt-get install -y python3.11-doc
//   NEXT_DIST_DIR=.next-ingest npx next build
//   NEXT_DIST_DIR=.next-ingest node bench/ingest/run.mjs
//
// Environment: DOCS_DIR (default /usr/share/doc/python3.11/html), PORT (3311),
// DOCS_PORT (a free one), BENCH_DATA_DIR (/tmp/ingest-bench-data, wiped first),
// IMPORT_WORKERS and IMPORT_PARSE_THREADS (passed to the server), DATABASE_URL (default: SQLite in BENCH_DATA_DIR).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { serverEnv, serverNodeFlags } from '../../scripts/server-flags.mjs';

const DOCS_DIR = process.env.DOCS_DIR ?? '/usr/share/doc/python3.11/html';
const PORT = Number(process.env.PORT ?? 3311);
const DOCS_PORT = Number(process.env.DOCS_PORT ?? 0); // 0: any free port
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/ingest-bench-data';
const BATCH = 100;
const base = `http://127.0.0.1:${PORT}`;

function htmlFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('_') ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

function serveDocs() {
  const server = http.createServer((req, res) => {
    const relative = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(DOCS_DIR, path.normalize(relative));
    if (!file.startsWith(DOCS_DIR) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(DOCS_PORT, '127.0.0.1', () => resolve(server)));
}

function startApp() {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const env = { ...process.env, ...serverEnv(), DATA_DIR, PORT: String(PORT), IMPORT_ALLOW_LOOPBACK: '1', NEXT_TELEMETRY_DISABLED: '1', SEED_DEMO: '1' };
  // The same Node flags and allocator setting as `npm start` (scripts/server-flags.mjs).
  const child = spawn(process.execPath, [...serverNodeFlags(), 'node_modules/next/dist/bin/next', 'start', '--port', String(PORT)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => process.env.BENCH_VERBOSE && process.stdout.write(d));
  child.stderr.on('data', (d) => process.stderr.write(d));
  return child;
}

async function waitForApp() {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${base}/searcher/v1/datasets`);
      if (res.status === 401) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the app did not start');
}

async function api(method, pathname, key, body) {
  // A progress read may hit a keep-alive connection the server closed while parsing blocked it: retry reads.
  for (let attempt = 1; method === 'GET'; attempt++) {
    try {
      return await request(method, pathname, key, body);
    } catch (error) {
      if (attempt >= 5 || !(error instanceof TypeError)) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return request(method, pathname, key, body);
}

async function request(method, pathname, key, body) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Peak resident memory of the app process (kernel's high-water mark). */
const peakRssMb = (pid) => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
/** CPU seconds (user + system) the app process has used: what the import costs whatever else runs on the machine. */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const files = htmlFiles(DOCS_DIR).sort();
const docs = await serveDocs();
const docsPort = docs.address().port;
const app = startApp();
try {
  await waitForApp();
  const { apiKey } = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'demo-credentials.json'), 'utf8'));
  await api('POST', '/searcher/v1/datasets', apiKey, { name: 'Python docs', description: 'Python 3.11 documentation' });
  const rssBefore = rssMb(app.pid);
  const cpuBefore = cpuSeconds(app.pid);
  const loadBefore = loadAverage();
  const started = performance.now();
  const ids = [];
  for (let i = 0; i < files.length; i += BATCH) {
    const uploads = files.slice(i, i + BATCH).map((file) => ({ dataset_name: 'Python docs', url: `http://127.0.0.1:${docsPort}/${path.relative(DOCS_DIR, file)}` }));
    ids.push((await api('POST', '/searcher/v1/upload', apiKey, { name: `python docs ${i / BATCH + 1}`, uploads })).id);
  }
  let results;
  const timeline = [];
  for (;;) {
    results = await Promise.all(ids.map((id) => api('GET', `/searcher/v1/upload/${id}`, apiKey)));
    const settled = results.reduce((s, u) => s + u.counts.done + u.counts.failed, 0);
    timeline.push({ t: Math.round((performance.now() - started) / 1000), settled, rss_mb: Math.round(rssMb(app.pid)) });
    if (settled === files.length) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(app.pid) - cpuBefore;
  const items = results.flatMap((u) => u.items);
  const done = items.filter((i) => i.state === 'done');
  const passages = done.reduce((s, i) => s + i.passages, 0);
  const tokens = done.reduce((s, i) => s + i.tokens, 0);
  const failed = items.filter((i) => i.state === 'failed');
  const summary = {
    database: process.env.DATABASE_URL?.startsWith('postgres') ? 'postgresql' : 'sqlite',
    import_workers: process.env.IMPORT_WORKERS ?? 'default',
    parse_threads: process.env.IMPORT_PARSE_THREADS ?? 'default',
    pages: files.length,
    done: done.length,
    failed: failed.length,
    passages,
    tokens,
    seconds: Number(seconds.toFixed(1)),
    pages_per_second: Number((done.length / seconds).toFixed(1)),
    passages_per_second: Number((passages / seconds).toFixed(0)),
    app_cpu_seconds: Number(cpu.toFixed(1)),
    load_average_before: loadBefore,
    load_average_after: loadAverage(),
    rss_before_mb: Math.round(rssBefore),
    peak_rss_mb: Math.round(peakRssMb(app.pid)),
  };
  console.log(JSON.stringify(summary, null, 2));
  for (const item of failed.slice(0, 10)) console.log(`failed: ${item.url}: ${item.error}`);
  if (process.env.BENCH_TIMELINE) {
    const peak = timeline.reduce((a, b) => (b.rss_mb > a.rss_mb ? b : a));
    console.log(`RSS samples every 250 ms: peak sample ${peak.rss_mb} MB at ${peak.t} s with ${peak.settled} pages settled`);
    console.log(timeline.filter((_, i) => i % 20 === 0).map((x) => `${x.t}s:${x.settled}:${x.rss_mb}MB`).join(' '));
  }
} finally {
  app.kill('SIGTERM');
  docs.close();
}
