'use client';
// The page visitors see at /s/<slug>: the smartpage's name and a chat with
// its datamodel, each answer rated like in the console (through the page's
// own rating route: visitors have no token). Private pages ask for sign-in
// or say the visitor is not on the list.
import { useQuery } from '@tanstack/react-query';
import { Lock, MessageSquareText, RotateCcw, Search } from 'lucide-react';
import Link from 'next/link';
import { apiFetch, ApiClientError } from '@/components/api/client';
import type { PublicSmartpage } from '@/lib/smartpages/service';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, ErrorState, errorMessage } from '@/components/ui/states';
import { Composer } from '@/components/console/composer';
import { Message } from '@/components/console/message';
import { JumpToLatest } from '@/components/console/jump-to-latest';
import { useChatTurns } from '@/components/console/use-chat-turns';
import { Feedback } from '@/components/console/feedback';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import type { Rating, Turn } from '@/components/console/types';

function Refusal({ slug, error }: { slug: string; error: unknown }) {
  const status = error instanceof ApiClientError ? error.status : 0;
  if (status === 401 || status === 403) {
    return (
      <div className="mx-auto mt-16 max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <Lock className="mx-auto size-8 text-slate-400" aria-hidden="true" />
        <h1 className="mt-3 text-lg font-semibold text-slate-900">This smartpage is private</h1>
        <p className="mt-1 text-sm text-slate-600">{errorMessage(error)}</p>
        <Link
          href={`/signin?callbackUrl=${encodeURIComponent(`/s/${slug}`)}`}
          className="mt-5 inline-flex h-10 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500"
        >
          {status === 401 ? 'Sign in' : 'Sign in with another account'}
        </Link>
      </div>
    );
  }
  if (status === 404) {
    return (
      <EmptyState className="mx-auto mt-16 max-w-md" title="This page does not exist" description="The link may be mistyped, or the page was unpublished." />
    );
  }
  return <ErrorState className="mx-auto mt-16 max-w-md" error={error} title="This page could not be opened" />;
}

/** The owner's suggested questions, before the first message: a click asks one. */
function SuggestedQuestions({ questions, onAsk }: { questions: string[]; onAsk: (question: string) => void }) {
  if (questions.length === 0) return null;
  return (
    <section aria-label="Suggested questions" className="mx-auto mt-4 grid max-w-xl gap-2 sm:grid-cols-2">
      {questions.map((question) => (
        <button
          key={question}
          type="button"
          onClick={() => onAsk(question)}
          className="rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-left text-sm text-slate-700 shadow-sm hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {question}
        </button>
      ))}
    </section>
  );
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
  const chat = useChatTurns();
  const { turns, conversation, busy, update } = chat;
  const ask = (question: string) =>
    void chat.ask(question, {
      path: `/api/smartpages/${encodeURIComponent(slug)}/search/stream`,
      body: { question, ...(conversation ? { conversation } : {}) },
      target: null,
    });

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
            <Button variant="ghost" size="sm" onClick={() => chat.replace([], null)}>
              <RotateCcw className="size-4" aria-hidden="true" /> <span className="sr-only sm:not-sr-only">New chat</span>
            </Button>
          ) : null}
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 pt-6">
        <QueryView
          query={page}
          loading={
            <div className="flex justify-center py-24 text-indigo-600">
              <Spinner className="size-8" />
            </div>
          }
          failed={(error) => <Refusal slug={slug} error={error} />}
        >
          {(smartpage) => (
            <>
              <div className="flex-1 space-y-6 pb-4">
                {turns.length === 0 ? (
                  <>
                    <EmptyState
                      icon={<MessageSquareText className="size-8" />}
                      title={`Ask ${smartpage.name}`}
                      description="Answers come from this organisation's own documents, with their sources."
                    />
                    <SuggestedQuestions questions={smartpage.suggested_questions} onAsk={ask} />
                  </>
                ) : (
                  turns.map((turn) => (
                    <Message
                      key={turn.key}
                      turn={turn}
                      onRegenerate={busy ? undefined : () => ask(turn.question)}
                      footer={<Feedback turn={turn} send={(rating) => sendRating(turn, rating)} onSaved={(rating) => update(turn.key, { rating })} />}
                    />
                  ))
                )}
              </div>
              <div className="sticky bottom-0 bg-slate-50 pb-4 pt-2">
                <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-full h-3 bg-gradient-to-t from-slate-50 to-slate-50/0" />
                <JumpToLatest visible={chat.showJump && turns.length > 0} onJump={chat.jump} />
                <Composer onSend={ask} onStop={chat.stop} busy={busy} placeholder={conversation ? 'Ask a follow-up…' : 'Ask a question…'} />
                <p className="mt-2 text-center text-xs text-slate-400">Answers are generated from published documents and may be incomplete.</p>
              </div>
            </>
          )}
        </QueryView>
      </main>
    </div>
  );
}
