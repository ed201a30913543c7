// What route() records of every request once its answer is ready: one log
// line and the request metrics, both under the route's path pattern.
import type { Principal } from '../auth/principal';
import { ApiError, statusOf } from '../http/errors';
import { logger } from './log';
import { observeRequest, routePattern } from './metrics';

export type FinishedRequest = {
  request: Request;
  requestId: string;
  params: Record<string, string | string[]>;
  principal: Principal | null;
  status: number;
  startedAt: number;
  /** The error that became the response, if any. */
  error?: unknown;
  /** The validated body: logged only at debug level. */
  body?: unknown;
};

export function recordRequest(done: FinishedRequest): void {
  const seconds = (performance.now() - done.startedAt) / 1000;
  const url = new URL(done.request.url);
  const route = routePattern(url.pathname, done.params);
  observeRequest(route, done.request.method, done.status, seconds);
  const log = logger();
  const level = done.status >= 500 ? 'error' : 'info';
  if (!log.isLevelEnabled(level)) return;
  const line: Record<string, unknown> = {
    request_id: done.requestId,
    route,
    method: done.request.method,
    status: done.status,
    duration_ms: Math.round(seconds * 10_000) / 10,
    organization_id: done.principal?.organizationId || undefined,
    auth: done.principal?.organizationId ? done.principal.mode : undefined,
  };
  if (done.status >= 500 && done.error !== undefined && !(done.error instanceof ApiError && statusOf(done.error) < 500)) line.err = done.error;
  if (log.isLevelEnabled('debug')) {
    line.query = Object.fromEntries(url.searchParams);
    if (done.body !== undefined) line.body = done.body;
  }
  log[level](line, 'request');
}
