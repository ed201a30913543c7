'use client';
// Making a dataset on /knowledge: one "New dataset" button for the page's
// header and its empty state, and the dialog it opens; a new dataset opens
// its own page.
import { Plus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button, useToast } from '@/components/ui';
import { useCreateDataset } from './api';
import { NameDialog } from './name-dialog';

export function useNewDataset() {
  const create = useCreateDataset();
  const [creating, setCreating] = useState(false);
  const router = useRouter();
  const toast = useToast();
  const start = () => {
    create.reset();
    setCreating(true);
  };
  const button = (
    <Button onClick={start}>
      <Plus className="size-4" aria-hidden="true" /> New dataset
    </Button>
  );
  const dialog = (
    <NameDialog
      open={creating}
      title="New dataset"
      submitLabel="Create dataset"
      withDescription
      save={create}
      onClose={() => setCreating(false)}
      onSubmit={({ name, description }) =>
        create.mutate(
          { name, ...(description ? { description } : {}) },
          {
            onSuccess: (dataset) => {
              setCreating(false);
              toast.success(`Dataset “${dataset.name}” created`);
              router.push(`/knowledge/${dataset.id}`);
            },
          },
        )
      }
    />
  );
  return { button, dialog };
}
