// What the console says when a request fails or finds nothing: the server's
// {detail}, else a plain sentence (never "500 Internal Server Error" or the
// browser's "Failed to fetch"), and the embedded answer's "nothing found"
// reply recognised in the browser exactly as the server words it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, detailOf } from '@/components/api/client';
import { NETWORK_FAILURE, detailText, isNetworkFailure, statusSentence } from '@/components/api/failure';
import { isNoAnswer, NO_ANSWER_TEXT } from '@/components/console/no-answer';
import { streamAnswer } from '@/components/console/stream';
import { NO_ANSWER } from '@/lib/generation/extractive';

afterEach(() => vi.unstubAllGlobals());

describe('failure messages', () => {
  it.each([
    [500, 'Something went wrong on the server. Try again in a moment.'],
    [502, 'Something went wrong on the server. Try again in a moment.'],
    [504, 'The server took too long to answer. Try again in a moment.'],
    [422, 'The server did not accept this request.'],
    [429, 'Too many requests at once. Wait a moment and try again.'],
    [401, 'Your session has ended. Sign in again to continue.'],
  ])('status %i reads as a sentence', (status, sentence) => {
    expect(statusSentence(status)).toBe(sentence);
  });

  it("prefers the server's detail, and words a list of field errors", () => {
    expect(detailText({ detail: 'The model provider timed out' })).toBe('The model provider timed out');
    expect(detailText({ detail: [{ loc: ['body', 'question'], msg: 'field required' }] })).toBe(
      'The server did not accept this request (question: field required).',
    );
    expect(detailText({ detail: '' })).toBeNull();
    expect(detailText({ error: 'x' })).toBeNull();
    expect(detailText('<html>')).toBeNull();
  });

  it('reads a refused response: its detail, else the sentence, never the status line', async () => {
    expect(await detailOf(Response.json({ detail: 'Dataset not found' }, { status: 404 }), 'x')).toBe('Dataset not found');
    const html = new Response('<html><body>Internal Server Error</body></html>', { status: 500, statusText: 'Internal Server Error' });
    expect(await detailOf(html, 'x')).toBe('Something went wrong on the server. Try again in a moment.');
  });

  it('tells a network failure from other errors', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isNetworkFailure(new TypeError('Load failed'))).toBe(true);
    expect(isNetworkFailure(new TypeError('x is not a function'))).toBe(false);
    expect(isNetworkFailure(new Error('Failed to fetch'))).toBe(false);
    expect(NETWORK_FAILURE).toMatch(/^Could not reach the server\./);
  });

  it('a stream refused with an HTML page fails with the sentence', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Internal Server Error</html>', { status: 500, statusText: 'Internal Server Error' })),
    );
    const handlers = { onSources: vi.fn(), onDelta: vi.fn(), onDone: vi.fn() };
    await expect(streamAnswer('/searcher/v1/search/stream', {}, handlers)).rejects.toEqual(
      new ApiClientError(500, 'Something went wrong on the server. Try again in a moment.'),
    );
  });
});

describe('no answer', () => {
  it('is the server\'s own "nothing found" text', () => {
    expect(NO_ANSWER_TEXT).toBe(NO_ANSWER);
    expect(isNoAnswer(`${NO_ANSWER}\n`)).toBe(true);
    expect(isNoAnswer('To import documents, send POST /searcher/v1/upload [1]')).toBe(false);
  });
});
