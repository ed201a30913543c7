'use client';
// Create or edit a datamodel: a name people ask against (console picker,
// smartpages, the search API's `model`), over one dataset, with a preset
// and, unless the preset's own is right, another model.
import { useState } from 'react';
import { Field, Input, Select } from '@/components/ui/field';
import { NamedOptions } from '@/components/ui/named-options';
import { type EditDialogProps, editForm } from '@/components/ui/edit-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { errorMessage } from '@/components/ui/states';
import { useDatasets } from '@/components/console/use-catalog';
import { useSave, type DatamodelInput, type DatamodelRecord, type GenerativeModelRecord, type PresetRecord } from './use-models';

export function DatamodelDialog({
  presets,
  models,
  ...editing
}: EditDialogProps<DatamodelRecord> & { presets: PresetRecord[]; models: GenerativeModelRecord[] }) {
  const datamodel = editing.item;
  const datasets = useDatasets();
  const form = editForm(editing, useSave<Partial<DatamodelInput>, DatamodelRecord>('datamodels', datamodel?.id ?? null), 'datamodel', {
    title: 'New datamodel',
    submitLabel: 'Create datamodel',
  });
  const [name, setName] = useState(datamodel?.name ?? '');
  const [datasetId, setDatasetId] = useState<number | ''>(datamodel?.dataset.id ?? '');
  const [presetId, setPresetId] = useState<number | ''>(datamodel?.preset.id ?? presets[0]?.id ?? '');
  const preset = presets.find((p) => p.id === presetId);
  const followsPreset = datamodel ? presets.find((p) => p.id === datamodel.preset.id)?.generative_model_id === datamodel.generative_model_id : true;
  const [modelId, setModelId] = useState<number | ''>(datamodel && !followsPreset ? datamodel.generative_model_id : '');
  const chosenDataset = datasetId || datasets.data?.[0]?.id || '';

  return (
    <FormDialog
      {...form.dialog}
      description="What people pick in the console and what smartpages answer from."
      canSubmit={Boolean(name.trim() && chosenDataset && presetId)}
      onSubmit={() => {
        if (!chosenDataset || !preset) return;
        const model = modelId || (datamodel ? preset.generative_model_id : undefined);
        form.submit({ name: name.trim(), dataset_id: Number(chosenDataset), preset_id: preset.id, ...(model ? { generative_model_id: Number(model) } : {}) });
      }}
    >
      <Field label="Name">
        {(props) => (
          <Input {...props} autoFocus required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="Support assistant" />
        )}
      </Field>
      <Field
        label="Dataset"
        hint={datasets.data?.length === 0 ? 'Create a dataset on the Knowledge page first.' : datasets.error ? errorMessage(datasets.error) : undefined}
      >
        {(props) => (
          <Select {...props} required value={chosenDataset} onChange={(e) => setDatasetId(Number(e.target.value))} disabled={!datasets.data?.length}>
            <NamedOptions records={datasets.data ?? []} />
          </Select>
        )}
      </Field>
      <Field label="Preset" hint={presets.length === 0 ? 'Create a preset first.' : undefined}>
        {(props) => (
          <Select {...props} required value={presetId} onChange={(e) => setPresetId(Number(e.target.value))} disabled={!presets.length}>
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.identifier})
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Generative model">
        {(props) => (
          <Select {...props} value={modelId} onChange={(e) => setModelId(e.target.value ? Number(e.target.value) : '')}>
            <option value="">The preset’s model{preset ? ` (${preset.generative_model})` : ''}</option>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
                {m.scope === 'service' ? ' (service)' : ''}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </FormDialog>
  );
}
