'use client';
// Create or edit a preset: its identifier (what the search API's
// `generational_presset` names), a readable name, the model, the prompt
// template and the retrieval and generation parameters.
import { useState } from 'react';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { type EditDialogProps, editForm } from '@/components/ui/edit-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { useSave, type GenerativeModelRecord, type PresetInput, type PresetRecord } from './use-models';
import { DEFAULT_PROMPT_TEMPLATE } from '@/lib/generation/prompt-template';

const PARAMETERS = [
  ['top_k', 'Passages (top-k)', '1–50; default 5', 1, 50, 1],
  ['min_score', 'Minimum score', '0–1; default 0', 0, 1, 0.05],
  ['temperature', 'Temperature', '0–2; provider default when empty', 0, 2, 0.1],
  ['max_tokens', 'Max answer tokens', 'Provider default when empty', 1, 32000, 1],
] as const;

type ParameterKey = (typeof PARAMETERS)[number][0];

export function PresetDialog({ models, ...editing }: EditDialogProps<PresetRecord> & { models: GenerativeModelRecord[] }) {
  const preset = editing.item;
  const form = editForm(editing, useSave<PresetInput, PresetRecord>('presets', preset?.id ?? null), 'preset', {
    title: 'New preset',
    submitLabel: 'Create preset',
  });
  const [identifier, setIdentifier] = useState(preset?.identifier ?? '');
  const [name, setName] = useState(preset?.name ?? '');
  const [modelId, setModelId] = useState<number | ''>(preset?.generative_model_id ?? models.find((m) => m.scope === 'project')?.id ?? models[0]?.id ?? '');
  const [template, setTemplate] = useState(preset?.prompt_template ?? DEFAULT_PROMPT_TEMPLATE);
  const [params, setParams] = useState<Record<ParameterKey, string>>(() => {
    const p = preset?.parameters ?? { top_k: 5, min_score: 0 };
    return {
      top_k: p.top_k?.toString() ?? '',
      min_score: p.min_score?.toString() ?? '',
      temperature: p.temperature?.toString() ?? '',
      max_tokens: p.max_tokens?.toString() ?? '',
    };
  });

  return (
    <FormDialog
      {...form.dialog}
      width="lg"
      description="How answers are written: which model, which prompt, how many passages."
      canSubmit={Boolean(identifier.trim() && modelId && template.trim())}
      onSubmit={() => {
        const parameters = Object.fromEntries(PARAMETERS.filter(([key]) => params[key].trim() !== '').map(([key]) => [key, Number(params[key])]));
        form.submit({
          identifier: identifier.trim(),
          name: name.trim() || identifier.trim(),
          generative_model_id: Number(modelId),
          prompt_template: template,
          parameters,
        });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Identifier" hint="What API calls name (generational_presset).">
          {(props) => (
            <Input
              {...props}
              autoFocus
              required
              maxLength={100}
              value={identifier}
              onChange={(e) => setIdentifier(e.target.value)}
              placeholder="support"
              className="font-mono"
            />
          )}
        </Field>
        <Field label="Name" hint="Shown in the console. Empty: the identifier.">
          {(props) => <Input {...props} maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="Support answers" />}
        </Field>
      </div>
      <Field label="Generative model">
        {(props) => (
          <Select {...props} required value={modelId} onChange={(e) => setModelId(Number(e.target.value))}>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} · {m.provider === 'openai' ? 'OpenAI-compatible' : 'extractive'}
                {m.scope === 'service' ? ' (service)' : ''}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Prompt template"
        hint="{context} becomes the numbered passages, {question} the question, {history} earlier turns. Missing ones are appended."
      >
        {(props) => (
          <Textarea {...props} rows={7} maxLength={20000} value={template} onChange={(e) => setTemplate(e.target.value)} className="font-mono text-xs" />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {PARAMETERS.map(([key, label, hint, min, max, step]) => (
          <Field key={key} label={label} hint={hint}>
            {(props) => (
              <Input
                {...props}
                type="number"
                inputMode="decimal"
                min={min}
                max={max}
                step={step}
                value={params[key]}
                onChange={(e) => setParams({ ...params, [key]: e.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
    </FormDialog>
  );
}
