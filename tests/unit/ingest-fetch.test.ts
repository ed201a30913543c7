// Safe fetching against a real server on 127.0.0.1. Refusals of other
// addresses happen before any connection: no test sends traffic anywhere
// but loopback.
import net from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFileServer, type FileServer } from '../helpers/file-server';
import { fetchSafely, type Resolver } from '@/lib/ingest/fetch-safely';
import { importConfig, type ImportConfig } from '@/lib/ingest/config';
import { ImportError } from '@/lib/ingest/errors';

let server: FileServer;
const timers = new Set<NodeJS.Timeout>();
beforeAll(async () => {
  server = await startFileServer();
});
afterAll(async () => {
  for (const t of timers) clearInterval(t);
  await server.close();
});

const config = (over: Partial<ImportConfig> = {}): ImportConfig => ({ ...importConfig(), allowLoopback: true, ...over });
const port = () => new URL(server.url('/')).port;
const fixedDns =
  (answers: Record<string, string[]>, calls: string[] = []): Resolver =>
  async (host) => {
    calls.push(host);
    return (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function refusal(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

describe('fetchSafely: addresses and schemes', () => {
  it('fetches a file from loopback when the allow-list is on', async () => {
    const file = await fetchSafely(server.url('/lighthouse.txt'), { config: config() });
    expect(file.bytes.toString()).toContain('Keeper Island');
    expect(file.contentType).toContain('text/plain');
  });

  it.each([
    ['127.0.0.1', () => server.url('/lighthouse.txt'), /127\.0\.0\.1 is a loopback address/],
    ['localhost', () => 'http://localhost/lighthouse.txt', /Refused localhost: it resolves to (127\.0\.0\.1|::1), which is a loopback address/],
    ['decimal 2130706433', () => `http://2130706433:${port()}/lighthouse.txt`, /127\.0\.0\.1 is a loopback address/],
    ['octal 0177.0.0.1', () => `http://0177.0.0.1:${port()}/lighthouse.txt`, /127\.0\.0\.1 is a loopback address/],
    ['[::ffff:7f00:1]', () => `http://[::ffff:7f00:1]:${port()}/lighthouse.txt`, /loopback address \(127\.0\.0\.1 inside an IPv6 address\)/],
  ])('refuses loopback (%s) when the allow-list is off, without connecting', async (_label, url, reason) => {
    const before = server.hits.get('/lighthouse.txt') ?? 0;
    const error = await refusal(fetchSafely(url(), { config: config({ allowLoopback: false }) }));
    expect(error.message).toMatch(reason);
    expect(error.transient).toBe(false);
    expect(server.hits.get('/lighthouse.txt') ?? 0).toBe(before);
  });

  it.each([
    ['http://0.0.0.0/', /unspecified/],
    ['http://[::]/', /unspecified/],
    ['http://[::1]/', /loopback/],
    ['http://[::ffff:a9fe:a9fe]/latest/meta-data/', /cloud metadata address \(169\.254\.169\.254 inside/],
    ['http://169.254.169.254/latest/meta-data/', /cloud metadata/],
    ['http://10.0.0.5/', /private \(RFC 1918\)/],
    ['http://172.16.0.1/', /private \(RFC 1918\)/],
    ['http://192.168.1.10/', /private \(RFC 1918\)/],
    ['http://012.0.0.1/', /10\.0\.0\.1 is a private/],
    ['http://[fd00::1]/', /unique-local/],
  ])('refuses %s', async (url, reason) => {
    const error = await refusal(fetchSafely(url, { config: config({ allowLoopback: false }) }));
    expect(error.message).toMatch(/^Refused /);
    expect(error.message).toMatch(reason);
  });

  it('refuses [::1] and 0.0.0.0 even with the loopback allow-list on', async () => {
    expect((await refusal(fetchSafely('http://0.0.0.0/', { config: config() }))).message).toMatch(/unspecified/);
    expect((await refusal(fetchSafely('http://10.1.1.1/', { config: config() }))).message).toMatch(/private/);
  });

  it.each(['ftp://example.com/file.pdf', 'file:///etc/passwd', 'gopher://example.com/', 'data:text/plain,hello', 'javascript:alert(1)'])(
    'refuses the scheme of %s',
    async (url) => {
      const error = await refusal(fetchSafely(url, { config: config() }));
      expect(error.message).toMatch(/^Only http and https URLs can be imported/);
    },
  );

  it('refuses a hostname that resolves to a private address, naming it', async () => {
    const resolve = fixedDns({ 'intranet.example': ['10.20.30.40'] });
    const error = await refusal(fetchSafely('http://intranet.example/report.pdf', { resolve, config: config() }));
    expect(error.message).toBe('Refused intranet.example: it resolves to 10.20.30.40, which is a private (RFC 1918) address');
  });

  it('refuses a hostname when any of its addresses is private', async () => {
    const resolve = fixedDns({ 'mixed.example': ['93.184.215.14', 'fd12::7'] });
    expect((await refusal(fetchSafely('https://mixed.example/', { resolve, config: config() }))).message).toMatch(/resolves to fd12::7/);
  });

  it('connects to the address it checked and resolves once (no DNS rebinding)', async () => {
    const calls: string[] = [];
    const resolve = fixedDns({ 'files.example': ['127.0.0.1'] }, calls);
    const file = await fetchSafely(`http://files.example:${port()}/orchard.md`, { resolve, config: config() });
    expect(file.bytes.toString()).toContain('Orchard Care');
    expect(calls).toEqual(['files.example']);
  });

  it('refuses ports outside the allowed list, before any lookup or connection', async () => {
    const calls: string[] = [];
    const resolve = fixedDns({ 'public.example': ['93.184.215.14'] }, calls);
    const cfg = config({ allowLoopback: false });
    expect((await refusal(fetchSafely('http://public.example:22/', { resolve, config: cfg }))).message).toBe(
      'Refused port 22: only ports 80, 443, 8080, 8443 are allowed',
    );
    expect((await refusal(fetchSafely('http://93.184.215.14:6379/', { config: cfg }))).message).toMatch(/^Refused port 6379/);
    expect(calls).toEqual([]);
  });
});

describe('fetchSafely: redirects', () => {
  it('follows a redirect to an allowed address', async () => {
    server.on('/moved', (_req, res) => res.writeHead(302, { location: '/orchard.md' }).end());
    const file = await fetchSafely(server.url('/moved'), { config: config() });
    expect(file.finalUrl.pathname).toBe('/orchard.md');
  });

  it('refuses a redirect from an allowed URL to a private one', async () => {
    server.on('/to-private', (_req, res) => res.writeHead(301, { location: 'http://192.168.0.10/admin' }).end());
    server.on('/to-metadata', (_req, res) => res.writeHead(307, { location: 'http://[::ffff:169.254.169.254]/' }).end());
    expect((await refusal(fetchSafely(server.url('/to-private'), { config: config() }))).message).toBe(
      'Refused 192.168.0.10: 192.168.0.10 is a private (RFC 1918) address',
    );
    expect((await refusal(fetchSafely(server.url('/to-metadata'), { config: config() }))).message).toMatch(/cloud metadata/);
  });

  it('refuses a redirect to another scheme and too many redirects', async () => {
    server.on('/to-file', (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    server.on('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
    // A chain of distinct addresses longer than the limit, and a loop (an address seen before, named as such).
    server.on('/hop', (req, res) =>
      res.writeHead(302, { location: `/hop?n=${Number(new URL(req.url ?? '/', 'http://x').searchParams.get('n') ?? 0) + 1}` }).end(),
    );
    expect((await refusal(fetchSafely(server.url('/to-file'), { config: config() }))).message).toMatch(/Only http and https/);
    expect((await refusal(fetchSafely(server.url('/hop'), { config: config({ maxRedirects: 3 }) }))).message).toBe('Too many redirects (the limit is 3)');
    expect((await refusal(fetchSafely(server.url('/loop'), { config: config({ maxRedirects: 3 }) }))).message).toMatch(/^Redirect loop: /);
  });
});

describe('fetchSafely: resource limits', () => {
  const MB = 1024 * 1024;

  it('refuses a body over the limit by its Content-Length, at once', async () => {
    server.on('/big-declared', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(50 * MB) });
      res.write('x'.repeat(1024));
    });
    const started = Date.now();
    const error = await refusal(fetchSafely(server.url('/big-declared'), { config: config({ maxBytes: MB }) }));
    expect(error.message).toBe('The file is 50 MB, over the 1 MB size limit');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a body over the limit without Content-Length while it streams', async () => {
    server.on('/big-chunked', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'y');
      const timer = setInterval(() => res.write(chunk), 1);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
    });
    const error = await refusal(fetchSafely(server.url('/big-chunked'), { config: config({ maxBytes: MB }) }));
    expect(error.message).toBe('The file is over the 1 MB size limit');
  });

  it('refuses a gzip body that inflates past the limit', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(64 * MB));
    expect(bomb.length).toBeLessThan(MB);
    server.on('/bomb.txt', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': String(bomb.length) }).end(bomb),
    );
    const error = await refusal(fetchSafely(server.url('/bomb.txt'), { config: config({ maxBytes: 2 * MB }) }));
    expect(error.message).toBe('The file is over the 2 MB size limit once decompressed');
  });

  it('reads a small gzip body', async () => {
    server.on('/small.txt', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(zlib.gzipSync('hello gzip')));
    expect((await fetchSafely(server.url('/small.txt'), { config: config() })).bytes.toString()).toBe('hello gzip');
  });

  it('stops a server that trickles bytes at the total time limit', async () => {
    server.on('/trickle', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 50);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    const error = await refusal(fetchSafely(server.url('/trickle'), { config: config({ timeoutMs: 800 }) }));
    expect(error.message).toBe('The download took longer than the 0.8 s time limit');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('stops a server that goes silent at the idle limit', async () => {
    server.on('/silent', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a');
    });
    const error = await refusal(fetchSafely(server.url('/silent'), { config: config({ idleTimeoutMs: 300 }) }));
    expect(error.message).toBe('The server sent no data for 0.3 s');
  });

  it('treats 5xx and 429 as worth a retry, 404 as final', async () => {
    server.on('/busy', (_req, res) => res.writeHead(503).end());
    expect((await refusal(fetchSafely(server.url('/busy'), { config: config() }))).transient).toBe(true);
    const missing = await refusal(fetchSafely(server.url('/missing.pdf'), { config: config() }));
    expect(missing.message).toBe('The server answered 404 Not Found');
    expect(missing.transient).toBe(false);
  });

  it('says a refused connection in plain words, the code after them, and tries again later', async () => {
    // A port nothing listens on: bind one, note it, close it.
    const probe = await new Promise<net.Server>((resolve) => {
      const s = net.createServer();
      s.listen(0, '127.0.0.1', () => resolve(s));
    });
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const error = await refusal(fetchSafely(`http://127.0.0.1:${port}/file.txt`, { config: config({ allowedPorts: [port] }) }));
    expect(error.message).toBe('The server refused the connection (ECONNREFUSED)');
    expect(error.transient).toBe(true);
  });
});

describe('fetchSafely: slow DNS', () => {
  it('stops waiting for a lookup that never answers at the time limit', async () => {
    const never: Resolver = () => new Promise(() => undefined);
    const started = Date.now();
    const error = await refusal(fetchSafely('http://slow-dns.example/', { resolve: never, config: config({ timeoutMs: 300 }) }));
    expect(error.message).toBe('The download took longer than the 0.3 s time limit');
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
