'use client';
// Choose what to ask: a datamodel (dataset + preset + model in one name) or a
// dataset with a generation preset.
import { useEffect, useId } from 'react';
import { Select } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/spinner';
import { errorMessage } from '@/components/ui/states';
import { cn } from '@/components/ui/cn';
import { NamedOptions } from '@/components/ui/named-options';
import type { Target } from './types';
import { useDatamodels, useDatasets, usePresets, type DatasetItem } from './use-catalog';
import type { DatamodelListItem, PresetListItem } from '@/lib/console/catalog';

function stillExists(target: Target, datamodels: DatamodelListItem[], datasets: DatasetItem[]): boolean {
  return target.kind === 'datamodel'
    ? datamodels.some((d) => d.id === target.datamodelId)
    : datasets.some((d) => d.id === target.datasetId && d.name === target.datasetName);
}

const datamodelTarget = (dm: DatamodelListItem): Target => ({ kind: 'datamodel', datamodelId: dm.id, datamodelName: dm.name, datasetId: dm.dataset.id });

/** The preset a dataset is asked with unless the person picks another: the server's own choice ("default", else the first). */
function defaultPreset(presets: PresetListItem[] | undefined): string | null {
  return (presets?.find((p) => p.identifier === 'default') ?? presets?.[0])?.identifier ?? null;
}

/** Readable names; the identifier only where two presets share a name. */
function presetLabel(preset: PresetListItem, all: PresetListItem[]): string {
  const shared = all.filter((p) => p.name === preset.name).length > 1;
  return shared ? `${preset.name} (${preset.identifier})` : preset.name;
}

/**
 * A select beside its visible label, tied to it by id: the select's accessible
 * name is the label alone. `wide`: room for longer names ("datamodel · dataset").
 */
function LabelledSelect({ label, wide = false, ...select }: React.ComponentProps<typeof Select> & { label: string; wide?: boolean }) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 items-center gap-2 sm:w-auto', wide ? 'sm:min-w-72 sm:max-w-md' : 'sm:min-w-56 sm:max-w-xs')}>
      <label htmlFor={id} className="shrink-0 text-xs font-medium text-slate-500">
        {label}
      </label>
      <Select id={id} {...select} />
    </div>
  );
}

