'use client';
// Reads the server-sent events of POST /searcher/v1/search/stream:
// `searched` (the question as searched, when words were read as others),
// `search` (the sources), `delta` (a piece of the answer), `done`
// (conversation, identifier, tokens, full answer) and `error` ({detail}).
import { ApiClientError, apiHeaders, detailOf } from '@/components/api/client';
import type { Source } from './types';

/** answer_kind: 'extractive' (quoted from the sources) or 'generated' (written by a language model). */
export type StreamDone = { conversation: string; identifier: string; total_tokens: number; content: string; answer_kind?: 'extractive' | 'generated' };

export type StreamHandlers = {
  /** The question as searched: sent only when some of its words were read as others (typing mistakes). */
  onSearched?: (searchedFor: string) => void;
  onSources: (sources: Source[]) => void;
  onDelta: (text: string) => void;
  onDone: (done: StreamDone) => void;
};

function dispatch(block: string, handlers: StreamHandlers): void {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return;
  const payload = JSON.parse(data.join('\n')) as unknown;
  if (event === 'searched') handlers.onSearched?.(String((payload as { searched_for?: unknown }).searched_for ?? ''));
  else if (event === 'search') handlers.onSources(Array.isArray(payload) ? (payload as Source[]) : []);
  else if (event === 'delta') handlers.onDelta(String((payload as { content?: unknown }).content ?? ''));
  else if (event === 'done') handlers.onDone(payload as StreamDone);
  else if (event === 'error') throw new ApiClientError(502, String((payload as { detail?: unknown }).detail ?? 'The answer could not be completed'));
}

/** Posts the question and calls the handlers as events arrive; throws ApiClientError on failure. */
export async function streamAnswer(path: string, body: unknown, handlers: StreamHandlers, signal?: AbortSignal): Promise<void> {
  const headers = apiHeaders({ 'content-type': 'application/json', accept: 'text/event-stream' });
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin', signal });
  if (!response.ok) throw new ApiClientError(response.status, await detailOf(response, 'The question could not be sent.'));
  if (!response.body) throw new ApiClientError(502, 'The server sent no answer');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let finished = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value.replace(/\r\n/g, '\n');
    let cut = buffer.indexOf('\n\n');
    while (cut !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (/^event:\s*done/m.test(block)) finished = true;
      dispatch(block, handlers);
      cut = buffer.indexOf('\n\n');
    }
  }
  if (buffer.trim()) {
    if (/^event:\s*done/m.test(buffer)) finished = true;
    dispatch(buffer, handlers);
  }
  if (!finished) throw new ApiClientError(502, 'The answer stopped before it was complete');
}
