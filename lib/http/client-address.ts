// Who is on the other end of a request. Next.js route handlers never see the
// socket, and `next start` passes on a client's own X-Forwarded-For as is
// (it fills the header with the socket address only when it is missing), so
// that header alone cannot be trusted. From start (instrumentation), the
// server's front door (lib/http/front-door.ts) stamps every incoming request
// with its socket address in PEER_HEADER, signed with a secret of this
// process, after removing any value the client sent; X-Forwarded-For is then
// believed only when that peer is one of TRUSTED_PROXIES (comma-separated
// addresses or CIDR ranges, lib/config/addresses.ts).
import crypto from 'node:crypto';
import type http from 'node:http';
import net from 'node:net';
import { appConfig } from '../config';

export const PEER_HEADER = 'x-ks-peer';

const state = globalThis as unknown as { __ksPeer?: { secret: string } };
const peer = (state.__ksPeer ??= { secret: crypto.randomBytes(16).toString('hex') });

/** The header value that says "the socket address is `address`"; only this process can make it. */
export function peerStamp(address: string): string {
  return `${peer.secret} ${address}`;
}

/** Replaces whatever PEER_HEADER the client sent with the signed socket address. */
export function stamp(request: http.IncomingMessage): void {
  delete request.headers[PEER_HEADER];
  if (request.socket?.remoteAddress) request.headers[PEER_HEADER] = peerStamp(request.socket.remoteAddress);
}

/** The socket address the server stamped, or null when the request did not come through a stamped server. */
export function peerAddress(request: Pick<Request, 'headers'>): string | null {
  const value = request.headers.get(PEER_HEADER);
  if (!value) return null;
  const space = value.indexOf(' ');
  const secret = value.slice(0, space);
  if (space < 0 || secret.length !== peer.secret.length || !crypto.timingSafeEqual(Buffer.from(secret), Buffer.from(peer.secret))) return null;
  return normalize(value.slice(space + 1));
}

export function isLoopback(address: string | null): boolean {
  if (!address) return false;
  return address === '::1' || (net.isIPv4(address) && address.startsWith('127.'));
}

/** Whether the request came, by its stamped socket address, from one of TRUSTED_PROXIES. */
export function fromTrustedProxy(request: Pick<Request, 'headers'>, proxies: net.BlockList = appConfig().addresses.trustedProxies): boolean {
  const socket = peerAddress(request);
  return socket !== null && isTrusted(proxies, socket);
}

function isTrusted(list: net.BlockList, address: string): boolean {
  if (net.isIPv4(address)) return list.check(address, 'ipv4');
  if (net.isIPv6(address)) return list.check(address, 'ipv6');
  return false;
}

/**
 * The client's address. From the stamped socket address: a trusted proxy's
 * X-Forwarded-For is read from the right, skipping trusted hops, and the
 * first other address is the client (X-Real-IP when there is no
 * X-Forwarded-For); anyone else is their socket address. A request that was
 * not stamped (route handlers called in tests, a server started without
 * instrumentation) falls back to the right-most X-Forwarded-For entry, which
 * `next start` sets to the socket address when the client sent none.
 */
export function clientAddress(request: Pick<Request, 'headers'>, proxies: net.BlockList = appConfig().addresses.trustedProxies): string {
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => normalize(s.trim()))
    .filter(Boolean);
  const socket = peerAddress(request);
  if (socket === null) return (forwarded.at(-1) || request.headers.get('x-real-ip')?.trim() || 'unknown').slice(0, 64);
  if (!isTrusted(proxies, socket)) return socket;
  for (let i = forwarded.length - 1; i >= 0; i--) if (!isTrusted(proxies, forwarded[i])) return forwarded[i].slice(0, 64);
  const realIp = request.headers.get('x-real-ip')?.trim();
  return (forwarded[0] ?? (realIp ? normalize(realIp) : socket)).slice(0, 64);
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is `1.2.3.4`. */
function normalize(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}
