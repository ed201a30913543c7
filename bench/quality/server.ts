// The processes of the benchmark: a static server for the documentation
// pages (the app imports them by URL, as from any web site) and the app
// itself under `next start`, run the way `npm start` runs it.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn, type ChildProcess } from 'node:child_process';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** What a static web server says each kind of document is (mime-db's types): the import reads the type before the name. */
const SERVED_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.mdx': 'text/mdx; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.rst': 'text/x-rst; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** Serves DOCS_DIR's files on 127.0.0.1 at a free port; the app may fetch loopback URLs only with IMPORT_ALLOW_LOOPBACK=1. */
export function serveDocs(docsDir: string): Promise<{ server: http.Server; port: number }> {
  const root = path.resolve(docsDir);
  const server = http.createServer((req, res) => {
    let file: string;
    try {
      file = path.join(root, path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    } catch {
      res.writeHead(400).end();
      return;
    }
    // normalize + the prefix check keep "../" requests inside the folder.
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const type = SERVED_TYPES[path.extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') resolve({ server, port: address.port });
      else reject(new Error('the docs server has no port'));
    });
  });
}

/** Refuses to start when something already listens on the port: the benchmark would measure that server instead. */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use: set PORT to a free one`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

type ServerFlags = { serverEnv: () => Record<string, string>; serverNodeFlags: () => string[] };

/** scripts/server-flags.mjs has no type declarations: load it by URL and give it its (small) type here. */
async function serverFlags(): Promise<ServerFlags> {
  const loaded: unknown = await import(pathToFileURL(path.join(ROOT, 'scripts/server-flags.mjs')).href);
  return loaded as ServerFlags;
}

export type AppOptions = { port: number; dataDir: string; databaseUrl: string; distDir: string; verbose: boolean; env?: Record<string, string> };

export async function startApp(options: AppOptions): Promise<ChildProcess> {
  if (!fs.existsSync(path.join(ROOT, options.distDir, 'BUILD_ID'))) {
    throw new Error(`no build in ${options.distDir}: run \`NEXT_DIST_DIR=${options.distDir} npx next build\` first`);
  }
  const { serverEnv, serverNodeFlags } = await serverFlags();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...serverEnv(),
    NEXT_DIST_DIR: options.distDir,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.port),
    IMPORT_ALLOW_LOOPBACK: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    SEED_DEMO: '1',
    ...options.env,
  };
  // Same Node flags and allocator setting as `npm start`; its own process
  // group so stopping it also stops anything `next start` forks.
  const child = spawn(process.execPath, [...serverNodeFlags(), 'node_modules/next/dist/bin/next', 'start', '--port', String(options.port)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => options.verbose && process.stdout.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return child;
}

/** Until the API answers (401 without a key: routes compiled, database migrated and seeded). */
export async function waitForApp(base: string, app: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode} before answering`);
    try {
      const res = await fetch(`${base}/searcher/v1/datasets`);
      if (res.status === 401) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the app did not answer on ${base} within ${timeoutMs / 1000} s`);
}

/** SIGTERM to the app's process group, SIGKILL if it has not exited after 10 s. */
export async function stopApp(app: ChildProcess): Promise<void> {
  if (app.exitCode !== null || app.signalCode !== null || app.pid === undefined) return;
  const pid = app.pid;
  const exited = new Promise<void>((resolve) => app.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type Api = <T>(method: 'GET' | 'POST', pathname: string, body?: unknown) => Promise<T>;

/**
 * JSON calls with the API key. A call may hit a keep-alive connection the
 * server closed while an import kept it busy (fetch then throws a
 * TypeError): reads and searches are retried, other writes are not.
 */
export function apiClient(base: string, key: string): Api {
  const once = async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };
  return async <T>(method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<T> => {
    const retryable = method === 'GET' || pathname === '/searcher/v1/search';
    for (let attempt = 1; ; attempt++) {
      try {
        return await once<T>(method, pathname, body);
      } catch (error) {
        if (!retryable || attempt >= 5 || !(error instanceof TypeError)) throw error;
        await sleep(200 * attempt);
      }
    }
  };
}
