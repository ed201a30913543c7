// A search's answer as HTTP: the JSON body or the event stream, with the
// answer's kind (extractive or generated) in a header so a client can badge
// it — the spec's body has no field for it.
import type { AnsweredSearch } from '../search/service';
import type { StreamedSearch } from '../search/stream';
import { sseResponse } from './sse';

export const ANSWER_KIND_HEADER = 'x-answer-kind';

export function answerResponse(answered: AnsweredSearch): Response {
  return Response.json(answered.response, { headers: { [ANSWER_KIND_HEADER]: answered.answerKind } });
}

export function answerStream(streamed: StreamedSearch): Response {
  return sseResponse((send, signal) => streamed.run(send, signal), { [ANSWER_KIND_HEADER]: streamed.answerKind });
}
