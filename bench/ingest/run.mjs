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
//
// `--crawl`: instead of submitting the 530 URLs, crawls the documentation from
// its index page (POST /searcher/v1/upload/site), then re-syncs the dataset
// with nothing changed (POST /searcher/v1/datasets/{id}/resync), and reports
// the seconds and requests of both. IMPORT_CRAWL_DELAY_MS defaults to 0 here
// (the site is our own loopback server; the app's default is 200 ms).
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
const CRAWL = process.argv.includes('--crawl');
/** Requests the documentation server answered, by status. */
const served = { total: 0, 200: 0, 304: 0, 404: 0 };

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
    served.total++;
    if (!file.startsWith(DOCS_DIR) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      served[404]++;
      return res.writeHead(404).end();
    }
    // Validators as a static web server sends them, so a re-sync can ask conditionally.
    const stat = fs.statSync(file);
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const validators = { etag, 'last-modified': stat.mtime.toUTCString() };
    if (req.headers['if-none-match'] === etag) {
      served[304]++;
      return res.writeHead(304, validators).end();
    }
    served[200]++;
    const type = file.endsWith('.html') ? 'text/html; charset=utf-8' : file.endsWith('.txt') ? 'text/plain; charset=utf-8' : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, ...validators }).end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(DOCS_PORT, '127.0.0.1', () => resolve(server)));
}

function startApp() {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const env = {
    IMPORT_CRAWL_DELAY_MS: '0',
    ...process.env,
    ...serverEnv(),
    DATA_DIR,
    PORT: String(PORT),
    IMPORT_ALLOW_LOOPBACK: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    SEED_DEMO: '1',
  };
  // The same Node flags and allocator setting as `npm start` (scripts/server-flags.mjs).
  const child = spawn(process.execPath, [...serverNodeFlags(), 'node_modules/next/dist/bin/next', 'start', '--port', String(PORT)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  const dataset = await api('POST', '/searcher/v1/datasets', apiKey, { name: 'Python docs', description: 'Python 3.11 documentation' });
  if (CRAWL) {
    await crawlAndResync(apiKey, dataset.id);
    app.kill('SIGTERM');
    docs.close();
    process.exit(0);
  }
  const rssBefore = rssMb(app.pid);
  const cpuBefore = cpuSeconds(app.pid);
  const loadBefore = loadAverage();
  const started = performance.now();
  const ids = [];
  for (let i = 0; i < files.length; i += BATCH) {
    const uploads = files
      .slice(i, i + BATCH)
      .map((file) => ({ dataset_name: 'Python docs', url: `http://127.0.0.1:${docsPort}/${path.relative(DOCS_DIR, file)}` }));
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
    console.log(
      timeline
        .filter((_, i) => i % 20 === 0)
        .map((x) => `${x.t}s:${x.settled}:${x.rss_mb}MB`)
        .join(' '),
    );
  }
} finally {
  app.kill('SIGTERM');
  docs.close();
}

/** Polls an upload until every item is settled; returns it with the seconds since `started`. */
async function settle(id, apiKey, started) {
  for (;;) {
    const upload = await api('GET', `/searcher/v1/upload/${id}`, apiKey);
    if (upload.counts.total > 0 && upload.counts.done + upload.counts.failed === upload.counts.total)
      return { upload, seconds: (performance.now() - started) / 1000 };
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function crawlAndResync(apiKey, datasetId) {
  const startUrl = `http://127.0.0.1:${docsPort}/index.html`;
  let mark = { ...served };
  let cpu = cpuSeconds(app.pid);
  let started = performance.now();
  const crawl = await api('POST', '/searcher/v1/upload/site', apiKey, {
    name: 'Python docs crawl',
    dataset_name: 'Python docs',
    site: { url: startUrl, max_pages: 5000, max_depth: 10, scope: 'path' },
  });
  const first = await settle(crawl.id, apiKey, started);
  const crawlRequests = { total: served.total - mark.total, ok: served[200] - mark[200], not_found: served[404] - mark[404] };
  const crawlCpu = cpuSeconds(app.pid) - cpu;
  const items = first.upload.items;
  const done = items.filter((i) => i.state === 'done');
  const pagesOnDisk = new Set(files.map((f) => `http://127.0.0.1:${docsPort}/${path.relative(DOCS_DIR, f)}`));
  const foundOnDisk = items.filter((i) => pagesOnDisk.has(i.url)).length;

  mark = { ...served };
  cpu = cpuSeconds(app.pid);
  started = performance.now();
  const resync = await api('POST', `/searcher/v1/datasets/${datasetId}/resync`, apiKey);
  const second = await settle(resync.id, apiKey, started);
  const sync = await api('GET', `/searcher/v1/datasets/${datasetId}/sync`, apiKey);
  const resyncRequests = { total: served.total - mark.total, not_modified: served[304] - mark[304], ok: served[200] - mark[200] };
  const summary = {
    database: process.env.DATABASE_URL?.startsWith('postgres') ? 'postgresql' : 'sqlite',
    crawl_delay_ms: Number(process.env.IMPORT_CRAWL_DELAY_MS ?? 0),
    html_pages_on_disk: files.length,
    crawl: {
      seconds: Number(first.seconds.toFixed(1)),
      found: first.upload.crawl.found,
      found_of_the_html_pages_on_disk: foundOnDisk,
      indexed: done.length,
      failed: first.upload.counts.failed,
      passages: done.reduce((s, i) => s + i.passages, 0),
      requests: crawlRequests,
      app_cpu_seconds: Number(crawlCpu.toFixed(1)),
    },
    unchanged_resync: {
      seconds: Number(second.seconds.toFixed(1)),
      checked: sync.last_sync.checked,
      unchanged: sync.last_sync.unchanged,
      changed: sync.last_sync.changed,
      failed: sync.last_sync.failed,
      requests: resyncRequests,
      app_cpu_seconds: Number((cpuSeconds(app.pid) - cpu).toFixed(1)),
      share_of_the_crawl_time: `${((second.seconds / first.seconds) * 100).toFixed(1)} %`,
    },
    load_average: loadAverage(),
    peak_rss_mb: Math.round(peakRssMb(app.pid)),
  };
  console.log(JSON.stringify(summary, null, 2));
  const missing = [...pagesOnDisk].filter((url) => !items.some((i) => i.url === url));
  if (missing.length) console.log(`pages on disk the crawl did not find (${missing.length}): ${missing.slice(0, 10).join(' ')}`);
  for (const item of items.filter((i) => i.state === 'failed').slice(0, 10)) console.log(`failed: ${item.url}: ${item.error}`);
}
