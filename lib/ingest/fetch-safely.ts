// Downloads a user-given URL without letting it reach anything private.
// DNS is resolved here, every address is checked, and the connection goes
// to the checked address (no second lookup, so no DNS rebinding). Redirects
// are followed by hand and each hop is checked again. Size is limited while
// streaming, with or without Content-Length and after decompression; time
// is limited in total and between bytes.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { importConfig, type ImportConfig } from './config';
import { isLoopback, refusalFor } from './address-policy';
import { ImportError, refuse, transientFailure } from './errors';

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type FetchOptions = {
  signal?: AbortSignal;
  /** DNS resolution; tests pass their own to simulate hostile DNS answers. */
  resolve?: Resolver;
  config?: ImportConfig;
  /** Extra request headers: a re-sync's If-None-Match / If-Modified-Since. */
  headers?: Record<string, string>;
};

/**
 * `status` is 200, or 304 when a conditional request found the page
 * unchanged (no bytes then). `etag` and `lastModified` are the validators
 * the server sent, kept for the next conditional request.
 */
export type FetchedFile = { bytes: Buffer; contentType: string; finalUrl: URL; status?: number; etag?: string | null; lastModified?: string | null };

/** The server answered with a status that is not a success (its code kept: a re-sync treats 404 and 410 as gone). */
export class HttpStatusFailure extends ImportError {
  constructor(
    message: string,
    readonly status: number,
    transient: boolean,
  ) {
    super(message, transient);
  }
}

