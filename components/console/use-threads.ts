'use client';
// The console's own threads, a page at a time (newest first).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetchPage } from '@/components/api/client';
import type { ConversationItem } from '@/lib/console/conversations';
import { mergeThreadPages, nextThreadOffset, threadPagePath, type ThreadPage } from './thread-pages';

export const THREADS_KEY = ['console', 'conversations'] as const;

export function useThreads() {
  const query = useInfiniteQuery({
    queryKey: THREADS_KEY,
    initialPageParam: 0,
    queryFn: ({ pageParam }): Promise<ThreadPage> => apiFetchPage<ConversationItem>(threadPagePath(pageParam)),
    getNextPageParam: (_last, pages) => nextThreadOffset(pages),
  });
  const threads = query.data ? mergeThreadPages(query.data.pages) : undefined;
  const total = query.data?.pages.at(-1)?.total ?? null;
  return { query, threads, total };
}
