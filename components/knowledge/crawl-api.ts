'use client';
// Data hooks of website crawls and dataset re-syncs (docs/import.md "Crawl a
// website", "Re-sync"), typed by the endpoints' own domain types.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/client';
import type { CrawlBody } from '@/lib/ingest/crawl/contract';
import type { CrawlProgress } from '@/lib/ingest/crawl/crawls';
import type { Schedule, SyncRecord, SyncStatus } from '@/lib/ingest/sync/syncs';

export type { CrawlProgress, Schedule, SyncRecord, SyncStatus };
export type CrawlRequest = { dataset_name: string; name?: string; subject_name?: string; site: Partial<CrawlBody['site']> & { url: string } };

const syncKey = (datasetId: number) => ['knowledge', 'dataset', datasetId, 'sync'] as const;

export const useStartCrawl = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrawlRequest) => apiFetch<{ message: string; id: number; crawl_id: number }>('/searcher/v1/upload/site', { method: 'POST', json: body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['knowledge', 'uploads'] }),
  });
};

/** The dataset's sync status; polled every 2 s while a sync runs. */
export const useDatasetSync = (datasetId: number) =>
  useQuery({
    queryKey: syncKey(datasetId),
    queryFn: () => apiFetch<SyncStatus>(`/searcher/v1/datasets/${datasetId}/sync`),
    refetchInterval: (query) => (query.state.data?.last_sync?.state === 'running' ? 2000 : false),
  });

export const useResyncNow = (datasetId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ message: string; id: number; sync_id: number }>(`/searcher/v1/datasets/${datasetId}/resync`, { method: 'POST', json: {} }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['knowledge'] }),
  });
};

export const useSetSchedule = (datasetId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: Schedule) => apiFetch<SyncStatus>(`/searcher/v1/datasets/${datasetId}/sync`, { method: 'PUT', json: { schedule } }),
    onSuccess: (status) => client.setQueryData(syncKey(datasetId), status),
  });
};
