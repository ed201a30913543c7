'use client';
import { AlertTriangle, Bot, RefreshCw, User } from 'lucide-react';
import { useId, useState } from 'react';
import { formatNumber } from '@/components/ui/format';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { documentOf } from './source-groups';
import { Sources } from './sources';
import { AnswerMarkdown } from './answer-markdown';
import type { Turn } from './types';

/**
 * One question and its answer with sources; `footer` holds the rating when the
 * page offers one. `showDetails` (signed-in people) adds scores and tokens;
 * `onRegenerate` asks the same question again.
 */
export function Message({
  turn,
  footer,
  showDetails = false,
  onRegenerate,
}: {
  turn: Turn;
  footer?: React.ReactNode;
  showDetails?: boolean;
  onRegenerate?: () => void;
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
          {turn.status === 'error' ? (
            <>
              <p role="alert" className="flex items-start gap-2 text-sm text-red-700">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {turn.answer ? <span className="whitespace-pre-wrap text-slate-800">{turn.answer}</span> : null}
                <span>{turn.error}</span>
              </p>
              {onRegenerate ? (
                <Button variant="secondary" size="sm" className="mt-2 h-7 px-2 text-xs" onClick={onRegenerate}>
                  <RefreshCw className="size-3.5" aria-hidden="true" /> Try again
                </Button>
              ) : null}
            </>
          ) : turn.answer ? (
            <div data-testid="answer" className="text-sm leading-relaxed text-slate-800" aria-live={turn.status === 'streaming' ? 'polite' : undefined}>
              <AnswerMarkdown text={turn.answer} sourceCount={turn.sources.length} onCite={cite} />
              {turn.status === 'streaming' ? (
                <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-indigo-500 align-middle" aria-hidden="true" />
              ) : null}
            </div>
          ) : (
            <p className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner className="size-4" label="" /> {turn.sources.length ? 'Writing the answer…' : 'Searching your knowledge…'}
            </p>
          )}
          <Sources sources={turn.sources} idPrefix={idPrefix} open={open} onToggle={toggle} showScores={showDetails} />
          {finished ? (
            <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-400">
              {turn.answer ? <CopyButton text={turn.answer} label="Copy answer" className="h-7 px-2 text-xs" /> : null}
              {onRegenerate ? (
                <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={onRegenerate} title="Ask the same question again in this thread">
                  <RefreshCw className="size-3.5" aria-hidden="true" /> Regenerate
                </Button>
              ) : null}
              {turn.answerKind === 'extractive' ? (
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
