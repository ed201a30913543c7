'use client';
// Data hooks of the knowledge editors: every read and write goes through the
// documented /searcher/v1 route handlers, and each write refreshes exactly
// the cached reads it changes.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchPage } from '@/components/api/client';
import { useMe } from '@/components/shell/use-me';
import type { ContentDetail, ContentRecord, DatasetListItem, DatasetRecord, DatasetFull, SubjectRecord } from '@/lib/knowledge/serializers';

export type { ContentDetail, ContentRecord, DatasetListItem, DatasetRecord, DatasetFull, SubjectRecord };

import type { listPassages } from '@/lib/knowledge/contents';

/** One passage of GET /searcher/v1/contents/{id}/passages, typed by the domain function that answers it. */
export type Passage = Awaited<ReturnType<typeof listPassages>>[number];

// The import endpoints' own response types (lib/ingest), so a change there
// shows up here as a type error instead of a silently wrong page.
export type { UploadCounts, UploadDetail as UploadStatus, UploadItemRecord as UploadItem, UploadSummary } from '@/lib/ingest/serializers';
export type { ItemState as UploadState } from '@/lib/ingest/queue';
import type { UploadDetail as UploadStatus, UploadItemRecord, UploadSummary } from '@/lib/ingest/serializers';

/** Body of POST /searcher/v1/upload (the endpoint's own zod contract). */
export type { UploadBody as UploadRequest } from '@/lib/ingest/contract';
import type { UploadBody as UploadRequest } from '@/lib/ingest/contract';

/** VIEWERs read knowledge but may not change it: their pages hide the editing actions (the API refuses them anyway). */
export function useCanWrite(): boolean {
  return useMe().data?.permissions.write ?? false;
}

export const knowledgeKeys = {
  datasets: ['knowledge', 'datasets'] as const,
  dataset: (id: number) => ['knowledge', 'dataset', id] as const,
  subjects: (datasetId: number) => ['knowledge', 'dataset', datasetId, 'subjects'] as const,
  contents: (datasetId: number) => ['knowledge', 'dataset', datasetId, 'contents'] as const,
  subject: (id: number) => ['knowledge', 'subject', id] as const,
  content: (id: number) => ['knowledge', 'content', id] as const,
  passages: (id: number) => ['knowledge', 'content', id, 'passages'] as const,
  uploads: ['knowledge', 'uploads'] as const,
  upload: (id: number) => ['knowledge', 'upload', id] as const,
};

export const useDatasets = () => useQuery({ queryKey: knowledgeKeys.datasets, queryFn: () => apiFetch<DatasetListItem[]>('/searcher/v1/datasets') });

export const useDataset = (id: number, options: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: knowledgeKeys.dataset(id), queryFn: () => apiFetch<DatasetRecord>(`/searcher/v1/datasets/${id}`), enabled: options.enabled ?? true });

export const useSubjects = (datasetId: number) =>
  useQuery({ queryKey: knowledgeKeys.subjects(datasetId), queryFn: () => apiFetch<SubjectRecord[]>(`/searcher/v1/datasets/${datasetId}/subjects`) });

export const useContents = (datasetId: number) =>
  useQuery({ queryKey: knowledgeKeys.contents(datasetId), queryFn: () => apiFetch<ContentRecord[]>(`/searcher/v1/datasets/${datasetId}/contents`) });

export const useSubject = (id: number, options: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: knowledgeKeys.subject(id), queryFn: () => apiFetch<SubjectRecord>(`/searcher/v1/subjects/${id}`), enabled: options.enabled ?? true });

export type ContentOrder = 'name' | 'updated';
export type ContentQuery = { subjectId?: number; q: string; sort: ContentOrder };

/** Contents shown at first; each "Show more" adds MORE_CONTENTS (a 500-page import must not render 500 rows at once). */
export const FIRST_CONTENTS = 25;
export const MORE_CONTENTS = 100;

const contentsPath = (datasetId: number, query: ContentQuery, limit: number, offset: number) => {
  const params = new URLSearchParams({ sort: query.sort, limit: String(limit), offset: String(offset) });
  if (query.subjectId !== undefined) params.set('subject_id', String(query.subjectId));
  if (query.q.trim()) params.set('q', query.q.trim());
  return `/searcher/v1/datasets/${datasetId}/contents?${params}`;
};

/**
 * A subject's contents as the server filters, sorts and pages them: the
 * first FIRST_CONTENTS, then MORE_CONTENTS more per `fetchNextPage`. The
 * previous filter's rows stay on screen while the next one loads.
 */
export const useContentPages = (datasetId: number, query: ContentQuery) =>
  useInfiniteQuery({
    queryKey: [...knowledgeKeys.contents(datasetId), query],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => apiFetchPage<ContentRecord>(contentsPath(datasetId, query, pageParam === 0 ? FIRST_CONTENTS : MORE_CONTENTS, pageParam)),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return last.total !== null && loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });

