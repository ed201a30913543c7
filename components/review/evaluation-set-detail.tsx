'use client';
// One evaluation set: its questions (import, export, delete), a run against
// a dataset or datamodel with live progress, and its runs (evaluation-runs.tsx).
import { Download, Play, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  ConfirmDialog,
  ErrorState,
  LoadingCard,
  Select,
  errorMessage,
  formatDateTime,
  formatNumber,
  useToast,
} from '@/components/ui';
import { useDatasets } from '@/components/knowledge/api';
import { useDatamodels } from '@/components/console/use-catalog';
import { RunsCard } from './evaluation-runs';
import { downloadExport, fileBody, useDeleteSet, useEvaluationSet, useImportQuestions, useRuns, useStartRun } from './use-evaluation';

export function SetDetail({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const set = useEvaluationSet(id);
  const runs = useRuns(id);
  const importQuestions = useImportQuestions(id);
  const remove = useDeleteSet();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState(false);
  if (set.isPending) return <LoadingCard lines={5} label="Loading the evaluation set" />;
  if (set.isError) return <ErrorState error={set.error} title="Could not load this evaluation set" onRetry={() => set.refetch()} />;
  const data = set.data;
  const download = (format: 'csv' | 'json') => downloadExport(id, format).catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title={data.name}
          description={`${data.question_count === 1 ? '1 question' : `${formatNumber(data.question_count)} questions`} · updated ${formatDateTime(data.updated_at)}`}
          actions={
            <div className="flex flex-wrap gap-2">
              <input
                ref={fileInput}
                type="file"
                accept=".csv,.json,text/csv,application/json"
                className="sr-only"
                aria-label="Import questions from a file"
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  importQuestions.mutate(await fileBody(file), {
                    onSuccess: (s) => toast.success(`${formatNumber(s.question_count)} questions imported`),
                    onError: (error) => toast.error(errorMessage(error)),
                  });
                }}
              />
              <Button size="sm" variant="secondary" loading={importQuestions.isPending} onClick={() => fileInput.current?.click()}>
                <Upload className="size-4" aria-hidden="true" /> Import
              </Button>
              <Button size="sm" variant="secondary" onClick={() => download('csv')}>
                <Download className="size-4" aria-hidden="true" /> CSV
              </Button>
              <Button size="sm" variant="secondary" onClick={() => download('json')}>
                <Download className="size-4" aria-hidden="true" /> JSON
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDeleting(true)} aria-label={`Delete the set “${data.name}”`}>
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          }
        />
        <CardBody>
          <RunForm setId={id} disabled={data.question_count === 0} />
        </CardBody>
      </Card>
      {runs.data && runs.data.length > 0 ? <RunsCard setId={id} runs={runs.data} /> : null}
      <ConfirmDialog
        open={deleting}
        title={`Delete “${data.name}”?`}
        description="Its questions and every run go with it."
        confirmLabel="Delete set"
        pending={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(false);
              onDeleted();
            },
          })
        }
      />
    </div>
  );
}

function RunForm({ setId, disabled }: { setId: number; disabled: boolean }) {
  const datamodels = useDatamodels();
  const datasets = useDatasets();
  const start = useStartRun(setId);
  const [target, setTarget] = useState('');
  const options = [
    ...(datamodels.data ?? []).map((d) => ({ value: `datamodel:${d.id}`, label: `Datamodel · ${d.name}` })),
    ...(datasets.data ?? []).map((d) => ({ value: `dataset:${d.id}`, label: `Dataset · ${d.name}` })),
  ];
  const chosen = target || options[0]?.value || '';
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label="Run the set"
      onSubmit={(e) => {
        e.preventDefault();
        const [kind, id] = chosen.split(':');
        start.mutate(kind === 'datamodel' ? { datamodel_id: Number(id) } : { dataset_id: Number(id) });
      }}
    >
      <label className="min-w-0 flex-1 text-xs font-medium text-slate-600 sm:max-w-sm">
        Run against
        <Select className="mt-1" value={chosen} onChange={(e) => setTarget(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </label>
      <Button type="submit" loading={start.isPending} disabled={disabled || !chosen}>
        <Play className="size-4" aria-hidden="true" /> Run
      </Button>
      {disabled ? <p className="w-full text-xs text-slate-500">Import questions first.</p> : null}
      {start.error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {errorMessage(start.error)}
        </p>
      ) : null}
    </form>
  );
}
