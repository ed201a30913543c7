'use client';
// The chat console: pick what to ask, stream answers with their sources,
// keep threads, rate every answer.
import { useQueryClient } from '@tanstack/react-query';
import { History, MessageSquareText } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ConversationItem } from '@/lib/console/conversations';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { Composer } from './composer';
import { Feedback, sendConsoleRating } from './feedback';
import { Message } from './message';
import { JumpToLatest } from './jump-to-latest';
import { useChatTurns } from './use-chat-turns';
import { useRememberedTarget } from './remembered-target';
import { TargetPicker } from './target-picker';
import { ThreadList } from './thread-list';
import { THREADS_KEY, useThreads } from './use-threads';
import { searchBody, targetOfTurn, turnsOfThread } from './turns';
import type { Rating, Target } from './types';
import { useDebounced } from '@/components/ui/use-debounced';

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
  const [target, setTarget, targetRestored] = useRememberedTarget();
  const [showThreads, setShowThreads] = useState(false);
  const chat = useChatTurns({
    onDone: (done) => rememberThread(done.conversation),
    onSettled: () => void client.invalidateQueries({ queryKey: THREADS_KEY }),
  });
  const { turns, conversation, busy, update } = chat;

  // Reopen the thread named in the address once the list has loaded, paging
  // on (a few pages at most) when it is older than the first page.
  const restored = useRef(false);
  // Opening the thread reads this render's state (target, turns): an effect event, not a reason to run again.
  const openRestored = useEffectEvent((thread: ConversationItem) => openThread(thread));
  const { isFetchingNextPage, hasNextPage, fetchNextPage } = threads;
  const pagesLoaded = threads.data?.pages.length ?? 0;
  useEffect(() => {
    if (restored.current || !threadList || isFetchingNextPage) return;
    const wanted = new URL(window.location.href).searchParams.get('thread');
    const thread = wanted ? threadList.find((t) => t.id === wanted) : undefined;
    if (wanted && !thread && hasNextPage && pagesLoaded < 5) {
      void fetchNextPage();
      return;
    }
    // Once per page load: later refetches of the list must not reopen it.
    restored.current = true;
    if (thread) openRestored(thread);
    else if (wanted) rememberThread(null);
  }, [threadList, isFetchingNextPage, hasNextPage, pagesLoaded, fetchNextPage]);

  function ask(question: string, askTarget: Target | null = target) {
    if (!askTarget) return;
    void chat.ask(question, { path: '/searcher/v1/search/stream', body: searchBody(question, askTarget, conversation), target: askTarget });
  }

  function openThread(thread: ConversationItem) {
    chat.replace(turnsOfThread(thread), thread.id);
    rememberThread(thread.id);
    const last = thread.turns.at(-1);
    const lastTarget = last ? targetOfTurn(last) : null;
    if (lastTarget) setTarget(lastTarget);
    setShowThreads(false);
  }

  function newThread() {
    chat.replace([], null);
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
            <p className="mt-1 text-sm text-slate-600">
              {conversation ? 'Follow-up questions keep the context of this thread.' : 'Ask your knowledge a question; answers stream in with their sources.'}
            </p>
          </div>
          <Button variant="secondary" size="sm" className="lg:hidden" aria-expanded={showThreads} onClick={() => setShowThreads((v) => !v)}>
            <History className="size-4" aria-hidden="true" /> Threads
          </Button>
        </div>
        {showThreads ? <div className="mb-4 max-h-80 rounded-lg border border-slate-200 bg-white p-3 lg:hidden">{list}</div> : null}
        <div className="mb-4">
          <TargetPicker target={target} onChange={setTarget} disabled={busy} ready={targetRestored} />
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
                showDetails
                // Asks the same question again, in this thread, against what it was asked of.
                onRegenerate={!busy && turn.target ? () => ask(turn.question, turn.target) : undefined}
                // A failed answer is asked again in its place.
                onRetry={
                  !busy && turn.target
                    ? () => {
                        chat.remove(turn.key);
                        ask(turn.question, turn.target);
                      }
                    : undefined
                }
                // A turn whose datamodel or dataset is gone cannot be linked to a rating.
                footer={turn.target ? <Feedback turn={turn} send={(rating) => sendConsoleRating(turn, rating)} onSaved={onRated(turn.key)} /> : null}
              />
            ))
          )}
        </div>
        {/* Opaque under the composer and the jump button (neither floats over an answer); a short fade above. */}
        <div className="sticky bottom-0 bg-slate-50 pb-2 pt-2">
          <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-full h-3 bg-gradient-to-t from-slate-50 to-slate-50/0" />
          <JumpToLatest visible={chat.showJump && turns.length > 0} onJump={chat.jump} />
          <Composer
            onSend={(question) => ask(question)}
            onStop={chat.stop}
            busy={busy}
            disabled={!target}
            placeholder={conversation ? 'Ask a follow-up…' : 'Ask a question…'}
          />
        </div>
      </section>
    </div>
  );
}
