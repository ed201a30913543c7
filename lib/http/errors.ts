// The one error type of the API. Domain code throws ApiError (or lets a
// known Prisma error through); toErrorResponse is the only place that turns
// an error into a status and a {detail} body.
import { Prisma } from '../db/client';
import { logger } from '../observability/log';

export type ErrorCode = 'bad_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'payload_too_large' | 'unsupported_media_type' | 'too_many_requests' | 'internal' | 'bad_gateway' | 'service_unavailable' | 'gateway_timeout' | 'client_closed';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  bad_gateway: 502,
  service_unavailable: 503,
  gateway_timeout: 504,
  // nginx's code for a client that closed the connection before the answer: only logs ever see it.
  client_closed: 499,
};

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const badRequest = (detail: string) => new ApiError('bad_request', detail);
export const unauthorized = (detail: string) => new ApiError('unauthorized', detail);
export const forbidden = (detail: string) => new ApiError('forbidden', detail);
export const notFound = (detail: string) => new ApiError('not_found', detail);
export const conflict = (detail: string) => new ApiError('conflict', detail);
/** A rate limit was hit; the client may retry after `retryAfterSeconds`. */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new ApiError('too_many_requests', detail, { 'retry-after': String(retryAfterSeconds) });
/** An upstream service (a language-model provider) failed or answered nonsense. */
export const badGateway = (detail: string) => new ApiError('bad_gateway', detail);
/** An upstream service did not answer in time. */
export const gatewayTimeout = (detail: string) => new ApiError('gateway_timeout', detail);

export function errorJson(status: number, detail: string, requestId: string, headers: Record<string, string> = {}): Response {
  return Response.json({ detail }, { status, headers: { ...headers, 'x-request-id': requestId } });
}

/** Maps any thrown value to a response; unexpected errors are logged, never shown. */
export function toErrorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) return errorJson(error.status, error.detail, requestId, error.headers);
  const known = knownDatabaseError(error);
  if (known) return errorJson(known.status, known.detail, requestId);
  logger().error({ request_id: requestId, err: error }, 'unexpected error');
  return errorJson(500, `Internal server error (request id ${requestId})`, requestId);
}

function knownDatabaseError(error: unknown): ApiError | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  // Unique constraint: the name (or identifier) is taken in this scope.
  if (error.code === 'P2002') return conflict('A record with the same unique value already exists');
  // Record to update or delete was not found (deleted concurrently).
  if (error.code === 'P2025') return notFound('Not found');
  return null;
}
