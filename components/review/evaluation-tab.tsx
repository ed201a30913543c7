'use client';
// Evaluation sets in the browser: create one from a CSV or JSON file, run it
// against a dataset or a datamodel with live progress, read the figures over
// time and which questions got better or worse since the previous run.
import { Download, FlaskConical, Play, Plus, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { CartesianGrid, Label, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Badge, Button, Card, CardBody, CardHeader, ConfirmDialog, Dialog, EmptyState, ErrorState, Field, Input, LoadingBlock, Select, cn, errorMessage, formatDateTime, formatNumber, useToast } from '@/components/ui';
import { useDatasets } from '@/components/knowledge/api';
import { useDatamodels } from '@/components/console/use-catalog';
import { compareRuns } from './run-compare';
import {
  type EvaluationSetSummary,
  type RunSummary,
  downloadExport,
  fileBody,
  useCreateSet,
  useDeleteSet,
  useEvaluationSet,
  useEvaluationSets,
  useImportQuestions,
  useRun,
  useRuns,
  useStartRun,
} from './use-evaluation';

const pct = (x: number) => `${formatNumber(x * 100, { maximumFractionDigits: 1 })} %`;

export function EvaluationTab() {
  const sets = useEvaluationSets();
  const [selected, setSelected] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const current = selected ?? sets.data?.[0]?.id ?? null;
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <aside aria-label="Evaluation sets" className="space-y-3">
        <Button size="sm" onClick={() => setCreating(true)}><Plus className="size-4" aria-hidden="true" /> New evaluation set</Button>
        {sets.isPending ? (
          <LoadingBlock lines={3} label="Loading evaluation sets" />
        ) : sets.isError ? (
          <ErrorState error={sets.error} title="Could not load the evaluation sets" onRetry={() => sets.refetch()} />
        ) : sets.data.length === 0 ? (
          <p className="text-sm text-slate-500">No evaluation set yet.</p>
        ) : (
          <ul className="space-y-1.5">
            {sets.data.map((s) => (
              <li key={s.id}>
                <SetButton set={s} active={s.id === current} onSelect={() => setSelected(s.id)} />
              </li>
            ))}
          </ul>
        )}
      </aside>
      <section aria-label="Evaluation set" className="min-w-0">
        {current === null ? (
          <EmptyState
            icon={<FlaskConical className="size-8" />}
            title="Measure how well your knowledge answers"
            description="An evaluation set is a list of questions with the document that answers each. Run it against a dataset or datamodel to get recall@1, recall@5 and MRR@10 — no interaction is recorded and no credit spent."
            action={<Button onClick={() => setCreating(true)}><Plus className="size-4" aria-hidden="true" /> New evaluation set</Button>}
          />
        ) : (
          <SetDetail key={current} id={current} onDeleted={() => setSelected(null)} />
        )}
      </section>
      <NewSetDialog open={creating} onClose={() => setCreating(false)} onCreated={(id) => { setCreating(false); setSelected(id); }} />
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
      className={cn('w-full rounded-md border px-3 py-2 text-left text-sm', active ? 'border-indigo-400 bg-indigo-50' : 'border-slate-200 bg-white hover:bg-slate-50')}
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
    <Dialog
      open={open}
      onClose={close}
      title="New evaluation set"
      description="Questions and the source that answers each: a CSV (question, expected_sources, expected_answer; several sources separated by “ | ”) or a JSON list. Sources are content ids, links or content names."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>Cancel</Button>
          <Button type="submit" form="new-evaluation-set" loading={create.isPending} disabled={!name.trim()}>Create set</Button>
        </>
      }
    >
      <form
        id="new-evaluation-set"
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault();
          const body = file ? await fileBody(file) : null;
          create.mutate({ name: name.trim(), file: body }, { onSuccess: (set) => { close(); onCreated(set.id); } });
        }}
      >
        <Field label="Name">{(props) => <Input {...props} value={name} maxLength={200} required autoFocus onChange={(e) => setName(e.target.value)} />}</Field>
        <Field label="Questions file (optional)" hint="CSV or JSON, up to 2,000 questions. You can also import later.">
          {(props) => <Input {...props} type="file" accept=".csv,.json,text/csv,application/json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
        </Field>
        {create.error ? <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{errorMessage(create.error)}</p> : null}
      </form>
    </Dialog>
  );
}