export const systemResolve: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export async function fetchSafely(rawUrl: string, options: FetchOptions = {}): Promise<FetchedFile> {
  const config = options.config ?? importConfig();
  const resolve = options.resolve ?? systemResolve;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), config.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  try {
    let url = parseUrl(rawUrl);
    const visited = new Set<string>();
    for (let hop = 0; ; hop++) {
      visited.add(withoutFragment(url));
      const target = await untilAborted(checkTarget(url, config, resolve), signal);
      const response = await request(url, target, signal, config, options.headers);
      if (response.redirect) {
        const next = parseUrl(response.redirect, url);
        // A loop would only end at the redirect limit: name it at once.
        if (visited.has(withoutFragment(next))) throw refuse(`Redirect loop: ${url.href.slice(0, 300)} redirects back to ${next.href.slice(0, 300)}`);
        if (hop >= config.maxRedirects) throw refuse(`Too many redirects (the limit is ${config.maxRedirects})`);
        url = next;
        continue;
      }
      return {
        bytes: response.bytes,
        contentType: response.contentType,
        finalUrl: url,
        status: response.status,
        etag: response.etag,
        lastModified: response.lastModified,
      };
    }
  } catch (error) {
    if (deadline.signal.aborted && !options.signal?.aborted) throw refuse(`The download took longer than the ${config.timeoutMs / 1000} s time limit`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A DNS lookup cannot be cancelled: stop waiting for it when the deadline passes. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(transientFailure('The download was stopped'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(transientFailure('The download was stopped'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function withoutFragment(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

function parseUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw refuse(`Not a valid URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse(`Only http and https URLs can be imported (got ${url.protocol.replace(':', '')})`);
  return url;
}

/** Resolves the host, refuses forbidden addresses and ports; returns the address to connect to. Also run when a URL is submitted (submission-check.ts). */
export async function checkTarget(url: URL, config: ImportConfig, resolve: Resolver): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const policy = { allowLoopback: config.allowLoopback };
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    // Without the loopback allow-list no exemption can apply: refuse before any lookup.
    if (!config.allowedPorts.includes(port) && !config.allowLoopback) throw portRefused(port, config);
    addresses = await resolveHost(host, resolve);
  }
  for (const { address } of addresses) {
    const reason = refusalFor(address, policy);
    if (!reason) continue;
    if (address === host) throw refuse(`Refused ${url.host}: ${address} is ${reason}`);
    throw refuse(`Refused ${url.host}: it resolves to ${address}, which is ${reason}`);
  }
  const chosen = addresses[0];
  const loopbackAllowed = config.allowLoopback && addresses.every((a) => isLoopback(a.address));
  if (!config.allowedPorts.includes(port) && !loopbackAllowed) throw portRefused(port, config);
  return chosen;
}

function portRefused(port: number, config: ImportConfig): ImportError {
  return refuse(`Refused port ${port}: only ports ${config.allowedPorts.join(', ')} are allowed`);
}

async function resolveHost(host: string, resolve: Resolver): Promise<ResolvedAddress[]> {
  try {
    const addresses = await resolve(host);
    if (!addresses.length) throw refuse(`Host ${host} has no address`);
    return addresses;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw refuse(`Host ${host} was not found`);
    throw transientFailure(`Could not resolve ${host} (${code ?? 'DNS error'})`);
  }
}

type HopResult = { redirect?: string; bytes: Buffer; contentType: string; status?: number; etag?: string | null; lastModified?: string | null };

function request(url: URL, target: ResolvedAddress, signal: AbortSignal, config: ImportConfig, extraHeaders: Record<string, string> = {}): Promise<HopResult> {
  return new Promise<HopResult>((resolvePromise, reject) => {
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    const finish = (error: Error | null, result?: HopResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      signal.removeEventListener('abort', onAbort);
      if (error) {
        req.destroy();
        reject(error);
      } else resolvePromise(result!);
    };
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => finish(refuse(`The server sent no data for ${config.idleTimeoutMs / 1000} s`)), config.idleTimeoutMs);
    };
    const onAbort = () => finish(signal.reason instanceof ImportError ? signal.reason : transientFailure('The download was stopped'));
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        headers: { ...extraHeaders, 'user-agent': 'KnowledgeSearchImporter/1.0', accept: '*/*', 'accept-encoding': 'gzip, deflate, br' },
        // Connect to the address checked above, never to a fresh DNS answer.
        lookup: ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          if (opts?.all) callback(null, [target]);
          else callback(null, target.address, target.family);
        }) as unknown as typeof dns.lookup,
      },
      (res) => {
        armIdle();
        const status = res.statusCode ?? 0;
        const validators = { etag: headerText(res.headers.etag), lastModified: headerText(res.headers['last-modified']) };
        if (status === 304) {
          res.resume();
          return finish(null, { bytes: Buffer.alloc(0), contentType: '', status, ...validators });
        }
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return finish(null, { redirect: res.headers.location, bytes: Buffer.alloc(0), contentType: '' });
        }
        if (status === 429 || status >= 500) {
          res.resume();
          return finish(new HttpStatusFailure(`The server answered ${status} ${res.statusMessage ?? ''}`.trim(), status, true));
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return finish(new HttpStatusFailure(`The server answered ${status} ${res.statusMessage ?? ''}`.trim(), status, false));
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (declared > config.maxBytes) return finish(refuse(`The file is ${mb(declared)}, over the ${mb(config.maxBytes)} size limit`));
        let body: Readable;
        try {
          body = decoded(res, res.headers['content-encoding']);
        } catch (error) {
          return finish(error as Error);
        }
        res.on('data', armIdle);
        const chunks: Buffer[] = [];
        let size = 0;
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > config.maxBytes) {
            // Settle first: destroying the stream makes it report a closed connection.
            finish(refuse(`The file is over the ${mb(config.maxBytes)} size limit${body === res ? '' : ' once decompressed'}`));
            body.destroy();
            return;
          }
          chunks.push(chunk);
        });
        body.on('end', () => finish(null, { bytes: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? ''), status, ...validators }));
        body.on('error', (error) => finish(body === res ? networkFailure(error) : refuse(`The compressed body is corrupt (${error.message})`)));
        res.on('error', (error) => finish(networkFailure(error)));
        res.on('aborted', () => finish(transientFailure('The server closed the connection before the end of the file')));
      },
    );
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort);
    armIdle();
    req.on('error', (error) => finish(networkFailure(error)));
    req.end();
  });
}

/** A validator header as text (at most 500 characters), or null. */
function headerText(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, 500) : null;
}

function decoded(res: http.IncomingMessage, encoding: string | undefined): Readable {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  if (name === 'identity' || name === '') return res;
  if (name === 'gzip' || name === 'x-gzip') return res.pipe(zlib.createGunzip());
  if (name === 'deflate') return res.pipe(zlib.createInflate());
  if (name === 'br') return res.pipe(zlib.createBrotliDecompress());
  throw refuse(`Unsupported Content-Encoding: ${name}`);
}

/** What a network error code means, in words a person reads; the code follows in parentheses. */
const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'The server refused the connection',
  ECONNRESET: 'The server closed the connection unexpectedly',
  ETIMEDOUT: 'The server did not answer in time',
  EHOSTUNREACH: 'The server cannot be reached from here',
  ENETUNREACH: 'The network of the server cannot be reached from here',
  EPIPE: 'The connection broke while the file was being read',
  EAI_AGAIN: 'The server’s name could not be looked up just now',
};

function networkFailure(error: Error): ImportError {
  if (error instanceof ImportError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (/CERT|SSL|TLS|ERR_TLS/.test(code)) return refuse(`The server’s security certificate could not be checked (${code}: ${error.message})`);
  const words = NETWORK_WORDS[code];
  return transientFailure(words ? `${words} (${code})` : `Network error (${code || error.message})`);
}
