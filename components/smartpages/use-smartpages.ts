'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, saveItem } from '@/components/api/client';
import type { SmartpageRecord } from '@/lib/smartpages/service';

export type SmartpageInput = {
  name: string;
  datamodel_id: number;
  slug?: string;
  visibility: 'public' | 'private';
  users: string[];
  suggested_questions: string[];
};

const KEY = ['smartpages'] as const;

export function useSmartpages() {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch<SmartpageRecord[]>('/api/v1/smartpages') });
}

export function useSaveSmartpage(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SmartpageInput) => saveItem<SmartpageRecord>('/api/v1/smartpages', id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteSmartpage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/v1/smartpages/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** "a@x.com, b@y.com\nc@z.com" → the list of addresses. */
export function parseEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
