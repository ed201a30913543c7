// Cookie-authenticated writes must come from the app's own pages.
import { afterEach, describe, expect, it } from 'vitest';
import { assertJsonBody, assertSameOrigin, changesState } from '@/lib/http/same-origin';
import { ApiError, statusOf as httpStatusOf } from '@/lib/http/errors';
import { overrideConfig } from '@/lib/config';
import { PEER_HEADER, peerStamp } from '@/lib/http/client-address';

const request = (headers: Record<string, string>, method = 'POST', url = 'http://app.test:3000/searcher/v1/datasets') =>
  new Request(url, { method, headers: { host: new URL(url).host, ...headers } });

function statusOf(fn: () => void): number | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return httpStatusOf(error);
    throw error;
  }
}

afterEach(() => overrideConfig());

describe('assertSameOrigin', () => {
  it.each([
    ['another site by Sec-Fetch-Site', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling subdomain by Sec-Fetch-Site', { 'sec-fetch-site': 'same-site' }],
    ['another origin', { origin: 'https://evil.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['the same host on another port', { origin: 'http://app.test:4000' }],
    ['a same-origin claim with a foreign Origin', { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }],
    ['a client that sends neither header (curl with a cookie)', {}],
    [
      'a forwarded host claimed by a client that is no proxy',
      { origin: 'https://kb.example.com', 'x-forwarded-host': 'kb.example.com', 'x-forwarded-proto': 'https' },
    ],
  ])('refuses %s with 403', (_, headers) => {
    expect(statusOf(() => assertSameOrigin(request(headers)))).toBe(403);
  });

  it.each([
    ['the app itself', { 'sec-fetch-site': 'same-origin', origin: 'http://app.test:3000' }],
    ['the app by Origin alone (an older browser)', { origin: 'http://app.test:3000' }],
    ['the app by Sec-Fetch-Site alone', { 'sec-fetch-site': 'same-origin' }],
  ])('allows %s', (_, headers) => {
    expect(statusOf(() => assertSameOrigin(request(headers)))).toBeNull();
  });

  it('allows the public address a trusted proxy forwarded for, and only from that proxy', () => {
    overrideConfig({ TRUSTED_PROXIES: '10.0.0.0/8' });
    const behindProxy = (socket: string) =>
      request({ origin: 'https://kb.example.com', 'x-forwarded-host': 'kb.example.com', 'x-forwarded-proto': 'https', [PEER_HEADER]: peerStamp(socket) });
    expect(statusOf(() => assertSameOrigin(behindProxy('10.1.2.3')))).toBeNull();
    expect(statusOf(() => assertSameOrigin(behindProxy('203.0.113.9')))).toBe(403);
  });

  it('allows the configured public URLs', () => {
    overrideConfig({ NEXTAUTH_URL: 'https://search.example.org/base', APP_URL: 'https://kb.example.net:8443' });
    expect(statusOf(() => assertSameOrigin(request({ origin: 'https://search.example.org' })))).toBeNull();
    expect(statusOf(() => assertSameOrigin(request({ origin: 'https://kb.example.net:8443' })))).toBeNull();
  });
});

describe('assertJsonBody', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('refuses %s with 415', (type) => {
    expect(statusOf(() => assertJsonBody(request({ 'content-type': type })))).toBe(415);
  });
  it('refuses a body without a type', () => expect(statusOf(() => assertJsonBody(request({})))).toBe(415));
  it('accepts JSON with a charset', () => expect(statusOf(() => assertJsonBody(request({ 'content-type': 'Application/JSON; charset=utf-8' })))).toBeNull());
});

it('only writes are checked', () => {
  expect(['GET', 'HEAD', 'OPTIONS'].map((m) => changesState(new Request('http://a/', { method: m })))).toEqual([false, false, false]);
  expect(['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => changesState(new Request('http://a/', { method: m })))).toEqual([true, true, true, true]);
});
