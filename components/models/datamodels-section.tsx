'use client';
// The project's datamodels: dataset, preset and model, and where they are published.
import { Boxes, MessageSquareText } from 'lucide-react';
import Link from 'next/link';
import { useEditDialog } from '@/components/ui/edit-dialog';
import { type EditDeleteActions, EditDeleteButtons } from '@/components/ui/edit-delete';
import { DatamodelDialog } from './datamodel-dialog';
import { Facts, Row, Section, useDeleteConfirmation } from './parts';
import { useDatamodelSettings, useGenerativeModels, usePresetSettings, type DatamodelRecord } from './use-models';

/** A datamodel: what it answers from and with, where it is published, and a way to ask it. */
function DatamodelRow({ datamodel: d, ...actions }: { datamodel: DatamodelRecord } & EditDeleteActions) {
  return (
    <Row
      testId="datamodel-row"
      actions={
        <>
          <Link href="/console" className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
            <MessageSquareText className="size-4" aria-hidden="true" /> Ask<span className="sr-only"> in the console</span>
          </Link>
          <EditDeleteButtons name={d.name} {...actions} />
        </>
      }
    >
      <h3 className="break-words font-medium text-slate-900">{d.name}</h3>
      <Facts
        items={[
          [
            'Dataset',
            <Link href={`/knowledge/${d.dataset.id}`} className="text-indigo-700 hover:underline">
              {d.dataset.name}
            </Link>,
          ],
          ['Preset', `${d.preset.name} (${d.preset.identifier})`],
          ['Model', d.generative_model],
          ['Smartpages', d.used_by.smartpages ? `${d.used_by.smartpages} published` : <span className="text-slate-500">none</span>],
        ]}
      />
    </Row>
  );
}

export function DatamodelsSection() {
  const datamodels = useDatamodelSettings();
  const presets = usePresetSettings();
  const models = useGenerativeModels();
  const editor = useEditDialog<DatamodelRecord>({ created: (saved) => `${saved.name} created: ask it in the console` });
  const remove = useDeleteConfirmation('datamodels', 'datamodel');
  const ready = Boolean(presets.data && models.data);
  const noPresets = presets.data?.length === 0;
  return (
    <>
      <Section
        title="Datamodels"
        description="What people ask against in the console, on smartpages and through the search API (its model field)."
        create={{ label: 'New datamodel', onClick: editor.create, blocked: noPresets ? 'Create a preset first' : !ready }}
        query={datamodels}
        empty={{ icon: <Boxes className="size-8" />, description: 'A datamodel pairs a dataset with a preset so people can ask it questions.' }}
      >
        {(items) =>
          items.map((d) => <DatamodelRow key={d.id} datamodel={d} editDisabled={!ready} onEdit={() => editor.edit(d)} onDelete={() => remove.ask(d)} />)
        }
      </Section>
      {editor.dialog((editing) => (presets.data && models.data ? <DatamodelDialog {...editing} presets={presets.data} models={models.data} /> : null))}
      {remove.dialog}
    </>
  );
}
