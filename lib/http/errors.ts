// Errors as HTTP: the one place that turns a thrown value into a status and
// a {detail} body. Domain code throws AppError (lib/errors.ts) or lets a
// known Prisma error through; unexpected errors are logged, never shown.
import { Prisma } from '../db/client';
import { AppError, conflict, notFound, type ErrorKind } from '../errors';
import { logger } from '../observability/log';

// Route code keeps the names it always used.
export { AppError as ApiError, badRequest, unauthorized, forbidden, notFound, conflict, tooManyRequests, badGateway, gatewayTimeout } from '../errors';
export type { ErrorKind as ErrorCode } from '../errors';

const STATUS: Record<ErrorKind, number> = {
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

export function statusOf(error: AppError): number {
  return STATUS[error.code];
}

export function errorJson(status: number, detail: string, requestId: string, headers: Record<string, string> = {}): Response {
  return Response.json({ detail }, { status, headers: { ...headers, 'x-request-id': requestId } });
}

/** Maps any thrown value to a response; unexpected errors are logged, never shown. */
export function toErrorResponse(error: unknown, requestId: string): Response {
  if (error instanceof AppError) return errorJson(statusOf(error), error.detail, requestId, error.headers);
  const known = knownDatabaseError(error);
  if (known) return errorJson(statusOf(known), known.detail, requestId, known.headers);
  logger().error({ request_id: requestId, err: error }, 'unexpected error');
  return errorJson(500, `Internal server error (request id ${requestId})`, requestId);
}

function knownDatabaseError(error: unknown): AppError | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  // Unique constraint: the name (or identifier) is taken in this scope.
  if (error.code === 'P2002') return conflict('A record with the same unique value already exists');
  // Record to update or delete was not found (deleted concurrently).
  if (error.code === 'P2025') return notFound('Not found');
  // No transaction could start in time: the database is busy with a long write (an import).
  if (error.code === 'P2028') return new AppError('service_unavailable', 'The database is busy; try again in a moment', { 'retry-after': '5' });
  return null;
}
