// Server-sent events as a Response: the domain hands over a producer that
// sends named events; this module owns the stream, the wire format and what
// happens when either side stops. The client going away aborts the
// producer's signal; a failure after streaming began cannot change the
// status any more, so it becomes an `error` event with a {detail}.
import { AppError } from '../errors';
import { logger } from '../observability/log';
import type { SendEvent } from '../search/contract';

export type EventProducer = (send: SendEvent, signal: AbortSignal) => Promise<void>;

const encoder = new TextEncoder();

export function sseEvent(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

export function sseResponse(produce: EventProducer, headers: Record<string, string> = {}, failureDetail = 'The answer could not be completed'): Response {
  let closed = false;
  const disconnected = new AbortController();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send: SendEvent = (event, data) => {
        if (!closed) controller.enqueue(sseEvent(event, data));
      };
      try {
        await produce(send, disconnected.signal);
      } catch (error) {
        if (!disconnected.signal.aborted) {
          if (!(error instanceof AppError)) logger().error({ err: error }, 'event stream failed');
          send('error', { detail: error instanceof AppError ? error.detail : failureDetail });
        }
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
  return new Response(stream, { headers: { ...headers, ...SSE_HEADERS } });
}
