// Cookie sessions ride along on any request the browser makes, including a
// form or fetch from another site. State-changing requests made with the
// session cookie must therefore come from the app's own pages: the browser
// says where a request comes from in Sec-Fetch-Site and Origin, which a page
// cannot forge. A write that carries neither header did not come from a
// browser page of ours (every current browser sends Origin on a fetch or form
// POST), so it is refused too: a script should use a bearer token. Bearer-token
// requests carry no ambient credential and are not checked here.
import { appConfig } from '../config';
import { fromTrustedProxy } from './client-address';
import { ApiError, forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const changesState = (request: Request) => !SAFE_METHODS.has(request.method.toUpperCase());

/**
 * The origins this server answers as: the request's own (its Host), the
 * configured public URLs (NEXTAUTH_URL, APP_URL), and the address a proxy
 * forwarded for, but only when the request came from one of TRUSTED_PROXIES:
 * anyone else's X-Forwarded-Host is a claim of the client's.
 */
function ownOrigins(request: Request): Set<string> {
  const url = new URL(request.url);
  const origins = new Set<string>([url.origin]);
  const host = request.headers.get('host');
  if (host) origins.add(`${url.protocol}//${host.trim()}`);
  const forwardedHost = request.headers.get('x-forwarded-host');
  if (forwardedHost && fromTrustedProxy(request)) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol.replace(':', '');
    origins.add(`${proto}://${forwardedHost.split(',')[0].trim()}`);
  }
  for (const configured of appConfig().addresses.ownOrigins) origins.add(configured);
  return origins;
}

/** Throws 403 when a cookie-authenticated write comes from another site, or does not say where it comes from. */
export function assertSameOrigin(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') {
    throw forbidden(`Cross-site request refused: a ${site} request cannot change data with the session cookie`);
  }
  const origin = request.headers.get('origin');
  if (site === null && origin === null) {
    throw forbidden('Request refused: a write with the session cookie must come from the app (Origin header), or use a bearer token');
  }
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
