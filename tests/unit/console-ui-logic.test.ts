// Pure logic behind the console pages: the SSE reader of streamed answers,
// the sign-in redirect guard, page rules by role, and the small helpers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamAnswer, type StreamDone } from '@/components/console/stream';
import { safeCallback } from '@/components/auth/safe-callback';
import { mayOpen, ruleFor } from '@/components/shell/access';
import { searchBody } from '@/components/console/turns';
import { parseEmails } from '@/components/smartpages/use-smartpages';
import { apiKeyCurl } from '@/components/access/curl';
import { safeHref } from '@/components/console/sources';
import type { Me } from '@/lib/console/workspace';
import type { Role } from '@/lib/auth/roles';
import { REPORTS, mayReadReport, mayManage, mayWrite } from '@/lib/auth/roles';

function sseResponse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

const DONE: StreamDone = { conversation: 'c-1', identifier: 'i-1', total_tokens: 12, content: 'Hello world' };
const SOURCE = {
  content: { name: 'Intro', source: null, subject: 'S', media_video: null, media_image: null, created_at: '', updated_at: '' },
  score: 0.5,
  answer: '',
  context: 'ctx',
  date: '',
};

describe('streamAnswer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads events split anywhere across chunks, with CRLF line ends', async () => {
    const text = `event: search\r\ndata: ${JSON.stringify([SOURCE])}\r\n\r\nevent: delta\ndata: {"content":"Hello "}\n\nevent: delta\ndata: {"content":"world"}\n\nevent: done\ndata: ${JSON.stringify(DONE)}\n\n`;
    const pieces = [text.slice(0, 7), text.slice(7, 50), text.slice(50, 51), text.slice(51, 120), text.slice(120)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse(pieces)),
    );
    const seen: string[] = [];
    let done: StreamDone | null = null;
    await streamAnswer(
      '/x',
      { question: 'q' },
      { onSources: (s) => seen.push(`sources:${s.length}`), onDelta: (d) => seen.push(d), onDone: (d) => (done = d) },
    );
    expect(seen).toEqual(['sources:1', 'Hello ', 'world']);
    expect(done).toEqual(DONE);
  });

  it('throws the error event detail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse(['event: search\ndata: []\n\n', 'event: error\ndata: {"detail":"The model timed out"}\n\n'])),
    );
    await expect(streamAnswer('/x', {}, { onSources: () => {}, onDelta: () => {}, onDone: () => {} })).rejects.toMatchObject({ detail: 'The model timed out' });
  });

  it('throws when the stream ends without done', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse(['event: delta\ndata: {"content":"Hal"}\n\n'])),
    );
    await expect(streamAnswer('/x', {}, { onSources: () => {}, onDelta: () => {}, onDone: () => {} })).rejects.toMatchObject({
      detail: 'The answer stopped before it was complete',
    });
  });

  it('throws the {detail} of a refused request with its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ detail: 'Model "x" not found' }, { status: 404 })),
    );
    await expect(streamAnswer('/x', {}, { onSources: () => {}, onDelta: () => {}, onDone: () => {} })).rejects.toMatchObject({
      status: 404,
      detail: 'Model "x" not found',
    });
  });
});

describe('safeCallback', () => {
  it.each([
    [undefined, '/console'],
    ['/usage/credits?x=1', '/usage/credits?x=1'],
    ['http://127.0.0.1:3000/smartpages', '/smartpages'],
    ['https://evil.example/steal', '/steal'],
    ['//evil.example/x', '/x'],
    ['/signin?callbackUrl=/x', '/console'],
    ['/', '/console'],
    ['javascript:alert(1)', '/console'],
  ])('%s → %s', (input, expected) => {
    expect(safeCallback(input)).toBe(expected);
  });
});

function me(role: Role): Me {
  return {
    user: { id: 1, name: 'A', email: 'a@x.test' },
    organization: { id: 1, name: 'Org' },
    role,
    organizations: [],
    projects: [],
    project: null,
    permissions: { write: mayWrite(role), manage: mayManage(role), reports: REPORTS.filter((r) => mayReadReport(role, r)) },
  };
}

describe('page rules by role', () => {
  it.each([
    ['/console', [true, true, true, true]],
    ['/knowledge/3', [true, true, true, true]],
    ['/smartpages', [true, true, true, true]],
    ['/usage', [true, true, false, false]],
    ['/usage/credits', [true, true, true, false]],
    ['/usage/tokens', [true, true, false, false]],
    ['/usage/threads/abc', [true, true, false, false]],
    ['/access', [true, true, false, false]],
  ] as const)('%s for OWNER, ADMIN, EDITOR, VIEWER', (path, allowed) => {
    expect((['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'] as const).map((role) => mayOpen(path, me(role)))).toEqual(allowed);
  });

  it('explains a refusal with the roles that may open the page and the caller’s role', () => {
    expect(ruleFor('/usage/tokens')!.why(me('EDITOR'))).toBe('The tokens report is open to owners and admins; your role in Org is EDITOR.');
    expect(ruleFor('/usageextra')).toBeNull();
  });
});

describe('helpers', () => {
  it('builds the search body of a datamodel or a dataset with a preset', () => {
    expect(searchBody('q', { kind: 'datamodel', datamodelId: 1, datamodelName: 'Bot', datasetId: 2 }, null)).toEqual({ question: 'q', model: 'Bot' });
    expect(searchBody('q', { kind: 'dataset', datasetId: 2, datasetName: 'DS', preset: 'p' }, 'c')).toEqual({
      question: 'q',
      dataset: 'DS',
      generational_presset: 'p',
      conversation: 'c',
    });
    expect(searchBody('q', { kind: 'dataset', datasetId: 2, datasetName: 'DS', preset: null }, null)).toEqual({ question: 'q', dataset: 'DS' });
  });

  it('splits e-mail lists on commas, semicolons and whitespace', () => {
    expect(parseEmails(' a@x.test,b@x.test;\n c@x.test  ')).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
  });

  it('quotes the token and body of the curl example for the shell', () => {
    const curl = apiKeyCurl('http://h', "ks_key_a'b", "It's");
    expect(curl).toContain(`-H 'Authorization: Bearer ks_key_a'\\''b'`);
    expect(curl).toContain(`"model":"It'\\''s"`);
  });

  it('links only http(s) sources', () => {
    expect(safeHref('https://docs.example.com/a')).toBe('https://docs.example.com/a');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});
