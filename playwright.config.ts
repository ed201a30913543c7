// Browser tests: a real Chromium against the built app started by Playwright
// on its own port, with a fresh embedded database in a temporary folder and
// loopback imports allowed (the tests serve fixture files on 127.0.0.1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3300);
// Set once in the main process; workers inherit it and read the seeded
// demo credentials from it.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'ks-e2e-'));

const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts/results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      // Debian's Chromium when present (Playwright cannot download browsers on
      // offline machines); elsewhere Playwright's own browser.
      executablePath: systemChromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `node node_modules/next/dist/bin/next start --port ${PORT} --hostname 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      DATA_DIR: process.env.E2E_DATA_DIR,
      IMPORT_ALLOW_LOOPBACK: '1',
      NEXTAUTH_URL: `http://127.0.0.1:${PORT}`,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
