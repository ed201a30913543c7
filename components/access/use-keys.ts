'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/client';
import type { CreatedKey, KeyListItem } from '@/lib/auth/keys';

export type KeyKind = 'api_keys' | 'project_tokens';

export function useKeys(kind: KeyKind) {
  return useQuery({ queryKey: ['access', kind], queryFn: () => apiFetch<KeyListItem[]>(`/api/v1/${kind}`) });
}

export function useCreateKey(kind: KeyKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; expires_at?: string }) => apiFetch<CreatedKey>(`/api/v1/${kind}`, { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['access', kind] }),
  });
}

export function useRevokeKey(kind: KeyKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/v1/${kind}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['access', kind] }),
  });
}