/** `ready`: the remembered choice has been read, so an empty target really means "nothing chosen yet". */
export function TargetPicker({
  target,
  onChange,
  disabled,
  ready = true,
}: {
  target: Target | null;
  onChange: (target: Target) => void;
  disabled?: boolean;
  ready?: boolean;
}) {
  const datamodels = useDatamodels();
  const datasets = useDatasets();
  const presets = usePresets();

  // First visit, or a remembered choice that no longer exists: the first datamodel, else the first dataset.
  useEffect(() => {
    if (!ready || !datamodels.data || !datasets.data || !presets.data) return;
    if (target && stillExists(target, datamodels.data, datasets.data)) return;
    const dm = datamodels.data[0];
    if (dm) onChange(datamodelTarget(dm));
    else if (datasets.data[0])
      onChange({ kind: 'dataset', datasetId: datasets.data[0].id, datasetName: datasets.data[0].name, preset: defaultPreset(presets.data) });
  }, [ready, target, datamodels.data, datasets.data, presets.data, onChange]);

  if (datamodels.isPending || datasets.isPending) return <Skeleton className="h-10 w-full max-w-xl" />;
  const failed = datamodels.error ?? datasets.error ?? presets.error;
  if (failed)
    return (
      <p role="alert" className="text-sm text-red-700">
        Could not load what to ask: {errorMessage(failed)}
      </p>
    );

  const kind = target?.kind ?? 'datamodel';
  /** Switches what to ask against; false when there is nothing of that kind to pick. */
  const choose = (value: Target['kind']): boolean => {
    if (value === kind) return true;
    if (value === 'datamodel' && datamodels.data?.[0]) {
      const dm = datamodels.data[0];
      onChange(datamodelTarget(dm));
      return true;
    }
    if (value === 'dataset' && datasets.data?.[0]) {
      const ds = datasets.data.find((d) => d.id === target?.datasetId) ?? datasets.data[0];
      onChange({ kind: 'dataset', datasetId: ds.id, datasetName: ds.name, preset: defaultPreset(presets.data) });
      return true;
    }
    return false;
  };
  const pickDatamodel = (value: string) => {
    const dm = datamodels.data?.find((d) => d.id === Number(value));
    if (dm) onChange(datamodelTarget(dm));
  };
  const pickDataset = (value: string) => {
    const ds = datasets.data?.find((d) => d.id === Number(value));
    if (ds) onChange({ kind: 'dataset', datasetId: ds.id, datasetName: ds.name, preset: target?.kind === 'dataset' ? target.preset : null });
  };
  const tab = (value: Target['kind'], label: string) => (
    // biome-ignore lint/a11y/useSemanticElements: a segmented control of two buttons with the radio role and the radio group's keys (one tab stop, arrows switch); native radios would be hidden inputs under styled labels for the same look.
    <button
      type="button"
      role="radio"
      aria-checked={kind === value}
      tabIndex={kind === value ? 0 : -1}
      data-kind={value}
      disabled={disabled}
      onClick={() => choose(value)}
      className={cn('rounded px-3 py-1.5 text-sm font-medium', kind === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
    >
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <div
        role="radiogroup"
        aria-label="Ask against"
        className="inline-flex self-start rounded-md bg-slate-100 p-0.5"
        onKeyDown={(event) => {
          // A radio group's keys: with two choices every arrow goes to the other one, and the focus follows.
          if (disabled || !['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
          event.preventDefault();
          const next = kind === 'datamodel' ? 'dataset' : 'datamodel';
          if (choose(next)) event.currentTarget.querySelector<HTMLButtonElement>(`[data-kind="${next}"]`)?.focus();
        }}
      >
        {tab('datamodel', 'Datamodel')}
        {tab('dataset', 'Dataset + preset')}
      </div>
      {kind === 'datamodel' ? (
        datamodels.data && datamodels.data.length > 0 ? (
          <LabelledSelect
            label="Datamodel"
            wide
            value={target?.kind === 'datamodel' ? target.datamodelId : ''}
            disabled={disabled}
            onChange={(e) => pickDatamodel(e.target.value)}
          >
            {datamodels.data.map((dm) => (
              <option key={dm.id} value={dm.id}>
                {dm.name} · {dm.dataset.name}
              </option>
            ))}
          </LabelledSelect>
        ) : (
          <span className="text-sm text-slate-500">No datamodel yet: ask a dataset with a preset.</span>
        )
      ) : datasets.data && datasets.data.length > 0 ? (
        <>
          <LabelledSelect
            label="Dataset"
            value={target?.kind === 'dataset' ? target.datasetId : ''}
            disabled={disabled}
            onChange={(e) => pickDataset(e.target.value)}
          >
            <NamedOptions records={datasets.data} />
          </LabelledSelect>
          <LabelledSelect
            label="Preset"
            value={target?.kind === 'dataset' ? (target.preset ?? defaultPreset(presets.data) ?? '') : ''}
            disabled={disabled}
            onChange={(e) => target?.kind === 'dataset' && onChange({ ...target, preset: e.target.value || null })}
          >
            {presets.data && presets.data.length > 0 ? (
              presets.data.map((p) => (
                <option key={p.id} value={p.identifier}>
                  {presetLabel(p, presets.data)}
                </option>
              ))
            ) : (
              <option value="">Built-in answers</option>
            )}
          </LabelledSelect>
        </>
      ) : (
        <span className="text-sm text-slate-500">No dataset yet: create one under Knowledge.</span>
      )}
    </div>
  );
}
