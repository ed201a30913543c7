// Cookie sessions ride along on any request the browser makes, including a
// form or fetch from another site. State-changing requests made with the
// session cookie must therefore come from the app's own pages: the browser
// says where a request comes from in Sec-Fetch-Site and Origin, which a page
// cannot forge. Bearer-token requests carry no ambient credential and are
// not checked here.
import { appConfig } from '../config';
import { ApiError, forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const changesState = (request: Request) => !SAFE_METHODS.has(request.method.toUpperCase());

/** The origins this server answers as: the request's own, the proxy's, the configured public URLs (NEXTAUTH_URL, APP_URL). */
function ownOrigins(request: Request): Set<string> {
  const origins = new Set<string>([new URL(request.url).origin]);
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (host) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || new URL(request.url).protocol.replace(':', '');
    origins.add(`${proto}://${host.split(',')[0].trim()}`);
  }
  for (const configured of appConfig().addresses.ownOrigins) origins.add(configured);
  return origins;
}

/** Throws 403 when a cookie-authenticated write comes from another site. */
export function assertSameOrigin(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') {
    throw forbidden(`Cross-site request refused: a ${site} request cannot change data with the session cookie`);
  }
  const origin = request.headers.get('origin');
  if (origin !== null && !ownOrigins(request).has(origin)) {
    throw forbidden(`Cross-site request refused: origin ${origin.slice(0, 100)} is not this application's`);
  }
}

/** Throws 415 unless the body is declared as JSON (forms cannot send that cross-site without a preflight). */
export function assertJsonBody(request: Request): void {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError('unsupported_media_type', `Content-Type must be application/json (got ${type ? type.slice(0, 100) : 'none'})`);
  }
}
