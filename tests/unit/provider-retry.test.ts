// Provider calls are tried again on 429/5xx within the caller's deadline,
// against a real local HTTP server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithRetry, retryAfterMs } from '@/lib/providers/retrying-fetch';

let base = '';
const script: number[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    const status = script.shift() ?? 200;
    res.writeHead(status, status === 429 ? { 'retry-after': '0' } : {});
    res.end(String(status));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const waits: number[] = [];
const sleep = async (ms: number) => void waits.push(ms);

describe('fetchWithRetry', () => {
  it('tries again after 429 and 503 and returns the answer', async () => {
    script.push(429, 503);
    waits.length = 0;
    const res = await fetchWithRetry(base, {}, { deadline: Date.now() + 10_000, sleep });
    expect(res.status).toBe(200);
    expect(waits).toEqual([0, 500]); // Retry-After: 0, then the back-off of the second attempt
  });

  it("gives up after four attempts and returns the provider's last answer", async () => {
    script.push(500, 500, 500, 500, 500);
    const res = await fetchWithRetry(base, {}, { deadline: Date.now() + 10_000, sleep });
    expect(res.status).toBe(500);
    expect(script).toHaveLength(1);
    script.length = 0;
  });

  it('does not wait past the deadline', async () => {
    script.push(503, 503);
    waits.length = 0;
    const res = await fetchWithRetry(base, {}, { deadline: Date.now() + 100, sleep });
    expect(res.status).toBe(503);
    expect(waits).toEqual([]);
    script.length = 0;
  });

  it('does not retry a 400', async () => {
    script.push(400);
    expect((await fetchWithRetry(base, {}, { deadline: Date.now() + 10_000, sleep })).status).toBe(400);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(Date.now() + 3000).toUTCString())).toBeGreaterThan(1000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
