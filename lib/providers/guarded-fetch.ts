// A fetch for providers whose address a tenant chose (a generative model
// made in the UI or API). The import's SSRF guard applies: the host is
// resolved here, every address is checked with the import's address policy
// and port list (IMPORT_ALLOWED_PORTS, IMPORT_ALLOW_LOOPBACK), and the
// connection goes to the checked address, so DNS rebinding cannot switch it.
// Redirects are not followed (a provider answering 3xx is an error). The
// answer streams back as a web Response, so provider code reads it like
// fetch()'s.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';
import { importConfig } from '../ingest/config';
import { isLoopback, refusalFor } from '../ingest/address-policy';
import { badGateway } from '../errors';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;
export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;
export type GuardPolicy = { allowLoopback: boolean; allowedPorts: number[] };

const systemResolve: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The import's settings: the same guard, the same opt-ins. */
export function guardPolicy(): GuardPolicy {
  const config = importConfig();
  return { allowLoopback: config.allowLoopback, allowedPorts: config.allowedPorts };
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');
const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));
const SUFFIX = 'a model made in the UI or API may only reach public addresses';

/**
 * What can be judged without DNS (when a model is saved): an address
 * written as an IP, and the port when the host is not a loopback address.
 */
export function literalRefusal(url: URL, policy: GuardPolicy = guardPolicy()): string | null {
  const host = hostOf(url);
  const port = portOf(url);
  if (net.isIP(host)) {
    const reason = refusalFor(host, policy);
    if (reason) return `${host} is ${reason}; ${SUFFIX}`;
    if (policy.allowLoopback && isLoopback(host)) return null;
  }
  if (!policy.allowedPorts.includes(port) && !policy.allowLoopback) return `port ${port} is not allowed; only ports ${policy.allowedPorts.join(', ')} are`;
  return null;
}

/** Resolves the host and checks every address; returns the one to connect to. */
export async function checkedAddress(url: URL, policy: GuardPolicy, resolve: Resolver = systemResolve): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const port = portOf(url);
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    if (!policy.allowedPorts.includes(port) && !policy.allowLoopback)
      throw refused(`Refused port ${port}: only ports ${policy.allowedPorts.join(', ')} are allowed`);
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw refused(code === 'ENOTFOUND' || code === 'ENODATA' ? `Host ${host} was not found` : `Could not resolve ${host} (${code ?? 'DNS error'})`);
    }
    if (!addresses.length) throw refused(`Host ${host} has no address`);
  }
  for (const { address } of addresses) {
    const reason = refusalFor(address, policy);
    if (!reason) continue;
    throw refused(
      address === host
        ? `Refused ${url.host}: ${address} is ${reason}; ${SUFFIX}`
        : `Refused ${url.host}: it resolves to ${address}, which is ${reason}; ${SUFFIX}`,
    );
  }
  const loopbackAllowed = policy.allowLoopback && addresses.every((a) => isLoopback(a.address));
  if (!policy.allowedPorts.includes(port) && !loopbackAllowed) throw refused(`Refused port ${port}: only ports ${policy.allowedPorts.join(', ')} are allowed`);
  return addresses[0];
}

// A refusal is final: the retrying fetch does not try again (it is an AppError).
const refused = (detail: string) => badGateway(detail);

export function guardedFetch(options: { policy?: GuardPolicy; resolve?: Resolver } = {}): FetchLike {
  return async (rawUrl, init) => {
    const url = new URL(rawUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw refused(`Only http and https provider addresses are allowed (got ${url.protocol.replace(':', '')})`);
    const target = await checkedAddress(url, options.policy ?? guardPolicy(), options.resolve);
    init.signal?.throwIfAborted();
    return send(url, target, init);
  };
}

function headerObject(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => (out[key] = value));
  return out;
}

function send(url: URL, target: ResolvedAddress, init: RequestInit): Promise<Response> {
  const signal = init.signal ?? undefined;
  const body = typeof init.body === 'string' ? init.body : undefined;
  const method = init.method ?? 'GET';
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let answer: http.IncomingMessage | null = null;
    const onAbort = () => {
      req.destroy(signal?.reason);
      answer?.destroy(signal?.reason);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method,
        agent: false,
        headers: headerObject(init.headers),
        // Connect to the address checked above, never to a fresh DNS answer.
        lookup: ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          if (opts?.all) callback(null, [target]);
          else callback(null, target.address, target.family);
        }) as unknown as typeof dns.lookup,
      },
      (res) => {
        answer = res;
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 599) {
          res.destroy();
          return reject(new Error(`The provider answered with HTTP status ${status}`));
        }
        const headers = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(key, item);
        }
        const empty = method === 'HEAD' || status === 204 || status === 205 || status === 304;
        if (empty) res.resume();
        res.on('close', () => signal?.removeEventListener('abort', onAbort));
        resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage ?? '', headers }));
      },
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? signal.reason : error);
    });
    req.end(body);
  });
}
