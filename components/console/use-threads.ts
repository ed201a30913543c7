'use client';
// The console's own threads, a page at a time (newest first).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetchPage } from '@/components/api/client';
import type { ConversationItem } from '@/lib/console/conversations';
import { mergeThreadPages, nextThreadOffset, threadPagePath, type ThreadPage } from './thread-pages';

export const THREADS_KEY = ['console', 'conversations'] as const;

/** `search`: only threads whose name or one of the questions holds it. */
export function useThreads(search = '') {
  const query = useInfiniteQuery({
    queryKey: [...THREADS_KEY, search.trim()],
    initialPageParam: 0,
    queryFn: ({ pageParam }): Promise<ThreadPage> => apiFetchPage<ConversationItem>(threadPagePath(pageParam, undefined, search)),
    getNextPageParam: (_last, pages) => nextThreadOffset(pages),
  });
  const threads = query.data ? mergeThreadPages(query.data.pages) : undefined;
  const total = query.data?.pages.at(-1)?.total ?? null;
  return { query, threads, total };
}
