'use client';
// The generative models a project may use: the service's (read-only here)
// and its own, each with its provider, address, key variable and fees, and
// a connection test.
import { Cpu, Plug } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useEditDialog } from '@/components/ui/edit-dialog';
import { type EditDeleteActions, EditDeleteButtons } from '@/components/ui/edit-delete';
import { ConnectionResult } from './connection-result';
import { ModelDialog } from './model-dialog';
import { Facts, Row, Section, useDeleteConfirmation } from './parts';
import { useConnectionTest, useGenerativeModels, type GenerativeModelRecord } from './use-models';

const fee = (n: number) => `×${Number(n.toFixed(2))}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function ModelRow({ model, ...actions }: { model: GenerativeModelRecord } & EditDeleteActions) {
  const test = useConnectionTest();
  const own = model.scope === 'project';
  const uses = model.used_by.presets + model.used_by.datamodels;
  return (
    <Row
      testId="model-row"
      actions={
        <>
          <Button variant="ghost" size="sm" loading={test.isPending} onClick={() => test.mutate(model.id)} aria-label={`Test the connection of ${model.name}`}>
            <Plug className="size-4" aria-hidden="true" /> Test
          </Button>
          {own ? <EditDeleteButtons name={model.name} {...actions} /> : null}
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 break-words font-medium text-slate-900">{model.name}</h3>
        <Badge tone={model.provider === 'openai' ? 'info' : 'neutral'}>{model.provider === 'openai' ? 'OpenAI-compatible' : 'Extractive'}</Badge>
        {own ? null : <Badge>Service</Badge>}
      </div>
      <Facts
        items={[
          model.base_url ? ['Base URL', <span className="break-all font-mono text-xs">{model.base_url}</span>] : null,
          model.provider === 'openai' && model.provider_model ? ['Model', model.provider_model] : null,
          model.api_key_env
            ? [
                'Key variable',
                <span className="flex flex-wrap items-center gap-2">
                  <code className="break-all font-mono text-xs">{model.api_key_env}</code>
                  {model.api_key_set ? <Badge tone="success">set</Badge> : <Badge tone="warning">not set on the server</Badge>}
                </span>,
              ]
            : own && model.provider === 'openai'
              ? ['Key variable', <span className="text-slate-500">none (no key sent)</span>]
              : null,
          !own && model.provider === 'openai' ? ['Connection', <span className="text-slate-500">set up by the operator</span>] : null,
          ['Fees', `${fee(model.fee_search)} search · ${fee(model.fee_stream)} stream · ${fee(model.fee_deepsearch)} deep search`],
          [
            'Used by',
            uses ? (
              `${plural(model.used_by.presets, 'preset')}, ${plural(model.used_by.datamodels, 'datamodel')}`
            ) : (
              <span className="text-slate-500">nothing in this project</span>
            ),
          ],
        ]}
      />
      <ConnectionResult result={test.data} error={test.error ?? undefined} className="mt-3" />
    </Row>
  );
}

export function ModelsSection() {
  const models = useGenerativeModels();
  const editor = useEditDialog<GenerativeModelRecord>({ created: (saved) => `${saved.name} created` });
  const remove = useDeleteConfirmation('generative_models', 'model');
  return (
    <>
      <Section
        title="Generative models"
        description="Who writes the answers. The service's models are shared by every project; yours are this project's own."
        create={{ label: 'New model', onClick: editor.create }}
        query={models}
        empty={{
          icon: <Cpu className="size-8" />,
          title: 'No generative models',
          description: 'Add an OpenAI-compatible provider, or use the built-in extractive one.',
        }}
      >
        {(items) => items.map((m) => <ModelRow key={m.id} model={m} onEdit={() => editor.edit(m)} onDelete={() => remove.ask(m)} />)}
      </Section>
      {editor.dialog((editing) => (
        <ModelDialog {...editing} />
      ))}
      {remove.dialog}
    </>
  );
}
