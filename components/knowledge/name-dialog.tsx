'use client';
// One dialog for every "type a name" action of the editors: create a dataset
// (with an optional description), add or rename a subject, rename a dataset.
import { useEffect, useState } from 'react';
import { Field, FormDialog, Input, Textarea, errorMessage } from '@/components/ui';

export function NameDialog({
  open,
  title,
  label = 'Name',
  initialName = '',
  withDescription = false,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  label?: string;
  initialName?: string;
  withDescription?: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: { name: string; description: string }) => void;
  onClose: () => void;
}) {
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
      open={open}
      onClose={onClose}
      title={title}
      formId={formId}
      // The error belongs to the name: it shows under its field, not below the form.
      save={{ isPending: pending, error: null, reset: () => undefined }}
      submitLabel={submitLabel}
      canSubmit={Boolean(name.trim())}
      onSubmit={() => {
        if (name.trim()) onSubmit({ name: name.trim(), description: description.trim() });
      }}
    >
      <Field label={label} error={error ? errorMessage(error) : undefined}>
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
