'use client';
// The chat console: pick what to ask, stream answers with their sources,
// keep threads, rate every answer.
import { useQueryClient } from '@tanstack/react-query';
import { History, MessageSquareText } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversationItem } from '@/lib/console/conversations';
import { Button } from '@/components/ui/button';
import { EmptyState, errorMessage } from '@/components/ui/states';
import { Composer } from './composer';
import { Feedback, sendConsoleRating } from './feedback';
import { Message } from './message';
import { streamAnswer } from './stream';
import { TargetPicker } from './target-picker';
import { ThreadList } from './thread-list';
import { THREADS_KEY, useThreads } from './use-threads';
import { searchBody, targetOfTurn, turnsOfThread } from './turns';
import type { Rating, Target, Turn } from './types';

/** The value once it has stopped changing for `ms` (a search box should not query on every key). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Keeps the open thread in the address (?thread=…) so a reload or a shared link reopens it. */
function rememberThread(id: string | null): void {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set('thread', id);
  else url.searchParams.delete('thread');
  window.history.replaceState(window.history.state, '', url);
}

export function ChatConsole() {
  const client = useQueryClient();
  const [threadSearch, setThreadSearch] = useState('');
  const searchQuery = useDebounced(threadSearch, 250);
  const { query: threads, threads: threadList, total: threadTotal } = useThreads(searchQuery);
  const [target, setTarget] = useState<Target | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [conversation, setConversation] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showThreads, setShowThreads] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  const update = useCallback((key: string, change: Partial<Turn> | ((turn: Turn) => Partial<Turn>)) => {
    setTurns((list) => list.map((t) => (t.key === key ? { ...t, ...(typeof change === 'function' ? change(t) : change) } : t)));
  }, []);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [turns.length]);

  // Reopen the thread named in the address once the list has loaded, paging
  // on (a few pages at most) when it is older than the first page.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !threadList || threads.isFetchingNextPage) return;
    const wanted = new URL(window.location.href).searchParams.get('thread');
    const thread = wanted ? threadList.find((t) => t.id === wanted) : undefined;
    if (wanted && !thread && threads.hasNextPage && (threads.data?.pages.length ?? 0) < 5) {
      void threads.fetchNextPage();
      return;
    }
    restored.current = true;
    if (thread) openThread(thread);
    else if (wanted) rememberThread(null);
    // Once per page load: later refetches of the list must not reopen it.
  }, [threadList, threads.isFetchingNextPage]);

  async function ask(question: string) {
    if (!target) return;
    const key = crypto.randomUUID();
    setTurns((list) => [...list, { key, question, answer: '', sources: [], status: 'streaming', target, rating: null }]);
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      await streamAnswer(
        '/searcher/v1/search/stream',
        searchBody(question, target, conversation),
        {
          onSources: (sources) => update(key, { sources }),
          onDelta: (text) => update(key, (t) => ({ answer: t.answer + text })),
          onDone: (done) => {
            update(key, { status: 'done', answer: done.content, identifier: done.identifier, totalTokens: done.total_tokens, answerKind: done.answer_kind });
            setConversation(done.conversation);
            rememberThread(done.conversation);
          },
        },
        controller.signal,
      );
      void client.invalidateQueries({ queryKey: THREADS_KEY });
    } catch (error) {
      const stopped = controller.signal.aborted;
      update(key, { status: 'error', error: stopped ? 'Stopped.' : errorMessage(error) });
    } finally {
      setBusy(false);
      abort.current = null;
    }
  }

  function openThread(thread: ConversationItem) {
    abort.current?.abort();
    setTurns(turnsOfThread(thread));
    setConversation(thread.id);
    rememberThread(thread.id);
    const last = thread.turns.at(-1);
    const lastTarget = last ? targetOfTurn(last) : null;
    if (lastTarget) setTarget(lastTarget);
    setShowThreads(false);
  }

  function newThread() {
    abort.current?.abort();
    setTurns([]);
    setConversation(null);
    rememberThread(null);
    setShowThreads(false);
  }

  const onRated = (key: string) => (rating: Rating) => {
    update(key, { rating });
    void client.invalidateQueries({ queryKey: THREADS_KEY });
  };

  const list = (
    <ThreadList
      threads={threadList}
      total={threadTotal}
      error={threads.error}
      loading={threads.isPending}
      activeId={conversation}
      onSelect={openThread}
      onNew={newThread}
      onRetry={() => void threads.refetch()}
      hasMore={threads.hasNextPage}
      loadingMore={threads.isFetchingNextPage}
      onLoadMore={() => void threads.fetchNextPage()}
      search={threadSearch}
      onSearch={setThreadSearch}
      onDeleted={(thread) => {
        if (thread.id === conversation) newThread();
      }}
    />
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="hidden lg:block" aria-label="Threads">
        <div className="sticky top-20 h-[calc(100vh-7rem)]">{list}</div>
      </aside>
      <section className="flex min-h-[calc(100vh-8.5rem)] min-w-0 flex-col" aria-label="Chat">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">Console</h1>
            <p className="mt-1 text-sm text-slate-600">{conversation ? 'Follow-up questions keep the context of this thread.' : 'Ask your knowledge a question; answers stream in with their sources.'}</p>
          </div>
          <Button variant="secondary" size="sm" className="lg:hidden" aria-expanded={showThreads} onClick={() => setShowThreads((v) => !v)}>
            <History className="size-4" aria-hidden="true" /> Threads
          </Button>
        </div>
        {showThreads ? <div className="mb-4 max-h-80 rounded-lg border border-slate-200 bg-white p-3 lg:hidden">{list}</div> : null}
        <div className="mb-4">
          <TargetPicker target={target} onChange={setTarget} disabled={busy} />
        </div>
        <div className="flex-1 space-y-6 pb-4">
          {turns.length === 0 ? (
            <EmptyState
              icon={<MessageSquareText className="size-8" />}
              title="Start a conversation"
              description="Pick a datamodel, or a dataset with a preset, and ask a question. Rate each answer so the team knows what works."
            />
          ) : (
            turns.map((turn) => (
              <Message
                key={turn.key}
                turn={turn}
                // A turn whose datamodel or dataset is gone cannot be linked to a rating.
                footer={turn.target ? <Feedback turn={turn} send={(rating) => sendConsoleRating(turn, rating)} onSaved={onRated(turn.key)} /> : null}
              />
            ))
          )}
          <div ref={bottom} />
        </div>
        <div className="sticky bottom-0 bg-gradient-to-t from-slate-50 via-slate-50 to-slate-50/0 pb-2 pt-4">
          <Composer onSend={ask} onStop={() => abort.current?.abort()} busy={busy} disabled={!target} placeholder={conversation ? 'Ask a follow-up…' : 'Ask a question…'} />
        </div>
      </section>
    </div>
  );
}
