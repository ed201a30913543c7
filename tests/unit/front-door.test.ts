// The server's front door: what Next.js would answer with a plain 500 or from
// the framework is answered with {detail} before the app is reached.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFrontDoor, refusalOf } from '@/lib/http/front-door';
import { PEER_HEADER, peerAddress } from '@/lib/http/client-address';

describe('refusalOf', () => {
  it.each([
    ['/searcher/v1/datasets/%FF', 400],
    ['/searcher/v1/datasets/%E2%82', 400],
    ['/searcher/v1/datasets/%zz', 400],
    ['/api/v1/overview/%', 400],
  ])('a path with broken percent-encoding (%s) is %i', (url, status) => {
    expect(refusalOf({ method: 'GET', url })?.status).toBe(status);
  });

  it.each(['/searcher/v1/datasets/%E2%82%AC', '/searcher/v1/search?q=%FF', '/signin', '/s/help%20desk'])('passes %s on', (url) => {
    expect(refusalOf({ method: 'GET', url })).toBeNull();
  });

  it.each(['TRACE', 'PROPFIND', 'CONNECT'])('refuses the method %s with 405 and Allow', (method) => {
    const refusal = refusalOf({ method, url: '/searcher/v1/datasets' });
    expect(refusal?.status).toBe(405);
    expect(refusal?.headers?.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });
});

describe('on a real server', () => {
  let server: http.Server;
  let port = 0;
  const seen: string[] = [];

  beforeAll(async () => {
    installFrontDoor();
    server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${peerAddress(new Request('http://x/', { headers: { [PEER_HEADER]: String(req.headers[PEER_HEADER]) } }))}`);
      res.end('app');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => server.close());

  const send = (method: string, path: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('answers a broken path and an unknown method itself, in JSON, and the app never sees them', async () => {
    const broken = await send('GET', '/searcher/v1/datasets/%FF');
    expect(broken).toEqual({ status: 400, type: 'application/json', body: JSON.stringify({ detail: 'The path is not valid percent-encoded UTF-8' }) });
    const trace = await send('TRACE', '/searcher/v1/datasets');
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body)).toEqual({ detail: 'Method TRACE is not supported' });
    expect(seen).toEqual([]);
  });

  it('passes a good request on, stamped with its socket address', async () => {
    const ok = await send('GET', '/searcher/v1/datasets/%E2%82%AC?x=%FF');
    expect(ok).toMatchObject({ status: 200, body: 'app' });
    expect(seen).toEqual(['GET /searcher/v1/datasets/%E2%82%AC?x=%FF 127.0.0.1']);
  });
});
