'use client';
// One conversation thread: every interaction with its question, answer,
// tokens, credits, evaluation and the feedback left on it.
import { MessageSquareQuote, User } from 'lucide-react';
import { Badge, Dialog, formatDateTime, formatNumber } from '@/components/ui';
import type { ThreadsPage } from './api';
import { EvaluationBadge } from './evaluation';
import { ORIGIN_NAMES } from './params';
import { askerOf } from './asker';
import { citedSources, recordedSearchedFor, type CitedSource } from '@/lib/search/recorded-results';
import { SearchedFor } from '@/components/console/searched-for';

type Thread = ThreadsPage['results'][number];
type Interaction = Thread['interactions'][number];

/** Where the thread was asked: the report puts it in each interaction's `extra.origin`. */
export function originOf(interaction: Interaction | undefined): string {
  const origin = interaction?.extra?.origin;
  return typeof origin === 'string' ? origin : 'api';
}

const ORIGIN_TONES = { workspace: 'info', smartpage: 'success', api: 'neutral' } as const;

export function OriginBadge({ origin }: { origin: string }) {
  const tone = ORIGIN_TONES[origin as keyof typeof ORIGIN_TONES] ?? 'neutral';
  return <Badge tone={tone}>{ORIGIN_NAMES[origin] ?? origin}</Badge>;
}

function CitedSources({ sources }: { sources: CitedSource[] }) {
  if (sources.length === 0) return null;
  return (
    <details className="rounded-md border border-slate-200 text-sm">
      <summary className="cursor-pointer px-3 py-2 text-xs font-medium text-slate-600">
        Sources given to the answer ({sources.length}): {[...new Set(sources.map((s) => s.content))].join(', ')}
      </summary>
      <ol className="divide-y divide-slate-100 border-t border-slate-100">
        {sources.map((source, index) => (
          <li key={index} className="px-3 py-2">
            <p className="flex items-center gap-2 text-xs text-slate-500">
              <span className="flex size-5 items-center justify-center rounded bg-slate-100 font-semibold text-slate-700">{index + 1}</span>
              <span className="font-medium text-slate-800">{source.content}</span>
              <span className="tabular-nums">relevance {formatNumber(source.score, { maximumFractionDigits: 3 })}</span>
            </p>
            {source.context ? <p className="mt-1 line-clamp-4 whitespace-pre-line text-xs text-slate-600">{source.context}</p> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

export function ThreadDialog({ thread, onClose }: { thread: Thread | null; onClose: () => void }) {
  return (
    <Dialog
      open={thread !== null}
      onClose={onClose}
      width="xl"
      title={thread ? thread.interactions[0]?.question || 'Thread' : 'Thread'}
      description={
        thread
          ? `${formatNumber(thread.interactions.length)} ${thread.interactions.length === 1 ? 'interaction' : 'interactions'} · started ${formatDateTime(thread.created_at)}${thread.conversation_identifier && thread.conversation_identifier !== thread.interactions[0]?.question ? ` · ${thread.conversation_identifier}` : ''}`
          : undefined
      }
    >
      {thread ? (
        <ol className="space-y-4" aria-label="Interactions">
          {thread.interactions.map((i, index) => (
            <li key={i.identifier} className="rounded-lg border border-slate-200">
              <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-2 text-xs text-slate-600">
                <span className="font-semibold text-slate-800">#{index + 1}</span>
                <OriginBadge origin={originOf(i)} />
                <Badge tone="info">{i.interaction_type}</Badge>
                {i.datamodel ? <span>{i.datamodel}</span> : <span>{i.dataset}</span>}
                <span>· {i.generative_model}</span>
                <span className="ml-auto">{formatDateTime(i.created_at)}</span>
              </div>
              <div className="space-y-3 px-4 py-3">
                <div>
                  <p className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">
                    <User className="size-3.5" aria-hidden="true" /> {askerOf(originOf(i), [i.user.name || i.user.email].filter(Boolean))}
                  </p>
                  <p className="mt-1 font-medium text-slate-900">{i.question}</p>
                </div>
                <SearchedForOf question={i.question} search={i.search} />
                <p className="whitespace-pre-line text-sm leading-relaxed text-slate-700">
                  {i.content || <span className="italic text-slate-400">No answer text</span>}
                </p>
                <CitedSources sources={citedSources(i.search)} />
                <dl className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 text-xs sm:grid-cols-4">
                  <Figure label="Prompt tokens" value={i.prompt_tokens} />
                  <Figure label="Completion tokens" value={i.completion_tokens} />
                  <Figure label="Total tokens" value={i.total_tokens} />
                  <Figure label="Credits" value={i.total_tokens_with_fee} />
                </dl>
                <div className="flex flex-wrap items-start gap-2">
                  {i.evaluation ? <EvaluationBadge evaluation={i.evaluation} /> : <span className="text-xs text-slate-400">Not rated</span>}
                  {i.feedback_options?.map((reason) => (
                    <Badge key={reason} tone="warning">
                      {reason}
                    </Badge>
                  ))}
                </div>
                {i.feedback ? (
                  <blockquote className="flex gap-2 rounded-md border-l-4 border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                    <MessageSquareQuote className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span>{i.feedback}</span>
                  </blockquote>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </Dialog>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900">{formatNumber(value)}</dd>
    </div>
  );
}

function SearchedForOf({ question, search }: { question: string; search: unknown }) {
  const searchedFor = recordedSearchedFor(search);
  return searchedFor ? <SearchedFor question={question} searchedFor={searchedFor} /> : null;
}
