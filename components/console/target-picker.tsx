'use client';
// Choose what to ask: a datamodel (dataset + preset + model in one name) or a
// dataset with a generation preset.
import { useEffect } from 'react';
import { Select } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/spinner';
import { errorMessage } from '@/components/ui/states';
import { cn } from '@/components/ui/cn';
import type { Target } from './types';
import { useDatamodels, useDatasets, usePresets } from './use-catalog';

export function TargetPicker({ target, onChange, disabled }: { target: Target | null; onChange: (target: Target) => void; disabled?: boolean }) {
  const datamodels = useDatamodels();
  const datasets = useDatasets();
  const presets = usePresets();

  // First visit: pick the first datamodel, else the first dataset.
  useEffect(() => {
    if (target || !datamodels.data || !datasets.data) return;
    const dm = datamodels.data[0];
    if (dm) onChange({ kind: 'datamodel', datamodelId: dm.id, datamodelName: dm.name, datasetId: dm.dataset.id });
    else if (datasets.data[0]) onChange({ kind: 'dataset', datasetId: datasets.data[0].id, datasetName: datasets.data[0].name, preset: presets.data?.[0]?.identifier ?? null });
  }, [target, datamodels.data, datasets.data, presets.data, onChange]);

  if (datamodels.isPending || datasets.isPending) return <Skeleton className="h-10 w-full max-w-xl" />;
  const failed = datamodels.error ?? datasets.error ?? presets.error;
  if (failed) return <p role="alert" className="text-sm text-red-700">Could not load what to ask: {errorMessage(failed)}</p>;

  const kind = target?.kind ?? 'datamodel';
  const tab = (value: Target['kind'], label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={kind === value}
      disabled={disabled}
      onClick={() => {
        if (value === kind) return;
        if (value === 'datamodel' && datamodels.data?.[0]) {
          const dm = datamodels.data[0];
          onChange({ kind: 'datamodel', datamodelId: dm.id, datamodelName: dm.name, datasetId: dm.dataset.id });
        } else if (value === 'dataset' && datasets.data?.[0]) {
          const ds = datasets.data.find((d) => d.id === target?.datasetId) ?? datasets.data[0];
          onChange({ kind: 'dataset', datasetId: ds.id, datasetName: ds.name, preset: presets.data?.[0]?.identifier ?? null });
        }
      }}
      className={cn('rounded px-3 py-1.5 text-sm font-medium', kind === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
    >
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <div role="radiogroup" aria-label="Ask against" className="inline-flex self-start rounded-md bg-slate-100 p-0.5">
        {tab('datamodel', 'Datamodel')}
        {tab('dataset', 'Dataset + preset')}
      </div>
      {kind === 'datamodel' ? (
        datamodels.data && datamodels.data.length > 0 ? (
          <label className="min-w-0 sm:w-96 sm:flex-none">
            <span className="sr-only">Datamodel</span>
            <Select
              value={target?.kind === 'datamodel' ? target.datamodelId : ''}
              disabled={disabled}
              onChange={(e) => {
                const dm = datamodels.data.find((d) => d.id === Number(e.target.value));
                if (dm) onChange({ kind: 'datamodel', datamodelId: dm.id, datamodelName: dm.name, datasetId: dm.dataset.id });
              }}
            >
              {datamodels.data.map((dm) => (
                <option key={dm.id} value={dm.id}>
                  {dm.name} · {dm.dataset.name}
                </option>
              ))}
            </Select>
          </label>
        ) : (
          <span className="text-sm text-slate-500">No datamodel yet: ask a dataset with a preset.</span>
        )
      ) : datasets.data && datasets.data.length > 0 ? (
        <>
          <label className="min-w-0 sm:w-56 sm:flex-none">
            <span className="sr-only">Dataset</span>
            <Select
              value={target?.kind === 'dataset' ? target.datasetId : ''}
              disabled={disabled}
              onChange={(e) => {
                const ds = datasets.data.find((d) => d.id === Number(e.target.value));
                if (ds) onChange({ kind: 'dataset', datasetId: ds.id, datasetName: ds.name, preset: target?.kind === 'dataset' ? target.preset : null });
              }}
            >
              {datasets.data.map((ds) => (
                <option key={ds.id} value={ds.id}>
                  {ds.name}
                </option>
              ))}
            </Select>
          </label>
          <label className="min-w-0 sm:w-56 sm:flex-none">
            <span className="sr-only">Preset</span>
            <Select
              value={target?.kind === 'dataset' ? (target.preset ?? '') : ''}
              disabled={disabled}
              onChange={(e) => target?.kind === 'dataset' && onChange({ ...target, preset: e.target.value || null })}
            >
              <option value="">Default preset</option>
              {(presets.data ?? []).map((p) => (
                <option key={p.id} value={p.identifier}>
                  {p.name === p.identifier ? p.identifier : `${p.name} (${p.identifier})`}
                </option>
              ))}
            </Select>
          </label>
        </>
      ) : (
        <span className="text-sm text-slate-500">No dataset yet: create one under Knowledge.</span>
      )}
    </div>
  );
}
