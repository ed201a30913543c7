// What every request meets on the server's socket, before Next.js sees it.
// Next.js decodes the path before any app code runs and answers a path with
// broken percent-encoding (`/searcher/v1/datasets/%FF`) with a plain-text
// 500 (vercel/next.js#94278), and a method it has no handler type for
// (TRACE, PROPFIND…) from the framework too. Both are the client's mistake:
// they get a 4xx with {detail} here. Every other request is stamped with its
// socket address (lib/http/client-address.ts) and passed on.
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { stamp } from './client-address';

/** The methods route handlers answer (HEAD and OPTIONS by Next.js itself). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type Refusal = { status: number; detail: string; headers?: Record<string, string> };

/** Why a request is answered here instead of by the app, or null to pass it on. */
export function refusalOf(request: Pick<http.IncomingMessage, 'method' | 'url'>): Refusal | null {
  const method = request.method ?? '';
  if (!METHODS.has(method)) {
    return { status: 405, detail: `Method ${method.slice(0, 20)} is not supported`, headers: { allow: [...METHODS].join(', ') } };
  }
  const target = request.url ?? '/';
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  if (!decodes(path)) return { status: 400, detail: 'The path is not valid percent-encoded UTF-8' };
  return null;
}

function decodes(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function answer(response: http.ServerResponse, refusal: Refusal): void {
  const body = JSON.stringify({ detail: refusal.detail });
  response.writeHead(refusal.status, {
    ...refusal.headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-request-id': crypto.randomUUID(),
  });
  response.end(body);
}

const state = globalThis as unknown as { __ksFrontDoor?: boolean };

/** Puts the front door before every HTTP server of this process (once). */
export function installFrontDoor(): void {
  if (state.__ksFrontDoor) return;
  state.__ksFrontDoor = true;
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit as (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
    Server.prototype.emit = function (this: unknown, event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'request') {
        const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
        const refusal = refusalOf(request);
        if (refusal) {
          answer(response, refusal);
          return true;
        }
        stamp(request);
      }
      return emit.call(this, event, ...args);
    };
  }
}
