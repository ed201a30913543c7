'use client';
// Data hooks of the evaluation tab, through /searcher/v1/evaluation_sets.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/client';
import { downloadFile } from '@/components/api/download';
import type { EvaluationSetDetail, EvaluationSetSummary, RunDetail, RunSummary } from '@/lib/evaluation/contract';

export type { EvaluationSetDetail, EvaluationSetSummary, RunDetail, RunSummary };

const SETS = ['evaluation', 'sets'] as const;
const base = (id: number) => `/searcher/v1/evaluation_sets/${id}`;

export const useEvaluationSets = () => useQuery({ queryKey: SETS, queryFn: () => apiFetch<EvaluationSetSummary[]>('/searcher/v1/evaluation_sets') });

export const useEvaluationSet = (id: number | null) =>
  useQuery({ queryKey: [...SETS, id], enabled: id !== null, queryFn: () => apiFetch<EvaluationSetDetail>(base(id!)) });

/** The runs of a set; polled while one is running. */
export const useRuns = (id: number | null) =>
  useQuery({
    queryKey: [...SETS, id, 'runs'],
    enabled: id !== null,
    queryFn: () => apiFetch<RunSummary[]>(`${base(id!)}/runs`),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'running') ? 700 : false),
  });

export const useRun = (setId: number | null, runId: number | null) =>
  useQuery({
    queryKey: [...SETS, setId, 'runs', runId],
    enabled: setId !== null && runId !== null,
    queryFn: () => apiFetch<RunDetail>(`${base(setId!)}/runs/${runId}`),
  });

export function useCreateSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; file: { format: 'csv' | 'json'; text: string } | null }) => {
      const set = await apiFetch<EvaluationSetDetail>('/searcher/v1/evaluation_sets', { method: 'POST', json: { name: input.name } });
      if (!input.file) return set;
      try {
        return await apiFetch<EvaluationSetDetail>(`${base(set.id)}/import`, { method: 'POST', json: input.file });
      } catch (error) {
        // The file was refused: no empty set is left behind under that name.
        await apiFetch<void>(base(set.id), { method: 'DELETE' }).catch(() => undefined);
        throw error;
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: SETS }),
  });
}

export function useImportQuestions(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: { format: 'csv' | 'json'; text: string }) => apiFetch<EvaluationSetDetail>(`${base(id)}/import`, { method: 'POST', json: file }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETS }),
  });
}

export function useDeleteSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(base(id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETS }),
  });
}

export function useStartRun(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: { dataset_id: number } | { datamodel_id: number }) => apiFetch<RunSummary>(`${base(id)}/runs`, { method: 'POST', json: target }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETS }),
  });
}

/** Reads a chosen file as the import body; the format follows the file's content, not only its name. */
export async function fileBody(file: File): Promise<{ format: 'csv' | 'json'; text: string }> {
  const text = await file.text();
  const trimmed = text.trimStart();
  return { format: trimmed.startsWith('[') || trimmed.startsWith('{') ? 'json' : 'csv', text };
}

/** The set's questions as a CSV or JSON file. */
export function downloadExport(id: number, format: 'csv' | 'json'): Promise<string> {
  return downloadFile(`${base(id)}/export?format=${format}`, `evaluation.${format}`);
}
