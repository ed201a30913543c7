// Calls a route handler in-process with a real Request, the way Next.js does,
// and returns status, headers and the parsed body.
import { expect } from 'vitest';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  token?: string | null;
  body?: unknown;
  /** Sent as is, for malformed-body tests. */
  rawBody?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
};

export type CallResult<T = unknown> = { status: number; body: T; headers: Headers; response: Response };

export async function call<T = any>(handler: Handler, method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const url = new URL(path, 'http://localhost');
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(url, { method, headers, body });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.clone().text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
  return { status: response.status, body: parsed as T, headers: response.headers, response };
}

/** The API's error answer: exactly this status and a body of exactly {detail}. */
export function expectError(res: Pick<CallResult, 'status' | 'body'>, status: number, detail: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ detail });
}
