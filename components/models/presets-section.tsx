'use client';
// The project's presets: model, prompt template and parameters.
import { SlidersHorizontal } from 'lucide-react';
import { useEditDialog } from '@/components/ui/edit-dialog';
import { type EditDeleteActions, EditDeleteButtons } from '@/components/ui/edit-delete';
import { PresetDialog } from './preset-dialog';
import { Facts, Row, Section, useDeleteConfirmation } from './parts';
import { useGenerativeModels, usePresetSettings, type PresetRecord } from './use-models';

function parameterSummary(p: PresetRecord['parameters']): string {
  const parts = [
    p.top_k !== undefined ? `top-k ${p.top_k}` : null,
    p.min_score !== undefined ? `min score ${p.min_score}` : null,
    p.temperature !== undefined ? `temperature ${p.temperature}` : null,
    p.max_tokens !== undefined ? `max ${p.max_tokens} tokens` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'defaults';
}

/** A preset: its model, parameters and prompt (folded), and how many datamodels use it. */
function PresetRow({ preset: p, ...actions }: { preset: PresetRecord } & EditDeleteActions) {
  return (
    <Row testId="preset-row" actions={<EditDeleteButtons name={p.name} {...actions} />}>
      <h3 className="break-words font-medium text-slate-900">
        {p.name} <code className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-normal text-slate-600">{p.identifier}</code>
      </h3>
      <Facts
        items={[
          ['Model', p.generative_model],
          ['Parameters', parameterSummary(p.parameters)],
          [
            'Prompt',
            <details className="group">
              <summary className="cursor-pointer truncate text-slate-600 hover:text-slate-900">{p.prompt_template.split('\n')[0] || 'Template'}</summary>
              <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs text-slate-700">
                {p.prompt_template}
              </pre>
            </details>,
          ],
          [
            'Used by',
            p.used_by.datamodels ? (
              `${p.used_by.datamodels} datamodel${p.used_by.datamodels === 1 ? '' : 's'}`
            ) : (
              <span className="text-slate-500">no datamodel</span>
            ),
          ],
        ]}
      />
    </Row>
  );
}

export function PresetsSection() {
  const presets = usePresetSettings();
  const models = useGenerativeModels();
  const editor = useEditDialog<PresetRecord>({ created: (saved) => `${saved.name} created` });
  const remove = useDeleteConfirmation('presets', 'preset');
  const noModels = models.data?.length === 0;
  return (
    <>
      <Section
        title="Presets"
        description="How answers are written: a model, a prompt template and how many passages to use."
        create={{ label: 'New preset', onClick: editor.create, blocked: noModels ? 'Create a generative model first' : !models.data }}
        query={presets}
        empty={{ icon: <SlidersHorizontal className="size-8" />, description: 'A preset picks the model and prompt a datamodel answers with.' }}
      >
        {(items) =>
          items.map((p) => (
            <PresetRow
              key={p.id}
              preset={p}
              editDisabled={!models.data}
              onEdit={() => editor.edit(p)}
              onDelete={() => remove.ask({ id: p.id, name: p.name })}
            />
          ))
        }
      </Section>
      {editor.dialog((editing) => (models.data ? <PresetDialog {...editing} models={models.data} /> : null))}
      {remove.dialog}
    </>
  );
}
