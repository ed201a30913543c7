'use client';
// What a question can be asked against, for the console's picker.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/client';
import type { DatamodelListItem, PresetListItem } from '@/lib/console/catalog';

export type DatasetItem = { id: number; name: string; description?: string; created_at: string };

export function useDatamodels() {
  return useQuery({ queryKey: ['console', 'datamodels'], queryFn: () => apiFetch<DatamodelListItem[]>('/searcher/v1/datamodels') });
}

export function useDatasets() {
  return useQuery({ queryKey: ['console', 'datasets'], queryFn: () => apiFetch<DatasetItem[]>('/searcher/v1/datasets') });
}

export function usePresets() {
  return useQuery({ queryKey: ['console', 'presets'], queryFn: () => apiFetch<PresetListItem[]>('/searcher/v1/presets') });
}
