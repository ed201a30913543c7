'use client';
import { MessageSquarePlus } from 'lucide-react';
import type { ConversationItem } from '@/lib/console/conversations';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatNumber } from '@/components/ui/format';
import { LoadingBlock } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { cn } from '@/components/ui/cn';
import { THREAD_PAGE_SIZE } from './thread-pages';

export function ThreadList({ threads, total, error, loading, activeId, onSelect, onNew, onRetry, hasMore, loadingMore, onLoadMore }: {
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
}) {
  return (
    <div className="flex h-full flex-col">
      <Button variant="secondary" className="w-full" onClick={onNew}>
        <MessageSquarePlus className="size-4" aria-hidden="true" /> New thread
      </Button>
      <h2 className="mt-5 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Your threads</h2>
      <div className="mt-2 min-h-0 flex-1 overflow-y-auto">
        {loading ? (
          <LoadingBlock lines={4} label="Loading threads" />
        ) : error ? (
          <ErrorState error={error} title="Threads did not load" onRetry={onRetry} />
        ) : !threads || threads.length === 0 ? (
          <p className="px-1 text-sm text-slate-500">No threads yet. Your questions and their answers will be kept here.</p>
        ) : (
          <>
            <ul className="space-y-0.5" aria-label="Conversation threads">
              {threads.map((thread) => (
                <li key={thread.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(thread)}
                    aria-current={thread.id === activeId ? 'true' : undefined}
                    className={cn('w-full rounded-md px-2.5 py-2 text-left', thread.id === activeId ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100')}
                  >
                    <span className="block truncate text-sm font-medium">{thread.title}</span>
                    <span className="block text-xs text-slate-500">
                      {thread.turns.length} {thread.turns.length === 1 ? 'question' : 'questions'} · {formatDateTime(thread.updated_at)}
                    </span>
                  </button>
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
