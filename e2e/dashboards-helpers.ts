// Helpers of the knowledge and usage browser tests: a loopback file server
// for imports, the API calls that create usage, and the admin CLI against
// the test server's database. Sign-in and screenshots are in ./helpers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** Serves the files of e2e/fixtures on 127.0.0.1 (a free port); anything else is a 404. */
export async function serveFixtures(): Promise<{ url: (file: string) => string; close: () => Promise<void> }> {
  const folder = path.join(import.meta.dirname, 'fixtures');
  const server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(folder, name);
    if (!name || !fs.existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const type = name.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (file) => `http://127.0.0.1:${port}/${file}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type SearchAnswer = { conversation: string; generational: { content: string; total_tokens: number } };

/** Asks a question through the public search API with an API key (origin `api`). */
export async function askThroughApi(request: APIRequestContext, apiKey: string, body: Record<string, unknown>): Promise<SearchAnswer> {
  const response = await request.post('/searcher/v1/search', { headers: { authorization: `Bearer ${apiKey}` }, data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SearchAnswer;
}

/** Runs the admin CLI against the e2e server's database and returns its --json answer. */
export function adminCli<T>(...args: string[]): T {
  // The server's database: the same DATA_DIR and (when set) the same DATABASE_URL it inherited.
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args, '--json'], {
    cwd: path.join(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
  // Migration notes may precede the JSON answer.
  return JSON.parse(out.slice(out.search(/[[{]/))) as T;
}
