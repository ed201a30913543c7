'use client';
// The page visitors see at /s/<slug>: the smartpage's name and a chat with
// its datamodel, each answer rated like in the console (through the page's
// own rating route: visitors have no token). Private pages ask for sign-in
// or say the visitor is not on the list.
import { useQuery } from '@tanstack/react-query';
import { Lock, MessageSquareText, RotateCcw, Search } from 'lucide-react';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch, ApiClientError } from '@/components/api/client';
import type { PublicSmartpage } from '@/lib/smartpages/service';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState, errorMessage } from '@/components/ui/states';
import { Composer } from '@/components/console/composer';
import { Message } from '@/components/console/message';
import { streamAnswer } from '@/components/console/stream';
import { Feedback } from '@/components/console/feedback';
import type { Rating, Turn } from '@/components/console/types';

function Refusal({ slug, error }: { slug: string; error: unknown }) {
  const status = error instanceof ApiClientError ? error.status : 0;
  if (status === 401 || status === 403) {
    return (
      <div className="mx-auto mt-16 max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <Lock className="mx-auto size-8 text-slate-400" aria-hidden="true" />
        <h1 className="mt-3 text-lg font-semibold text-slate-900">This smartpage is private</h1>
        <p className="mt-1 text-sm text-slate-600">{errorMessage(error)}</p>
        <Link href={`/signin?callbackUrl=${encodeURIComponent(`/s/${slug}`)}`} className="mt-5 inline-flex h-10 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500">
          {status === 401 ? 'Sign in' : 'Sign in with another account'}
        </Link>
      </div>
    );
  }
  if (status === 404) {
    return <EmptyState className="mx-auto mt-16 max-w-md" title="This page does not exist" description="The link may be mistyped, or the page was unpublished." />;
  }
  return <ErrorState className="mx-auto mt-16 max-w-md" error={error} title="This page could not be opened" />;
}

function visitorRating(turn: Turn, rating: Rating) {
  return {
    identifier: turn.identifier,
    conversation: turn.conversation,
    evaluation: rating.evaluation,
    feedback: rating.feedback || undefined,
    ...(rating.evaluation === 'negative' && rating.reasons.length ? { negative_opinions: rating.reasons } : {}),
  };
}

export function PublicChat({ slug }: { slug: string }) {
  const sendRating = (turn: Turn, rating: Rating) =>
    apiFetch<{ id: number }>(`/api/smartpages/${encodeURIComponent(slug)}/assessments`, { method: 'POST', json: visitorRating(turn, rating) });
  const page = useQuery({ queryKey: ['smartpage', slug], queryFn: () => apiFetch<PublicSmartpage>(`/api/smartpages/${encodeURIComponent(slug)}`) });
  const [turns, setTurns] = useState<Turn[]>([]);
  const [conversation, setConversation] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [turns.length]);

  const update = useCallback((key: string, change: Partial<Turn> | ((t: Turn) => Partial<Turn>)) => {
    setTurns((list) => list.map((t) => (t.key === key ? { ...t, ...(typeof change === 'function' ? change(t) : change) } : t)));
  }, []);

  async function ask(question: string) {
    const key = crypto.randomUUID();
    setTurns((list) => [...list, { key, question, answer: '', sources: [], status: 'streaming', target: null, rating: null }]);
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      await streamAnswer(
        `/api/smartpages/${encodeURIComponent(slug)}/search/stream`,
        { question, ...(conversation ? { conversation } : {}) },
        {
          onSources: (sources) => update(key, { sources }),
          onDelta: (text) => update(key, (t) => ({ answer: t.answer + text })),
          onDone: (done) => {
            update(key, { status: 'done', answer: done.content, identifier: done.identifier, conversation: done.conversation, totalTokens: undefined, answerKind: done.answer_kind });
            setConversation(done.conversation);
          },
        },
        controller.signal,
      );
    } catch (error) {
      update(key, { status: 'error', error: controller.signal.aborted ? 'Stopped.' : errorMessage(error) });
    } finally {
      setBusy(false);
      abort.current = null;
    }
  }

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-3xl items-center gap-3 px-4">
          <span className="flex size-7 items-center justify-center rounded-md bg-indigo-600 text-white" aria-hidden="true">
            <Search className="size-4" />
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-sm font-semibold text-slate-900 sm:text-base">{page.data?.name ?? (page.isPending ? 'Loading…' : 'Smartpage')}</h1>
            {page.data ? <p className="truncate text-xs text-slate-500">{page.data.organization}</p> : null}
          </div>
          {turns.length > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                abort.current?.abort();
                setTurns([]);
                setConversation(null);
              }}
            >
              <RotateCcw className="size-4" aria-hidden="true" /> New chat
            </Button>
          ) : null}
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 pt-6">
        {page.isPending ? (
          <div className="flex justify-center py-24 text-indigo-600">
            <Spinner className="size-8" />
          </div>
        ) : page.error ? (
          <Refusal slug={slug} error={page.error} />
        ) : (
          <>
            <div className="flex-1 space-y-6 pb-4">
              {turns.length === 0 ? (
                <EmptyState icon={<MessageSquareText className="size-8" />} title={`Ask ${page.data.name}`} description="Answers come from this organisation's own documents, with their sources." />
              ) : (
                turns.map((turn) => (
                  <Message
                    key={turn.key}
                    turn={turn}
                    footer={<Feedback turn={turn} send={(rating) => sendRating(turn, rating)} onSaved={(rating) => update(turn.key, { rating })} />}
                  />
                ))
              )}
              <div ref={bottom} />
            </div>
            <div className="sticky bottom-0 bg-gradient-to-t from-slate-50 via-slate-50 to-slate-50/0 pb-4 pt-4">
              <Composer onSend={ask} onStop={() => abort.current?.abort()} busy={busy} placeholder={conversation ? 'Ask a follow-up…' : 'Ask a question…'} />
              <p className="mt-2 text-center text-xs text-slate-400">Answers are generated from published documents and may be incomplete.</p>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
