'use client';
// Data hooks of the usage dashboards: the documented report endpoints, read
// with the signed-in session (the server applies the role matrix).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/client';
import { downloadFile } from '@/components/api/download';
import type { CreditsReport, OverviewReport, ThreadsPage, TokensReport } from '@/lib/reports/contract';
import type { DatamodelListItem } from '@/lib/console/catalog';
import { type DateRange, type DownloadChoice, type DownloadFilters, type ThreadFilters, downloadQuery, queryString, threadsQuery } from './params';

export type { CreditsReport, OverviewReport, ThreadsPage, TokensReport, DatamodelListItem };

/** Every bucket of a range in one answer (token_resume pages its series, 30 by default). */
const ALL_BUCKETS = 1000;

export const useOverview = (range: DateRange, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['usage', 'overview', range],
    queryFn: () => apiFetch<OverviewReport>(`/api/v1/overview${queryString({ start_date: range.start, end_date: range.end })}`),
    placeholderData: keepPreviousData,
  });

export const useCredits = (range: DateRange, datamodel = '') =>
  useQuery({
    queryKey: ['usage', 'credits', range, datamodel],
    queryFn: () => apiFetch<CreditsReport>(`/api/v1/credits_resume${queryString({ start_date: range.start, end_date: range.end, datamodel_name: datamodel })}`),
    placeholderData: keepPreviousData,
  });

export const useTokens = (range: DateRange, datamodel = '') =>
  useQuery({
    queryKey: ['usage', 'tokens', range, datamodel],
    queryFn: () =>
      apiFetch<TokensReport>(
        `/api/v1/token_resume${queryString({ start_date: range.start, end_date: range.end, datamodel_name: datamodel, offset: 0, limit: ALL_BUCKETS })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const useThreads = (filters: ThreadFilters, page: number, pageSize: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['usage', 'threads', filters, page, pageSize],
    queryFn: () => apiFetch<ThreadsPage>(`/api/v1/threads${threadsQuery(filters, page, pageSize)}`),
    placeholderData: keepPreviousData,
  });

/** The project's datamodels, for the datamodel filters. */
export const useDatamodels = () =>
  useQuery({ queryKey: ['usage', 'datamodels'], queryFn: () => apiFetch<DatamodelListItem[]>('/searcher/v1/datamodels'), staleTime: 60_000 });

/** Downloads the .xlsx report as a file (the chosen project goes with it). */
export function downloadReport(range: DateRange, choice: DownloadChoice, filters: DownloadFilters = {}): Promise<string> {
  return downloadFile(`/api/v1/report_download${downloadQuery(range, choice, filters)}`, `report_${range.start}_${range.end}.xlsx`);
}
