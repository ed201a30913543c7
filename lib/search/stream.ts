// Server-sent events of a streamed search: `search` (the results), zero or
// more `delta` ({content}), then `done` ({conversation, identifier,
// total_tokens, content, answer_kind}); a failure once streaming has begun is an `error`
// event ({detail}) and nothing is recorded.
import { AppError } from '../errors';
import type { SearchRequest } from './contract';
import { record, searchItems, type Prepared } from './pipeline';
import { timeSearchPhase } from '../observability/metrics';
import { logger } from '../observability/log';
import type { SearchCaller } from './service';

const encoder = new TextEncoder();

export function sseEvent(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export function streamResponse(prepared: Prepared, body: SearchRequest, caller: SearchCaller): Response {
  let closed = false;
  // The client going away cancels the stream: the provider call is aborted
  // and nothing is recorded (no credits for an answer nobody received).
  const disconnected = new AbortController();
  prepared.input.signal = disconnected.signal;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, data: unknown) => {
        if (!closed) controller.enqueue(sseEvent(event, data));
      };
      try {
        send('search', searchItems(prepared.passages));
        const result = await timeSearchPhase('answer', 'stream', () => prepared.provider.stream(prepared.input, (piece) => send('delta', { content: piece })));
        if (disconnected.signal.aborted) return;
        const { identifier } = await record(prepared, body, caller, 'stream', result);
        send('done', { conversation: prepared.thread.id, identifier, total_tokens: result.totalTokens, content: result.content, answer_kind: prepared.provider.kind });
      } catch (error) {
        if (disconnected.signal.aborted) return;
        if (!(error instanceof AppError)) logger().error({ err: error }, 'search stream failed');
        send('error', { detail: error instanceof AppError ? error.detail : 'The answer could not be completed' });
      } finally {
        if (!closed) controller.close();
        closed = true;
      }
    },
    cancel() {
      closed = true;
      disconnected.abort();
    },
  });
  return new Response(stream, {
    headers: { 'x-answer-kind': prepared.provider.kind, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' },
  });
}
