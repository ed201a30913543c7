'use client';
// Data hooks of the Models page: generative models, presets and datamodels
// through the documented /searcher/v1 routes, typed by the domain's own
// records. A write refreshes these lists and the console's pickers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, saveItem } from '@/components/api/client';
import type { ConnectionTestResult, DatamodelRecord, GenerativeModelRecord, PresetRecord } from '@/lib/generation/serializers';
import type { ConnectionSettings, DatamodelCreate, GenerativeModelCreate, PresetCreate } from '@/lib/generation/contract';

export type { ConnectionTestResult, DatamodelRecord, GenerativeModelRecord, PresetRecord };

/** Bodies as the browser sends them (defaults applied by the server are optional here). */
export type ModelInput = Partial<GenerativeModelCreate> & { name: string };
export type PresetInput = PresetCreate;
export type DatamodelInput = DatamodelCreate;

const KEYS = {
  models: ['models', 'generative'] as const,
  presets: ['models', 'presets'] as const,
  datamodels: ['models', 'datamodels'] as const,
};

export const useGenerativeModels = () =>
  useQuery({ queryKey: KEYS.models, queryFn: () => apiFetch<GenerativeModelRecord[]>('/searcher/v1/generative_models') });
export const usePresetSettings = () => useQuery({ queryKey: KEYS.presets, queryFn: () => apiFetch<PresetRecord[]>('/searcher/v1/presets?include=settings') });
export const useDatamodelSettings = () =>
  useQuery({ queryKey: KEYS.datamodels, queryFn: () => apiFetch<DatamodelRecord[]>('/searcher/v1/datamodels?include=settings') });

/** Everything that lists models, presets or datamodels: uses and names show up everywhere at once. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['models'] }),
      client.invalidateQueries({ queryKey: ['console'] }),
      client.invalidateQueries({ queryKey: ['usage', 'datamodels'] }),
      client.invalidateQueries({ queryKey: ['smartpages'] }),
    ]);
}

type Resource = 'generative_models' | 'presets' | 'datamodels';

/** POST when `id` is null, else PATCH. */
export function useSave<Input, Output>(resource: Resource, id: number | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: Input) => saveItem<Output>(`/searcher/v1/${resource}`, id, input),
    onSuccess: refresh,
  });
}

export function useDelete(resource: Resource) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => apiFetch<void>(`/searcher/v1/${resource}/${id}`, { method: 'DELETE' }), onSuccess: refresh });
}

/** A saved model (by id) or settings from the form (not saved). */
export function useConnectionTest() {
  return useMutation({
    mutationFn: (target: number | ConnectionSettings) =>
      typeof target === 'number'
        ? apiFetch<ConnectionTestResult>(`/searcher/v1/generative_models/${target}/connection_test`, { method: 'POST' })
        : apiFetch<ConnectionTestResult>('/searcher/v1/generative_models/connection_test', { method: 'POST', json: target }),
  });
}
