'use client';
// One dialog for every "type a name" action of the editors: create a dataset
// (with an optional description), add or rename a subject, rename a dataset.
import { useEffect, useState } from 'react';
import { Field, FormDialog, Input, Textarea, errorMessage } from '@/components/ui';
import type { EditorDialogProps } from './editor-dialog';

export function NameDialog({
  label = 'Name',
  initialName = '',
  withDescription = false,
  save,
  onSubmit,
  ...dialog
}: EditorDialogProps<{ name: string; description: string }> & {
  label?: string;
  initialName?: string;
  withDescription?: boolean;
}) {
  const { open, title } = dialog;
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState('');
  // Start fresh each time the dialog opens (it is reused for several items).
  useEffect(() => {
    if (open) {
      setName(initialName);
      setDescription('');
    }
  }, [open, initialName]);
  const formId = `name-dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <FormDialog
      {...dialog}
      formId={formId}
      // The error belongs to the name: it shows under its field, not below the form.
      save={{ ...save, error: null }}
      canSubmit={Boolean(name.trim())}
      onSubmit={() => {
        if (name.trim()) onSubmit({ name: name.trim(), description: description.trim() });
      }}
    >
      <Field label={label} error={save.error ? errorMessage(save.error) : undefined}>
        {(props) => <Input {...props} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required autoFocus />}
      </Field>
      {withDescription ? (
        <Field label="Description" hint="Optional: what this dataset holds.">
          {(props) => <Textarea {...props} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />}
        </Field>
      ) : null}
    </FormDialog>
  );
}
