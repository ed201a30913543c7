'use client';
// The curated answers tab of /review: every curated answer of the project,
// to write, edit or delete.
import { PenLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, ListQueryView, formatDateTime, useToast } from '@/components/ui';
import { useConfirmAction } from '@/components/ui/confirm-action';
import { useDatasets } from '@/components/knowledge/api';
import { CuratedDialog } from './curated-dialog';
import { type CuratedAnswer, useCuratedAnswers, useDeleteCurated } from './use-review';

export function CuratedList() {
  const curated = useCuratedAnswers();
  const datasets = useDatasets();
  const toast = useToast();
  const [editing, setEditing] = useState<CuratedAnswer | null>(null);
  const [creating, setCreating] = useState(false);
  const remove = useConfirmAction<CuratedAnswer>({
    action: useDeleteCurated(),
    title: () => 'Delete this curated answer?',
    description: 'Searches stop finding it at once. Questions it answered may show up in the review queue again.',
    confirmLabel: 'Delete answer',
    done: () => 'Curated answer deleted',
  });
  const datasetName = (id: number) => datasets.data?.find((d) => d.id === id)?.name ?? `Dataset ${id}`;
  return (
    <>
      <div className="mb-4">
        <Button size="sm" onClick={() => setCreating(true)}>
          <PenLine className="size-4" aria-hidden="true" /> New curated answer
        </Button>
      </div>
      <ListQueryView
        query={curated}
        noun="curated answers"
        empty={{ icon: <PenLine className="size-8" />, description: 'Write one from a question in the review queue, or start a new one.' }}
      >
        {(list) => (
          <ul className="space-y-3" aria-label="Curated answers">
            {list.map((c) => (
              <li key={c.id}>
                <CuratedCard answer={c} datasetName={datasetName(c.dataset_id)} onEdit={() => setEditing(c)} onDelete={() => remove.ask(c)} />
              </li>
            ))}
          </ul>
        )}
      </ListQueryView>
      <CuratedDialog
        open={editing !== null || creating}
        editing={editing}
        draft={creating ? { question: '', datasetId: null } : null}
        onClose={() => {
          setEditing(null);
          setCreating(false);
        }}
        onSaved={() => {
          toast.success(editing ? 'Curated answer saved' : 'Curated answer published');
          setEditing(null);
          setCreating(false);
        }}
      />
      {remove.dialog}
    </>
  );
}

/** A curated answer: its question, dataset and last change, the answer's start, and the buttons to edit or delete it. */
function CuratedCard({ answer, datasetName, onEdit, onDelete }: { answer: CuratedAnswer; datasetName: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="break-words font-medium text-slate-900">{answer.question}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            {datasetName} · updated {formatDateTime(answer.updated_at)}
          </p>
        </div>
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit the answer to “${answer.question}”`}>
            <PenLine className="size-4" aria-hidden="true" /> Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete the answer to “${answer.question}”`}>
            <Trash2 className="size-4" aria-hidden="true" /> Delete
          </Button>
        </div>
      </div>
      <p className="mt-2 line-clamp-4 whitespace-pre-line text-sm text-slate-700">{answer.answer}</p>
    </Card>
  );
}
