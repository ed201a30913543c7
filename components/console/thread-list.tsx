'use client';
import { MessageSquarePlus, Search } from 'lucide-react';
import type { ConversationItem } from '@/lib/console/conversations';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/components/ui/format';
import { LoadingBlock } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { ThreadItem } from './thread-item';
import { THREAD_PAGE_SIZE, distinctTitles } from './thread-pages';

export function ThreadList({
  threads,
  total,
  error,
  loading,
  activeId,
  onSelect,
  onNew,
  onRetry,
  hasMore,
  loadingMore,
  onLoadMore,
  search,
  onSearch,
  onDeleted,
}: {
  threads: ConversationItem[] | undefined;
  /** Threads in all (the server's count), when known. */
  total: number | null;
  error: unknown;
  loading: boolean;
  activeId: string | null;
  onSelect: (thread: ConversationItem) => void;
  onNew: () => void;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The text typed in the search box (the list is already filtered by it, a moment later). */
  search: string;
  onSearch: (text: string) => void;
  onDeleted: (thread: ConversationItem) => void;
}) {
  const names = distinctTitles(threads ?? []);
  return (
    <div className="flex h-full flex-col">
      <Button variant="secondary" className="w-full" onClick={onNew}>
        <MessageSquarePlus className="size-4" aria-hidden="true" /> New thread
      </Button>
      <h2 className="mt-5 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Your threads</h2>
      <div className="relative mt-2">
        <Search className="pointer-events-none absolute left-2.5 top-1/2 size-3.5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          maxLength={200}
          placeholder="Search threads"
          aria-label="Search threads by name or question"
          className="h-8 w-full rounded-md border border-slate-300 bg-white pl-8 pr-2 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
        />
      </div>
      <div className="mt-2 min-h-0 flex-1 overflow-y-auto">
        {loading ? (
          <LoadingBlock lines={4} label="Loading threads" />
        ) : error ? (
          <ErrorState error={error} title="Threads did not load" onRetry={onRetry} />
        ) : !threads || threads.length === 0 ? (
          <p className="px-1 text-sm text-slate-500">
            {search.trim() ? `No thread matches “${search.trim()}”.` : 'No threads yet. Your questions and their answers will be kept here.'}
          </p>
        ) : (
          <>
            <ul className="space-y-0.5" aria-label="Conversation threads">
              {threads.map((thread) => (
                <li key={thread.id}>
                  <ThreadItem
                    thread={thread}
                    name={names.get(thread.id) ?? thread.title}
                    active={thread.id === activeId}
                    onSelect={() => onSelect(thread)}
                    onDeleted={() => onDeleted(thread)}
                  />
                </li>
              ))}
            </ul>
            <div className="mt-2 space-y-2 px-1 pb-1">
              {/* The count matters once there is more than one page. */}
              {total !== null && total > THREAD_PAGE_SIZE ? (
                <p className="text-xs text-slate-500" aria-live="polite">
                  {formatNumber(threads.length)} of {formatNumber(total)} threads
                </p>
              ) : null}
              {hasMore ? (
                <Button variant="ghost" size="sm" className="w-full" onClick={onLoadMore} loading={loadingMore}>
                  Load more threads
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
