// Search as the routes, the smartpages and the console call it: who asks
// (SearchCaller), then one call per kind of interaction.
import type { Principal } from '../auth/principal';
import { AppError } from '../errors';
import { projectOf } from '../auth/principal';
import type { SearchCaller, SearchRequest, SearchResponse } from './contract';
import { prepare, record, searchItems } from './pipeline';
import { streamedSearch, type StreamedSearch } from './stream';
import { timeSearchPhase } from '../observability/metrics';

/**
 * The caller of a route. API keys record as origin `api`, browser sessions
 * as `workspace`. The interaction's user is the signed-in person, or for an
 * API key its owner unless the request names an end user (`user`).
 */
export function callerFromPrincipal(principal: Principal, origin?: SearchCaller['origin'], requestUser?: SearchRequest['user']): SearchCaller {
  const person = principal.email ? { name: principal.name ?? '', email: principal.email } : null;
  const named = requestUser && (requestUser.name || requestUser.email) ? { name: requestUser.name, email: requestUser.email } : null;
  return {
    organizationId: principal.organizationId,
    projectId: projectOf(principal),
    origin: origin ?? (principal.mode === 'apiKey' ? 'api' : 'workspace'),
    user: principal.mode === 'apiKey' ? (named ?? person) : person,
    apiKeyId: principal.apiKeyId,
  };
}

/**
 * A search's response body, the kind of its answer (extractive or generated) and the question as searched when
 * words were read as others (else null), which the spec's body has no field for.
 */
export type AnsweredSearch = { response: SearchResponse; answerKind: string; searchedFor: string | null };

export async function runSearch(body: SearchRequest, caller: SearchCaller, type: 'search' | 'deepsearch', signal?: AbortSignal): Promise<AnsweredSearch> {
  const prepared = await prepare(body, caller, type);
  // The client going away aborts the provider call; nothing is then recorded.
  prepared.input.signal = signal;
  const result = await timeSearchPhase('answer', type, () => prepared.provider.generate(prepared.input));
  if (signal?.aborted) throw new AppError('client_closed', 'The client closed the request before the answer was ready');
  const { identifier } = await record(prepared, body, caller, type, result);
  const response: SearchResponse = {
    conversation: prepared.thread.id,
    search: searchItems(prepared.passages),
    generational: { content: result.content, total_tokens: result.totalTokens },
    identifier,
  };
  return { response, answerKind: prepared.provider.kind, searchedFor: prepared.searchedFor };
}

/** A streamed search, ready to run. Throws (bad request, not found) before anything is streamed. */
export async function streamSearch(body: SearchRequest, caller: SearchCaller): Promise<StreamedSearch> {
  const prepared = await prepare(body, caller, 'stream');
  return streamedSearch(prepared, body, caller);
}
