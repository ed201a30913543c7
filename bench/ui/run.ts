// How soon a signed-in page shows something, and how soon its content: for
// each page of the app, a fresh navigation in Chromium against `next start`
// on a fresh, seeded embedded database. Reports first contentful paint (the
// browser's own `paint` entry) and the time until the page's content
// (`ready` below) is on screen, median and worst of RUNS navigations.
//
//   NEXT_DIST_DIR=.next npx tsx bench/ui/run.ts     (after `npx next build`)
//
// Env: PORT (3395), RUNS (5), NEXT_DIST_DIR (.next).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const PORT = Number(process.env.PORT ?? 3395);
const RUNS = Number(process.env.RUNS ?? 5);
const BASE = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '../..');

/** What "content" means per page: the element a person came for. */
const PAGES: { path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { path: '/console', ready: (p) => p.getByLabel('Your question').waitFor() },
  { path: '/knowledge', ready: (p) => p.getByRole('list', { name: 'Datasets' }).waitFor() },
  { path: '/usage', ready: (p) => p.getByRole('meter', { name: 'Credits used' }).waitFor() },
  { path: '/usage/credits', ready: (p) => p.getByText('Credits used').first().waitFor() },
  { path: '/usage/tokens', ready: (p) => p.getByText('Processed tokens').first().waitFor() },
  { path: '/usage/threads', ready: (p) => p.getByRole('navigation', { name: 'Pages' }).or(p.getByText('No threads match')).first().waitFor() },
  { path: '/smartpages', ready: (p) => p.getByRole('heading', { name: 'Smartpages', level: 1 }).waitFor() },
  { path: '/access', ready: (p) => p.getByRole('heading', { name: 'API access', level: 1 }).waitFor() },
];

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ks-ui-bench-'));
  const server = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '--port', String(PORT), '--hostname', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, NEXTAUTH_URL: BASE, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  try {
    await waitForHealth();
    const browser = await chromium.launch({
      executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${BASE}/signin`);
    await page.getByLabel('E-mail').fill('owner@demo.local');
    await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console$/);
    // One warm-up visit per page: the first request of a route compiles nothing in
    // `next start`, but loads its code and opens the database.
    for (const p of PAGES) {
      await page.goto(`${BASE}${p.path}`);
      await p.ready(page);
    }
    const rows: string[] = [];
    for (const p of PAGES) {
      const paints: number[] = [];
      const readies: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = Date.now();
        await page.goto(`${BASE}${p.path}`, { waitUntil: 'commit' });
        await p.ready(page);
        readies.push(Date.now() - started);
        paints.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN));
      }
      rows.push(`| ${p.path} | ${Math.round(median(paints))} | ${Math.round(Math.max(...paints))} | ${median(readies)} | ${Math.max(...readies)} |`);
    }
    await browser.close();
    console.log(`| page | first paint p50 (ms) | first paint max | content p50 (ms) | content max |\n|---|---:|---:|---:|---:|\n${rows.join('\n')}`);
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
