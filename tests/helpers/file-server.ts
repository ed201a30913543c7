// A real HTTP server on 127.0.0.1 for import tests: serves the committed
// fixture files and any extra routes a test adds (redirects, slow or
// oversized bodies). Started per test file, closed after it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export type RouteHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export type FileServer = {
  url: (pathname: string) => string;
  /** Adds or replaces a route; fixture files are served when no route matches. */
  on: (pathname: string, handler: RouteHandler) => void;
  /** How many requests each path received. */
  hits: Map<string, number>;
  close: () => Promise<void>;
};

export const FIXTURES = path.resolve('tests/fixtures/import');

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.mdx': 'text/mdx; charset=utf-8',
  '.rst': 'text/x-rst; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

export async function startFileServer(): Promise<FileServer> {
  const routes = new Map<string, RouteHandler>();
  const hits = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const route = routes.get(pathname);
    if (route) return route(req, res);
    const file = path.join(FIXTURES, path.basename(pathname));
    if (!fs.existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    on: (pathname, handler) => void routes.set(pathname, handler),
    hits,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
