// Answers for requests no route handles, in the API's own shape: an unknown
// path under /api or /searcher is 404 {detail} (not Next's HTML page), a
// method a path does not offer is 405 {detail} with Allow (not an empty body).
import crypto from 'node:crypto';
import { errorJson } from './errors';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type Handler = (request: Request) => Promise<Response>;

/**
 * Handlers for every method a route file does not export, answering 405.
 * Used as `export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST')`.
 */
export function otherMethods<A extends Method>(...allowed: A[]): Record<Exclude<Method, A>, Handler> {
  const allow = [...allowed, ...((allowed as Method[]).includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const refuse: Handler = async (request) =>
    errorJson(405, `Method ${request.method} is not allowed here; this path accepts ${allowed.join(', ')}`, crypto.randomUUID(), { allow });
  // Marked so the OpenAPI document lists these as 405s, not as operations.
  Object.defineProperty(refuse, 'methodNotAllowed', { value: true, enumerable: false });
  return Object.fromEntries(METHODS.filter((m) => !(allowed as Method[]).includes(m)).map((m) => [m, refuse])) as Record<Exclude<Method, A>, Handler>;
}

/** True for a handler made by otherMethods(). */
export function isMethodNotAllowed(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as { methodNotAllowed?: boolean }).methodNotAllowed === true;
}

/** Every method of an unknown path: 404. */
export function unknownPath(): Record<Method, Handler> {
  const answer: Handler = async (request) =>
    errorJson(404, `No such endpoint: ${request.method} ${new URL(request.url).pathname.slice(0, 200)}`, crypto.randomUUID());
  return Object.fromEntries(METHODS.map((m) => [m, answer])) as Record<Method, Handler>;
}
