import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseQuery, parseBody, parseParams } from '@/lib/http/parse';
import { ApiError, statusOf } from '@/lib/http/errors';
import { booleanQuery, commaList, idParam, intQuery, isoDate, isCalendarDate } from '@/lib/http/schemas';

const schema = z.object({
  start_date: isoDate('start_date').optional(),
  limit: intQuery('limit', 1, 1000).optional(),
  feedback: booleanQuery('feedback').optional(),
  evaluation: commaList('evaluation', ['positive', 'negative', 'neutral'] as const).optional(),
});

function detailOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError && statusOf(error) === 400) return error.detail;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('parseQuery', () => {
  it('parses known parameters', () => {
    const q = parseQuery(schema, new URLSearchParams('start_date=2025-02-01&limit=10&feedback=true&evaluation=positive,negative'));
    expect(q).toEqual({ start_date: '2025-02-01', limit: 10, feedback: true, evaluation: ['positive', 'negative'] });
  });

  it('names an unknown parameter', () => {
    expect(detailOf(() => parseQuery(schema, new URLSearchParams('start_date=2025-02-01&colour=red')))).toBe('Unknown query parameter: colour');
  });

  it('refuses a repeated parameter', () => {
    expect(detailOf(() => parseQuery(schema, new URLSearchParams('limit=1&limit=2')))).toContain('limit');
  });

  it.each(['2025-2-1', '01/02/2025', '2025-02-30', '2025-13-01', 'today', ''])('names start_date for the bad date %j', (value) => {
    expect(detailOf(() => parseQuery(schema, new URLSearchParams({ start_date: value })))).toBe('start_date: start_date must be a date in YYYY-MM-DD format');
  });

  it.each([
    ['limit', '-1'],
    ['limit', 'ten'],
    ['limit', '0'],
    ['feedback', 'yes'],
    ['evaluation', 'positive,great'],
  ])('names %s for %j', (name, value) => {
    expect(detailOf(() => parseQuery(schema, new URLSearchParams({ [name]: value })))).toContain(name);
  });
});

describe('parseParams', () => {
  const params = z.object({ slug: z.string().max(100) });

  it('passes an ordinary path value', () => {
    expect(parseParams(params, { slug: 'help-desk' })).toEqual({ slug: 'help-desk' });
  });

  // PostgreSQL cannot hold a NUL in text: /api/smartpages/%00 was a 500 there.
  it.each([
    ['a\u0000b', 'U+0000'],
    ['\uFFFE', 'U+FFFE'],
    ['x\ud800', 'U+D800'],
  ])('names the parameter and the character of %j', (value, character) => {
    expect(detailOf(() => parseParams(params, { slug: value }))).toBe(`Path parameter slug contains a character that is not allowed (${character})`);
  });

  it('checks every segment of a catch-all', () => {
    expect(detailOf(() => parseParams(z.object({ rest: z.array(z.string()) }), { rest: ['v1', 'a\u0000'] }))).toContain('Path parameter rest');
  });
});

describe('schemas', () => {
  it('knows real calendar days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
  });

  it('idParam takes positive 32-bit integers only', () => {
    const id = idParam('dataset_id');
    expect(id.parse('42')).toBe(42);
    for (const bad of ['0', '-3', '4.2', '1e3', '2147483648', ' 1']) expect(id.safeParse(bad).success).toBe(false);
  });
});

describe('parseBody', () => {
  const req = (body: string, headers: Record<string, string> = {}) => new Request('http://x/', { method: 'POST', body, headers });
  it('parses JSON', async () => expect(await parseBody(req('{"a":1}'), 100)).toEqual({ a: 1 }));
  it('400 on malformed JSON', async () => expect(parseBody(req('{'), 100)).rejects.toMatchObject({ code: 'bad_request', detail: 'Malformed JSON body' }));
  it('413 over the size limit', async () => expect(parseBody(req('x'.repeat(200)), 100)).rejects.toMatchObject({ code: 'payload_too_large' }));
});

describe('parseBody: what bodies may carry', () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

  it('drops characters XML forbids from every string of the body, in nested objects and arrays too', async () => {
    const value = await parseBody(post(JSON.stringify({ question: 'a\uFFFEb\u0000c', list: ['\uFFFF', { x: 'd\u0001' }] })), 1000);
    expect(value).toEqual({ question: 'abc', list: ['', { x: 'd' }] });
  });

  it('stops reading a chunked body at the limit: 413, not a buffered gigabyte', async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const error = await parseBody(post(endless), 1_000_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(statusOf(error as ApiError)).toBe(413);
    expect(sent).toBeLessThan(2_000_000);
  });
});
