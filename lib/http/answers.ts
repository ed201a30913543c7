// A search's answer as HTTP: the JSON body or the event stream, with the
// answer's kind (extractive or generated) in a header so a client can badge
// it — the spec's body has no field for it — and, on the JSON response, the
// question as searched when words were read as others (the stream sends it
// as its `searched` event).
import type { AnsweredSearch } from '../search/service';
import type { StreamedSearch } from '../search/stream';
import { sseResponse } from './sse';

export const ANSWER_KIND_HEADER = 'x-answer-kind';
/** Percent-encoded (UTF-8), as a header holds bytes of ASCII only: `decodeURIComponent` reads it. */
export const SEARCHED_FOR_HEADER = 'x-searched-for';

export function answerResponse(answered: AnsweredSearch): Response {
  const headers: Record<string, string> = { [ANSWER_KIND_HEADER]: answered.answerKind };
  if (answered.searchedFor !== null) headers[SEARCHED_FOR_HEADER] = encodeURIComponent(answered.searchedFor);
  return Response.json(answered.response, { headers });
}

export function answerStream(streamed: StreamedSearch): Response {
  return sseResponse((send, signal) => streamed.run(send, signal), { [ANSWER_KIND_HEADER]: streamed.answerKind });
}
