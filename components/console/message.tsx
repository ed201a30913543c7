'use client';
import { AlertTriangle, Bot, RefreshCw, SearchX, User } from 'lucide-react';
import { useId, useState } from 'react';
import { formatNumber } from '@/components/ui/format';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import { documentOf } from './source-groups';
import { Sources } from './sources';
import { AnswerMarkdown } from './answer-markdown';
import { isNoAnswer } from './no-answer';
import { SearchedFor } from './searched-for';
import type { Turn } from './types';

/**
 * One question and its answer with sources; `footer` holds the rating when the
 * page offers one. `showDetails` (signed-in people) adds scores and tokens;
 * `onRegenerate` asks the same question again; `onRetry` asks a failed one
 * again (else `onRegenerate` does).
 */
export function Message({
  turn,
  footer,
  showDetails = false,
  onRegenerate,
  onRetry = onRegenerate,
}: {
  turn: Turn;
  footer?: React.ReactNode;
  showDetails?: boolean;
  onRegenerate?: () => void;
  onRetry?: () => void;
}) {
  const idPrefix = useId().replace(/:/g, '');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  // A card opens and closes all its passages together.
  const toggle = (indexes: number[]) =>
    setOpen((current) => {
      const next = new Set(current);
      const wasOpen = indexes.some((i) => next.has(i));
      for (const i of indexes) {
        if (wasOpen) next.delete(i);
        else next.add(i);
      }
      return next;
    });
  const cite = (index: number) => {
    setOpen((current) => new Set(current).add(index));
    const card = documentOf(turn.sources, index);
    // The passage exists only once its card is open: scroll after that render.
    requestAnimationFrame(() =>
      (document.getElementById(`${idPrefix}-passage-${index}`) ?? document.getElementById(`${idPrefix}-document-${card}`))?.scrollIntoView({
        block: 'nearest',
        behavior: 'smooth',
      }),
    );
  };
  const finished = turn.status === 'done';
  return (
    <article className="space-y-3" aria-label={`Question: ${turn.question}`}>
      <div className="flex justify-end">
        <div className="flex max-w-[90%] items-start gap-2 sm:max-w-[80%]">
          <p className="whitespace-pre-wrap rounded-2xl rounded-tr-sm bg-indigo-600 px-4 py-2.5 text-sm text-white">{turn.question}</p>
          <span className="mt-1 hidden size-7 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600 sm:flex" aria-hidden="true">
            <User className="size-4" />
          </span>
        </div>
      </div>
      <div className="flex items-start gap-2">
        <span className="mt-1 hidden size-7 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 sm:flex" aria-hidden="true">
          <Bot className="size-4" />
        </span>
        <div className="min-w-0 flex-1 rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-3 shadow-sm">
          {turn.searchedFor ? <SearchedFor question={turn.question} searchedFor={turn.searchedFor} /> : null}
          {turn.answer && finished && isNoAnswer(turn.answer) ? (
            <NoAnswer text={turn.answer} />
          ) : turn.answer ? (
            <div data-testid="answer" className="text-sm leading-relaxed text-slate-800" aria-live={turn.status === 'streaming' ? 'polite' : undefined}>
              <AnswerMarkdown text={turn.answer} sourceCount={turn.sources.length} onCite={cite} />
              {turn.status === 'streaming' ? (
                <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-indigo-500 align-middle" aria-hidden="true" />
              ) : null}
            </div>
          ) : turn.status === 'streaming' ? (
            <p className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner className="size-4" label="" /> {turn.sources.length ? 'Writing the answer…' : 'Searching your knowledge…'}
            </p>
          ) : null}
          {turn.status === 'error' ? <FailureNotice turn={turn} onRetry={onRetry} /> : null}
          <Sources sources={turn.sources} idPrefix={idPrefix} open={open} onToggle={toggle} showScores={showDetails} />
          {finished ? (
            <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-400">
              {turn.answer && !isNoAnswer(turn.answer) ? <CopyButton text={turn.answer} label="Copy answer" className="h-7 px-2 text-xs" /> : null}
              {onRegenerate ? (
                <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={onRegenerate} title="Ask the same question again in this thread">
                  <RefreshCw className="size-3.5" aria-hidden="true" /> Regenerate
                </Button>
              ) : null}
              {turn.answerKind === 'extractive' && !isNoAnswer(turn.answer) ? (
                <span
                  className="rounded-full border border-slate-200 bg-slate-50 px-2 py-0.5 font-medium text-slate-600"
                  title="Quoted from the sources cited, not written by a language model"
                >
                  Quoted from sources
                </span>
              ) : null}
              {showDetails && turn.totalTokens !== undefined ? <span>{formatNumber(turn.totalTokens)} tokens</span> : null}
            </div>
          ) : null}
          {turn.status === 'done' ? footer : null}
        </div>
      </div>
    </article>
  );
}

/** The search found nothing to quote: said as such, not dressed as an answer. */
function NoAnswer({ text }: { text: string }) {
  return (
    <div data-testid="no-answer" className="flex items-start gap-2.5 text-sm">
      <SearchX className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium text-slate-800">No answer found</p>
        <p className="mt-0.5 text-slate-600">{text}</p>
      </div>
    </div>
  );
}

/**
 * Why the answer failed, as a notice of its own under whatever part of the
 * answer had arrived, with a way to ask again. A stop the reader asked for is
 * not an alarm.
 */
function FailureNotice({ turn, onRetry }: { turn: Turn; onRetry?: () => void }) {
  const partial = turn.answer.length > 0;
  return (
    <div
      role={turn.stopped ? 'status' : 'alert'}
      data-testid="answer-error"
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border px-3 py-2 text-sm',
        partial ? 'mt-3' : '',
        turn.stopped ? 'border-slate-200 bg-slate-50 text-slate-700' : 'border-red-200 bg-red-50 text-red-800',
      )}
    >
      <p className="flex min-w-0 flex-1 basis-48 items-start gap-2 [overflow-wrap:anywhere]">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {partial && !turn.stopped ? <span className="font-medium">The answer is incomplete. </span> : null}
          {turn.error}
        </span>
      </p>
      {onRetry ? (
        <Button variant="secondary" size="sm" className="h-8 px-2.5 text-xs" onClick={onRetry}>
          <RefreshCw className="size-3.5" aria-hidden="true" /> Retry
        </Button>
      ) : null}
    </div>
  );
}