/** How many contents of the dataset match a filter (one row read, the total from X-Total-Count). */
export const useContentMatches = (datasetId: number, q: string) =>
  useQuery({
    queryKey: [...knowledgeKeys.contents(datasetId), 'matches', q.trim()],
    queryFn: async () => (await apiFetchPage<ContentRecord>(contentsPath(datasetId, { q, sort: 'name' }, 1, 0))).total ?? 0,
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export const useContent = (id: number) =>
  useQuery({ queryKey: knowledgeKeys.content(id), queryFn: () => apiFetch<ContentDetail>(`/searcher/v1/contents/${id}`) });

export const usePassages = (id: number) =>
  useQuery({ queryKey: knowledgeKeys.passages(id), queryFn: () => apiFetch<Passage[]>(`/searcher/v1/contents/${id}/passages`) });

/**
 * A write that refreshes the knowledge reads afterwards (the lists are small;
 * refetching them all stays simple and correct). A delete also drops the
 * cached dataset lists, so a page opened next never shows the deleted item
 * while it refetches.
 */
function useKnowledgeMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, { deletes = false } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      if (deletes) client.removeQueries({ queryKey: knowledgeKeys.datasets, type: 'inactive' });
      // Not awaited: the caller's own onSuccess (close a dialog, leave a
      // deleted item's page) should not wait for the refetches.
      void client.invalidateQueries({ queryKey: ['knowledge'] });
    },
  });
}

export const useCreateDataset = () =>
  useKnowledgeMutation((body: { name: string; description?: string }) => apiFetch<DatasetRecord>('/searcher/v1/datasets', { method: 'POST', json: body }));

export const useRenameDataset = () =>
  useKnowledgeMutation(({ id, name }: { id: number; name: string }) =>
    apiFetch<DatasetRecord>(`/searcher/v1/datasets/${id}`, { method: 'PUT', json: { name } }),
  );

export const useDeleteDataset = () =>
  useKnowledgeMutation((id: number) => apiFetch<void>(`/searcher/v1/datasets/${id}`, { method: 'DELETE' }), { deletes: true });

export const useCreateSubject = () =>
  useKnowledgeMutation(({ datasetId, name }: { datasetId: number; name: string }) =>
    apiFetch<SubjectRecord>(`/searcher/v1/datasets/${datasetId}/subjects`, { method: 'POST', json: { name } }),
  );

export const useRenameSubject = () =>
  useKnowledgeMutation(({ id, name }: { id: number; name: string }) =>
    apiFetch<SubjectRecord>(`/searcher/v1/subjects/${id}`, { method: 'PUT', json: { name } }),
  );

export const useDeleteSubject = () =>
  useKnowledgeMutation((id: number) => apiFetch<void>(`/searcher/v1/subjects/${id}`, { method: 'DELETE' }), { deletes: true });

export type ContentFields = { name: string; source: string; media_video: string | null; media_image: string | null };

/** A new content's fields, with the text its passages are made from (optional; Markdown or plain text). */
export type NewContentFields = ContentFields & { text?: string };

export const useCreateContent = () =>
  useKnowledgeMutation(({ datasetId, subjectId, fields }: { datasetId: number; subjectId: number; fields: NewContentFields }) =>
    apiFetch<ContentDetail>(`/searcher/v1/datasets/${datasetId}/contents`, { method: 'POST', json: { subject_id: subjectId, ...fields } }),
  );

/** A content's passages joined into one text, as "Edit text" starts from; read afresh each time the dialog opens. */
export const useContentText = (id: number, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [...knowledgeKeys.content(id), 'text'],
    queryFn: () => apiFetch<{ text: string }>(`/searcher/v1/contents/${id}/text`),
    enabled: options.enabled ?? true,
    staleTime: 0,
    gcTime: 0,
  });

/** Replaces a typed content's text; its passages (and the content's counts) are refetched after. */
export const useReplaceContentText = () =>
  useKnowledgeMutation(({ id, text }: { id: number; text: string }) =>
    apiFetch<ContentDetail>(`/searcher/v1/contents/${id}/text`, { method: 'PUT', json: { text } }),
  );

export const useUpdateContent = () =>
  useKnowledgeMutation(({ id, fields }: { id: number; fields: ContentFields }) =>
    apiFetch<ContentDetail>(`/searcher/v1/contents/${id}`, { method: 'PUT', json: fields }),
  );

export const useDeleteContent = () =>
  useKnowledgeMutation((id: number) => apiFetch<void>(`/searcher/v1/contents/${id}`, { method: 'DELETE' }), { deletes: true });

export const useStartUpload = () =>
  useKnowledgeMutation((body: UploadRequest) => apiFetch<{ message: string; id: number }>('/searcher/v1/upload', { method: 'POST', json: body }));

/** A failed item back to the queue, with a corrected URL when given; the upload's progress then polls again. */
export const useRetryItem = () =>
  useKnowledgeMutation(({ uploadId, itemId, url }: { uploadId: number; itemId: number; url?: string }) =>
    apiFetch<UploadItemRecord>(`/searcher/v1/upload/${uploadId}/items/${itemId}/retry`, { method: 'POST', json: url === undefined ? {} : { url } }),
  );

/** True while an upload still has files on their way. */
export const uploadRunning = (status: UploadStatus | undefined) => !status || status.counts.done + status.counts.failed < status.counts.total;

/** The newest uploads; refreshed every few seconds while one of them is still running. */
export const useRecentUploads = (limit = 10) =>
  useQuery({
    queryKey: [...knowledgeKeys.uploads, limit],
    queryFn: () => apiFetch<UploadSummary[]>(`/searcher/v1/uploads?limit=${limit}`),
    refetchInterval: (query) => (query.state.data?.some((u) => u.state === 'queued' || u.state === 'running') ? 3000 : false),
  });

/** Polls an upload every second until every file is done or failed. */
export const useUpload = (id: number) =>
  useQuery({
    queryKey: knowledgeKeys.upload(id),
    queryFn: () => apiFetch<UploadStatus>(`/searcher/v1/upload/${id}`),
    refetchInterval: (query) => (query.state.error || !uploadRunning(query.state.data) ? false : 1000),
    staleTime: 0,
  });
