'use client';
// Data hooks of the review page: the queue, marking resolved, and curated
// answers, all through the documented /searcher/v1 routes.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, saveItem } from '@/components/api/client';
import { queryString } from '@/components/usage/params';
import type { CuratedAnswer, ReviewKind, ReviewPage } from '@/lib/review/contract';

export type { CuratedAnswer, ReviewGroup, ReviewKind, ReviewPage } from '@/lib/review/contract';

export type ReviewFilters = { kinds: ReviewKind[]; days: number; datasetId: number | null };

const QUEUE = ['review', 'queue'] as const;
const CURATED = ['review', 'curated'] as const;

function startOf(days: number): string {
  return new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

export function useReviewQueue(filters: ReviewFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...QUEUE, filters, page, pageSize],
    queryFn: () =>
      apiFetch<ReviewPage>(
        `/searcher/v1/review${queryString({ kind: filters.kinds, start_date: startOf(filters.days), dataset_id: filters.datasetId ?? undefined, limit: pageSize, offset: page * pageSize })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useResolve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (identifiers: string[]) => apiFetch<{ resolved: number }>('/searcher/v1/review/resolve', { method: 'POST', json: { identifiers } }),
    onSuccess: () => client.invalidateQueries({ queryKey: QUEUE }),
  });
}

export function useCuratedAnswers() {
  return useQuery({ queryKey: CURATED, queryFn: () => apiFetch<CuratedAnswer[]>('/searcher/v1/curated_answers') });
}

export type CuratedInput = { dataset_id: number; question: string; answer: string; source: string; resolves?: string[] };

/** Creates (id null) or edits a curated answer; both refresh the queue and the list. */
export function useSaveCurated(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    // An edit changes the text only: the dataset and the questions it resolves are set when it is made.
    mutationFn: (input: CuratedInput) =>
      saveItem<CuratedAnswer>(
        '/searcher/v1/curated_answers',
        id,
        id === null ? input : { question: input.question, answer: input.answer, source: input.source },
      ),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: QUEUE }), client.invalidateQueries({ queryKey: CURATED })]),
  });
}

export function useDeleteCurated() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/searcher/v1/curated_answers/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: CURATED }),
  });
}
