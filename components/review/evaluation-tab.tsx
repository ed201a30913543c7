'use client';
// Evaluation sets in the browser: create one from a CSV or JSON file, run it
// against a dataset or a datamodel with live progress, read the figures over
// time and which questions got better or worse since the previous run.
import { FlaskConical, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, EmptyState, Field, FormDialog, Input, LoadingBlock, QueryView, cn, formatNumber } from '@/components/ui';
import { SetDetail } from './evaluation-set-detail';
import { pct } from './evaluation-runs';
import { type EvaluationSetSummary, fileBody, useCreateSet, useEvaluationSets } from './use-evaluation';

export function EvaluationTab() {
  const sets = useEvaluationSets();
  const [selected, setSelected] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const current = selected ?? sets.data?.[0]?.id ?? null;
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <aside aria-label="Evaluation sets" className="space-y-3">
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden="true" /> New evaluation set
        </Button>
        <QueryView
          query={sets}
          loading={<LoadingBlock lines={3} label="Loading evaluation sets" />}
          errorTitle="Could not load the evaluation sets"
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-slate-500">No evaluation set yet.</p>}
        >
          {(list) => (
            <ul className="space-y-1.5">
              {list.map((s) => (
                <li key={s.id}>
                  <SetButton set={s} active={s.id === current} onSelect={() => setSelected(s.id)} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </aside>
      <section aria-label="Evaluation set" className="min-w-0">
        {current === null ? (
          <EmptyState
            icon={<FlaskConical className="size-8" />}
            title="Measure how well your knowledge answers"
            description="An evaluation set is a list of questions with the document that answers each. Run it against a dataset or datamodel to get recall@1, recall@5 and MRR@10 — no interaction is recorded and no credit spent."
            action={
              <Button onClick={() => setCreating(true)}>
                <Plus className="size-4" aria-hidden="true" /> New evaluation set
              </Button>
            }
          />
        ) : (
          <SetDetail key={current} id={current} onDeleted={() => setSelected(null)} />
        )}
      </section>
      {/* The dialog closes itself after a create (onClose), then shows the new set. */}
      <NewSetDialog open={creating} onClose={() => setCreating(false)} onCreated={setSelected} />
    </div>
  );
}

function SetButton({ set, active, onSelect }: { set: EvaluationSetSummary; active: boolean; onSelect: () => void }) {
  const run = set.last_run;
  return (
    <button
      type="button"
      aria-current={active || undefined}
      onClick={onSelect}
      className={cn(
        'w-full rounded-md border px-3 py-2 text-left text-sm',
        active ? 'border-indigo-400 bg-indigo-50' : 'border-slate-200 bg-white hover:bg-slate-50',
      )}
    >
      <span className="block truncate font-medium text-slate-900">{set.name}</span>
      <span className="block text-xs text-slate-500">
        {set.question_count === 1 ? '1 question' : `${formatNumber(set.question_count)} questions`}
        {run?.status === 'done' ? ` · R@1 ${pct(run.recall_at_1)}` : run ? ` · ${run.status}` : ''}
      </span>
    </button>
  );
}

function NewSetDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const create = useCreateSet();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const close = () => {
    create.reset();
    setName('');
    setFile(null);
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="New evaluation set"
      description="Questions and the source that answers each: a CSV (question, expected_sources, expected_answer; several sources separated by “ | ”) or a JSON list. Sources are content ids, links or content names."
      formId="new-evaluation-set"
      save={create}
      submitLabel="Create set"
      canSubmit={Boolean(name.trim())}
      onSubmit={async () => {
        const body = file ? await fileBody(file) : null;
        create.mutate(
          { name: name.trim(), file: body },
          {
            onSuccess: (set) => {
              close();
              onCreated(set.id);
            },
          },
        );
      }}
    >
      <Field label="Name">{(props) => <Input {...props} value={name} maxLength={200} required autoFocus onChange={(e) => setName(e.target.value)} />}</Field>
      <Field label="Questions file (optional)" hint="CSV or JSON, up to 2,000 questions. You can also import later.">
        {(props) => <Input {...props} type="file" accept=".csv,.json,text/csv,application/json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
      </Field>
    </FormDialog>
  );
}