function SetDetail({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const set = useEvaluationSet(id);
  const runs = useRuns(id);
  const importQuestions = useImportQuestions(id);
  const remove = useDeleteSet();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState(false);
  if (set.isPending) return <Card className="p-5"><LoadingBlock lines={5} label="Loading the evaluation set" /></Card>;
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
              <Button size="sm" variant="secondary" loading={importQuestions.isPending} onClick={() => fileInput.current?.click()}><Upload className="size-4" aria-hidden="true" /> Import</Button>
              <Button size="sm" variant="secondary" onClick={() => download('csv')}><Download className="size-4" aria-hidden="true" /> CSV</Button>
              <Button size="sm" variant="secondary" onClick={() => download('json')}><Download className="size-4" aria-hidden="true" /> JSON</Button>
              <Button size="sm" variant="ghost" onClick={() => setDeleting(true)} aria-label={`Delete the set “${data.name}”`}><Trash2 className="size-4" aria-hidden="true" /></Button>
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
        onConfirm={() => remove.mutate(id, { onSuccess: () => { setDeleting(false); onDeleted(); } })}
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
          {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </Select>
      </label>
      <Button type="submit" loading={start.isPending} disabled={disabled || !chosen}><Play className="size-4" aria-hidden="true" /> Run</Button>
      {disabled ? <p className="w-full text-xs text-slate-500">Import questions first.</p> : null}
      {start.error ? <p role="alert" className="w-full text-sm text-red-700">{errorMessage(start.error)}</p> : null}
    </form>
  );
}

function RunsCard({ setId, runs }: { setId: number; runs: RunSummary[] }) {
  const finished = runs.filter((r) => r.status === 'done');
  const latest = useRun(setId, finished[0]?.id ?? null);
  const previous = useRun(setId, finished[1]?.id ?? null);
  const changes = latest.data && previous.data ? compareRuns(previous.data.results, latest.data.results) : null;
  const chart = [...finished].reverse().map((r) => ({ when: formatDateTime(r.started_at), 'Recall@1': r.recall_at_1, 'Recall@5': r.recall_at_5, 'MRR@10': r.mrr_at_10 }));
  return (
    <Card>
      <CardHeader title="Runs" description="Newest first. Ranks count distinct documents; a question scores when its expected source is among the first 1 / 5 / 10." />
      <CardBody className="space-y-5">
        {chart.length >= 2 ? (
          // overflow-hidden: while the chart re-measures after a resize, its old width must not widen the page.
          <div className="h-64 w-full min-w-0 overflow-hidden" role="img" aria-label="Recall@1, recall@5 and MRR@10 per run">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={chart} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                <CartesianGrid stroke="#e2e8f0" vertical={false} />
                <XAxis dataKey="when" stroke="#64748b" fontSize={12} tickLine={false} height={40} minTickGap={24}>
                  <Label value="Run" position="insideBottom" offset={0} style={{ fill: '#475569', fontSize: 12 }} />
                </XAxis>
                <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tickFormatter={(v: number) => `${v * 100} %`} stroke="#64748b" fontSize={12} tickLine={false} width={56}>
                  <Label value="Share of questions" angle={-90} position="insideLeft" style={{ fill: '#475569', fontSize: 12, textAnchor: 'middle' }} />
                </YAxis>
                <Tooltip formatter={(v: unknown) => (typeof v === 'number' ? pct(v) : String(v))} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Line dataKey="Recall@1" stroke="#6366f1" strokeWidth={2} isAnimationActive={false} />
                <Line dataKey="Recall@5" stroke="#14b8a6" strokeWidth={2} isAnimationActive={false} />
                <Line dataKey="MRR@10" stroke="#f59e0b" strokeWidth={2} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        ) : null}
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="border-b border-slate-100 text-left text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-2 pr-3 font-medium">Started</th>
                <th scope="col" className="px-3 py-2 font-medium">Against</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">R@1</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">R@5</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">MRR@10</th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">Time</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {runs.map((r) => (
                <tr key={r.id} data-testid="evaluation-run">
                  <td className="py-2 pr-3 text-slate-700">{formatDateTime(r.started_at)}</td>
                  <td className="px-3 py-2 text-slate-700">{r.target}</td>
                  {r.status === 'done' ? (
                    <>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{pct(r.recall_at_1)}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{pct(r.recall_at_5)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatNumber(r.mrr_at_10, { maximumFractionDigits: 3 })}</td>
                      <td className="whitespace-nowrap py-2 pl-3 text-right tabular-nums">{r.duration_ms < 1000 ? `${formatNumber(r.duration_ms)} ms` : `${formatNumber(r.duration_ms / 1000, { maximumFractionDigits: 1 })} s`}</td>
                    </>
                  ) : r.status === 'running' ? (
                    <td colSpan={4} className="px-3 py-2">
                      <div className="flex items-center gap-2" role="progressbar" aria-label="Run progress" aria-valuemin={0} aria-valuemax={r.total} aria-valuenow={r.done}>
                        <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100">
                          <div className="h-full rounded-full bg-indigo-500 transition-all" style={{ width: `${r.total ? (r.done / r.total) * 100 : 0}%` }} />
                        </div>
                        <span className="text-xs tabular-nums text-slate-600">{formatNumber(r.done)} / {formatNumber(r.total)}</span>
                      </div>
                    </td>
                  ) : (
                    <td colSpan={4} className="px-3 py-2 text-sm text-red-700">{r.error ?? 'Failed'}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {changes ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <ChangeList title="Better since the previous run" tone="success" items={changes.better} />
            <ChangeList title="Worse since the previous run" tone="danger" items={changes.worse} />
          </div>
        ) : null}
        {latest.data ? <Misses results={latest.data.results} /> : null}
      </CardBody>
    </Card>
  );
}

const rankText = (rank: number | null) => (rank === null ? 'not in the top 10' : `#${rank}`);

function ChangeList({ title, tone, items }: { title: string; tone: 'success' | 'danger'; items: { question: string; before: number | null; after: number | null }[] }) {
  return (
    <div>
      <h3 className="mb-1.5 text-sm font-semibold text-slate-800">{title} <Badge tone={items.length ? tone : 'neutral'}>{items.length}</Badge></h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">None.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {items.slice(0, 20).map((c) => (
            <li key={c.question} className="text-slate-700">
              {c.question} <span className="text-xs text-slate-500">({rankText(c.before)} → {rankText(c.after)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Misses({ results }: { results: { question: string; rank: number | null; top: string[] }[] }) {
  const misses = results.filter((r) => r.rank !== 1);
  if (misses.length === 0) return <p className="text-sm text-emerald-700">Every question found its source first.</p>;
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-slate-700">Not first in the latest run ({misses.length})</summary>
      <ul className="mt-2 space-y-1.5 text-sm">
        {misses.map((m) => (
          <li key={m.question} className="text-slate-700">
            {m.question} <span className="text-xs text-slate-500">— {rankText(m.rank)}; found first: {m.top[0] ?? 'nothing'}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
