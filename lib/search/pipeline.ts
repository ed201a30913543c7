// The steps every search kind shares: resolve the target and the thread,
// resolve the question against the thread, retrieve, build the prompt, and
// record the interaction. service.ts and stream.ts put them in order.
import { passageTitle } from './passage-title';
import { recordInteractionBatched } from '../usage/record';
import { creditsFor, type InteractionType } from '../usage/credits';
import { fillTemplate } from '../generation/prompt';
import type { GenerationInput, GenerationProvider, GenerationResult } from '../generation/provider';
import { providerFor } from '../generation/providers';
import type { SearchCaller, SearchItem, SearchRequest } from './contract';
import { searchDate, searchItem } from './search-item';
import { conversationToStore, openThread, type Thread } from './conversation';
import { resolveQuestion, type Resolution } from './followup';
import type { Retrieval, RetrievedPassage } from './retrieve';
import { asSearched, type WordReading } from './spelling';
import { retrievePassages } from './retrieval-threads';
import { storedResult } from './stored-results';
import { subQueries } from './subqueries';
import { settleFollowUp } from './topic';
import { resolveTarget, templateOf, type SearchTarget } from './target';
import { timeSearchPhase } from '../observability/metrics';

export type Prepared = {
  target: SearchTarget;
  thread: Thread;
  resolution: Resolution;
  queries: string[];
  passages: RetrievedPassage[];
  /** The question as searched, when some of its words were read as others (typing mistakes); else null. */
  searchedFor: string | null;
  provider: GenerationProvider;
  input: GenerationInput;
  templatePrompt: string;
};

/** Deep search: the best passage of each sub-query first, then the rest by score. */
async function retrieveDeep(datasetId: number, queries: string[], target: SearchTarget): Promise<Retrieval> {
  // At once: with retrieval threads, sub-queries run side by side.
  const retrievals = await Promise.all(queries.map((query) => retrievePassages(datasetId, query, target.parameters)));
  const lists = retrievals.map((r) => r.passages);
  const chosen = new Map<number, RetrievedPassage>();
  for (const list of lists) if (list[0] && !chosen.has(list[0].passageId)) chosen.set(list[0].passageId, list[0]);
  const rest = lists.flat().sort((a, b) => b.score - a.score);
  for (const p of rest) if (!chosen.has(p.passageId)) chosen.set(p.passageId, p);
  const readings = new Map<string, WordReading>(retrievals.flatMap((r) => r.readings).map((r) => [r.written, r]));
  return { passages: [...chosen.values()].slice(0, Math.max(target.parameters.topK, queries.length)), readings: [...readings.values()] };
}

export async function prepare(body: SearchRequest, caller: SearchCaller, type: InteractionType): Promise<Prepared> {
  const target = await resolveTarget(caller.projectId, body);
  const thread = await openThread(caller.projectId, body.conversation);
  const resolution = await settleFollowUp(target.dataset.id, resolveQuestion(body.question, thread.turns));
  let queries: string[] = [];
  let passages: RetrievedPassage[] = [];
  let readings: WordReading[] = [];
  if (resolution.kind !== 'context') {
    queries = type === 'deepsearch' ? subQueries(resolution.query) : [resolution.query];
    ({ passages, readings } = await timeSearchPhase('retrieval', type, () =>
      type === 'deepsearch' ? retrieveDeep(target.dataset.id, queries, target) : retrievePassages(target.dataset.id, resolution.query, target.parameters),
    ));
  }
  const sources = passages.map((p) => ({
    title: passageTitle(p.content.name, p.heading),
    text: p.body,
    answer: p.answer,
    document: p.contentId,
    position: p.position,
    score: p.score,
  }));
  const turns = thread.turns.map((t) => ({ question: t.question, answer: t.answer }));
  const templatePrompt = templateOf(target);
  const userPrompt = fillTemplate(templatePrompt, { question: body.question, passages: sources, thread: turns });
  const input: GenerationInput = {
    question: resolution.query,
    passages: sources,
    thread: turns,
    contextOnly: resolution.kind === 'context',
    userPrompt,
    parameters: { temperature: target.parameters.temperature, maxTokens: target.parameters.maxTokens },
  };
  const searchedFor = asSearched(body.question, readings);
  return { target, thread, resolution, queries, passages, searchedFor, provider: providerFor(target.model), input, templatePrompt };
}

export function searchItems(passages: RetrievedPassage[]): SearchItem[] {
  return passages.map((p) => searchItem({ content: p.content, subject: p.subject, score: p.score, answer: p.answer, text: p.body, createdAt: p.createdAt }));
}

/** Stores the thread (when new) and the interaction with its roll-up, in one transaction. */
export async function record(
  prepared: Prepared,
  body: SearchRequest,
  caller: SearchCaller,
  type: InteractionType,
  result: GenerationResult,
): Promise<{ identifier: string }> {
  const { target, thread, resolution, passages } = prepared;
  const user = caller.user ?? { name: '', email: '' };
  return recordInteractionBatched(
    {
      conversationId: thread.id,
      projectId: caller.projectId,
      organizationId: caller.organizationId,
      type,
      origin: caller.origin,
      question: body.question,
      content: result.content,
      datamodelId: target.datamodel?.id ?? null,
      datamodelName: target.datamodel?.name ?? '',
      datasetId: target.dataset.id,
      datasetName: target.dataset.name,
      generativeModelName: target.model.name,
      presetId: target.preset?.id ?? null,
      presetName: target.preset?.identifier ?? '',
      promptTokens: result.promptTokens,
      completionTokens: result.completionTokens,
      totalTokens: result.totalTokens,
      totalTokensWithFee: creditsFor(result.totalTokens, target.model, type),
      userName: user.name,
      userEmail: user.email,
      apiKeyId: caller.apiKeyId,
      extra: { standalone_question: resolution.query, resolution: resolution.kind, ...(type === 'deepsearch' ? { sub_queries: prepared.queries } : {}) },
      search: {
        query: resolution.kind === 'context' ? null : resolution.query,
        results: passages.map((p) => storedResult(p, searchDate(p.createdAt))),
        // Kept so a reopened thread still says which words were read as others.
        ...(prepared.searchedFor !== null ? { searched_for: prepared.searchedFor } : {}),
      },
      userPrompt: prepared.input.userPrompt,
      templatePrompt: prepared.templatePrompt,
    },
    conversationToStore(thread, caller.projectId, caller.origin, user.email || null, body.question),
  );
}
