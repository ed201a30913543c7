'use client';
// The signed-in person, their organisation, role and project: one cached
// query every page of the shell reads.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiClientError, selectProject } from '@/components/api/client';
import type { Me } from '@/lib/console/workspace';

export const ME_KEY = ['me'] as const;

export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        return await apiFetch<Me>('/api/v1/me');
      } catch (error) {
        // A project remembered from another organisation or a deleted one:
        // forget it and fall back to the organisation's first project.
        if (error instanceof ApiClientError && error.status === 404 && typeof window !== 'undefined' && window.localStorage.getItem('ks.projectId')) {
          window.localStorage.removeItem('ks.projectId');
          return apiFetch<Me>('/api/v1/me');
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** Switches the project every API call acts on and refetches everything. */
export function useSwitchProject() {
  const client = useQueryClient();
  return (projectId: number) => {
    selectProject(projectId);
    client.resetQueries();
  };
}
