// The domain's one error type. Domain code (lib/<feature>) throws AppError
// with a kind that says what went wrong in its own terms; only lib/http
// turns a kind into a status code and a {detail} body (lib/http/errors.ts),
// so nothing outside lib/http needs to know HTTP.

export type ErrorKind =
  | 'bad_request' // the caller's input is invalid
  | 'unauthorized' // no credential, or one we do not accept
  | 'forbidden' // the credential may not do this
  | 'not_found' // missing, or belongs to another tenant
  | 'conflict' // the current state forbids it (in use, already done, taken)
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'internal'
  | 'bad_gateway' // an upstream service (a language-model provider) failed or answered nonsense
  | 'service_unavailable'
  | 'gateway_timeout' // an upstream service did not answer in time
  | 'client_closed'; // the caller went away before the answer

export class AppError extends Error {
  constructor(
    readonly code: ErrorKind,
    readonly detail: string,
    /** What the caller needs to retry, such as Retry-After on a rate limit. */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string) => new AppError('bad_request', detail);
export const unauthorized = (detail: string) => new AppError('unauthorized', detail);
export const forbidden = (detail: string) => new AppError('forbidden', detail);
export const notFound = (detail: string) => new AppError('not_found', detail);
export const conflict = (detail: string) => new AppError('conflict', detail);
/** A rate limit was hit; the caller may retry after `retryAfterSeconds`. */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError('too_many_requests', detail, { 'retry-after': String(retryAfterSeconds) });
/** An upstream service (a language-model provider) failed or answered nonsense. */
export const badGateway = (detail: string) => new AppError('bad_gateway', detail);
/** An upstream service did not answer in time. */
export const gatewayTimeout = (detail: string) => new AppError('gateway_timeout', detail);
