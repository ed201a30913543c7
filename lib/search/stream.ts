// A streamed search as events: `searched` ({searched_for}: only when words of
// the question were read as others, typing mistakes), `search` (the results), zero or more `delta`
// ({content}), then `done` ({conversation, identifier, total_tokens, content,
// answer_kind}). The client going away (the signal) aborts the provider call
// and nothing is recorded: no credits for an answer nobody received. The
// wire format is lib/http/sse.ts's.
import type { SearchCaller, SearchRequest, SendEvent } from './contract';
import { record, searchItems, type Prepared } from './pipeline';
import { timeSearchPhase } from '../observability/metrics';

/** What a streamed search needs from its transport: where to send events, and when the client left. */
export type StreamedSearch = { answerKind: string; run(send: SendEvent, signal: AbortSignal): Promise<void> };

export function streamedSearch(prepared: Prepared, body: SearchRequest, caller: SearchCaller): StreamedSearch {
  return {
    answerKind: prepared.provider.kind,
    async run(send, signal) {
      prepared.input.signal = signal;
      // First, so a person reads what was searched before sources holding words they did not type.
      if (prepared.searchedFor !== null) send('searched', { searched_for: prepared.searchedFor });
      send('search', searchItems(prepared.passages));
      const result = await timeSearchPhase('answer', 'stream', () => prepared.provider.stream(prepared.input, (piece) => send('delta', { content: piece })));
      if (signal.aborted) return;
      const { identifier } = await record(prepared, body, caller, 'stream', result);
      send('done', {
        conversation: prepared.thread.id,
        identifier,
        total_tokens: result.totalTokens,
        content: result.content,
        answer_kind: prepared.provider.kind,
      });
    },
  };
}
