'use client';
// /review: what the knowledge did not answer well, and the curated answers
// written for it. Editors mark a question resolved or write the answer.
import { CheckCircle2, ChevronLeft, ChevronRight, ClipboardCheck, FlaskConical, PenLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, LoadingBlock, PageHeader, Select, cn, errorMessage, formatDateTime, formatNumber, formatPercent, useToast } from '@/components/ui';
import { useDatasets } from '@/components/knowledge/api';
import { useDocumentTitle } from '@/components/ui/document-title';
import { CuratedDialog, type CuratedDraft } from './curated-dialog';
import { EvaluationTab } from './evaluation-tab';
import { AddToSetDialog, type AddToSetDraft } from './add-to-set-dialog';
import { type CuratedAnswer, type ReviewFilters, type ReviewGroup, type ReviewKind, useCuratedAnswers, useDeleteCurated, useResolve, useReviewQueue } from './use-review';

const KIND_LOOK: Record<ReviewKind, { label: string; tone: 'danger' | 'warning' | 'neutral' }> = {
  negative: { label: 'Rated not helpful', tone: 'danger' },
  unanswered: { label: 'Unanswered', tone: 'warning' },
  low_score: { label: 'Weak matches', tone: 'neutral' },
};
const ORIGIN_NAMES: Record<string, string> = { workspace: 'Console', smartpage: 'Smartpage', api: 'API' };
const PAGE_SIZE = 20;

export function ReviewPage() {
  useDocumentTitle('Review queue');
  const [tab, setTab] = useState<'queue' | 'curated' | 'evaluation'>('queue');
  return (
    <div>
      <PageHeader title="Review queue" description="Answers people rated not helpful, questions nothing answered, and questions asked again and again with weak matches. Fix them with a curated answer." />
      <div role="tablist" aria-label="Review" className="mb-5 inline-flex rounded-md bg-slate-100 p-0.5">
        {(
          [
            ['queue', 'To review'],
            ['curated', 'Curated answers'],
            ['evaluation', 'Evaluation sets'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            onClick={() => setTab(value)}
            className={cn('rounded px-3 py-1.5 text-sm font-medium', tab === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'queue' ? <Queue /> : tab === 'curated' ? <CuratedList /> : <EvaluationTab />}
    </div>
  );
}

function Queue() {
  const [filters, setFilters] = useState<ReviewFilters>({ kinds: [], days: 30, datasetId: null });
  const [page, setPage] = useState(0);
  const [draft, setDraft] = useState<CuratedDraft | null>(null);
  const [toSet, setToSet] = useState<AddToSetDraft | null>(null);
  const queue = useReviewQueue(filters, page, PAGE_SIZE);
  const datasets = useDatasets();
  const resolve = useResolve();
  const toast = useToast();
  const change = (next: Partial<ReviewFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(0);
  };
  const toggleKind = (kind: ReviewKind) => change({ kinds: filters.kinds.includes(kind) ? filters.kinds.filter((k) => k !== kind) : [...filters.kinds, kind] });

  return (
    <>
      <form className="mb-5 flex flex-wrap items-end gap-x-4 gap-y-3" aria-label="Review filters" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend className="text-xs font-medium text-slate-600">Show <span className="font-normal text-slate-500">(all when none is chosen)</span></legend>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {(Object.keys(KIND_LOOK) as ReviewKind[]).map((kind) => (
              <label key={kind} className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:checked]:text-indigo-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500">
                <input type="checkbox" className="sr-only" checked={filters.kinds.includes(kind)} onChange={() => toggleKind(kind)} />
                {KIND_LOOK[kind].label}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="text-xs font-medium text-slate-600">
          Period
          <Select className="mt-1 w-36" value={filters.days} onChange={(e) => change({ days: Number(e.target.value) })}>
            <option value={7}>Last 7 days</option>
            <option value={30}>Last 30 days</option>
            <option value={90}>Last 90 days</option>
            <option value={365}>Last year</option>
          </Select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Dataset
          <Select className="mt-1 w-48" value={filters.datasetId ?? ''} onChange={(e) => change({ datasetId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">All datasets</option>
            {(datasets.data ?? []).map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
          </Select>
        </label>
      </form>
      {queue.data && queue.data.totals.interactions > 0 ? (
        <p className="mb-4 text-sm text-slate-600" data-testid="review-totals">
          Of {formatNumber(queue.data.totals.interactions)} answers in this period{queue.data.totals.interactions >= 5000 ? ' (the newest 5,000)' : ''}:{' '}
          <strong>{formatPercent((queue.data.totals.negative / queue.data.totals.interactions) * 100)}</strong> rated not helpful,{' '}
          <strong>{formatPercent((queue.data.totals.unanswered / queue.data.totals.interactions) * 100)}</strong> unanswered.
        </p>
      ) : null}
      {queue.isPending ? (
        <Card className="p-5"><LoadingBlock lines={6} label="Loading the review queue" /></Card>
      ) : queue.isError ? (
        <ErrorState error={queue.error} title="Could not load the review queue" onRetry={() => queue.refetch()} />
      ) : queue.data.results.length === 0 ? (
        <EmptyState icon={<ClipboardCheck className="size-8" />} title="Nothing to review" description="No answer in this period was rated not helpful, left unanswered or matched only weakly. Well done." />
      ) : (
        <div className={queue.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <ol className="space-y-3" aria-label="Questions to review">
            {queue.data.results.map((group) => (
              <ReviewCard
                key={group.key}
                group={group}
                resolving={resolve.isPending && resolve.variables === group.identifiers}
                onResolve={() =>
                  resolve.mutate(group.identifiers, {
                    onSuccess: () => toast.success('Marked resolved'),
                    onError: (error) => toast.error(errorMessage(error)),
                  })
                }
                onCurate={() => setDraft({ question: group.question, datasetId: group.latest.dataset_id, resolves: group.identifiers })}
                onAddToSet={() => setToSet({ question: group.question, cited: [...new Set(group.latest.sources.map((s) => s.content))] })}
              />
            ))}
          </ol>
          <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
            <p>
              {queue.data.count === 1 ? '1 question' : `${formatNumber(queue.data.count)} questions`} to review
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}><ChevronLeft className="size-4" aria-hidden="true" /> Previous</Button>
              <Button variant="secondary" size="sm" disabled={(page + 1) * PAGE_SIZE >= queue.data.count} onClick={() => setPage(page + 1)}>Next <ChevronRight className="size-4" aria-hidden="true" /></Button>
            </div>
          </nav>
        </div>
      )}
      <AddToSetDialog
        draft={toSet}
        onClose={() => setToSet(null)}
        onAdded={(set) => {
          setToSet(null);
          toast.success(`Added to “${set.name}” (${formatNumber(set.question_count)} questions)`);
        }}
      />
      <CuratedDialog
        open={draft !== null}
        editing={null}
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={() => {
          setDraft(null);
          toast.success('Curated answer published: the next search finds it');
        }}
      />
    </>
  );
}

function ReviewCard({ group, resolving, onResolve, onCurate, onAddToSet }: { group: ReviewGroup; resolving: boolean; onResolve: () => void; onCurate: () => void; onAddToSet: () => void }) {
  const latest = group.latest;
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 flex-1">
            <p className="break-words font-medium text-slate-900">{group.question}</p>
            <p className="mt-0.5 text-xs text-slate-500">
              {group.count === 1 ? 'Asked once' : `Asked ${formatNumber(group.count)} times`} · last {formatDateTime(latest.created_at)} · {ORIGIN_NAMES[latest.origin] ?? latest.origin} · {latest.datamodel || latest.dataset}
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            {group.kinds.map((kind) => <Badge key={kind} tone={KIND_LOOK[kind].tone}>{KIND_LOOK[kind].label}</Badge>)}
          </div>
        </div>
        {/* The clamp sits inside the padded box: padding under a clamped block would show part of a fourth line. */}
        <div className="mt-3 rounded-md bg-slate-50 px-3 py-2">
          <p className="line-clamp-3 whitespace-pre-line text-sm text-slate-700">{latest.answer || 'No answer text'}</p>
        </div>
        {latest.feedback || latest.feedback_options?.length ? (
          <p className="mt-2 text-sm text-amber-900">
            {latest.feedback_options?.map((reason) => <Badge key={reason} tone="warning" className="mr-1">{reason}</Badge>)}
            {latest.feedback ? <q>{latest.feedback}</q> : null}
          </p>
        ) : null}
        {latest.sources.length ? (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-xs font-medium text-slate-600">
              Cited {latest.sources.length === 1 ? '1 passage' : `${latest.sources.length} passages`}: {[...new Set(latest.sources.map((s) => s.content))].join(', ')}
            </summary>
            <ol className="mt-2 space-y-2">
              {latest.sources.map((s, i) => (
                <li key={i} className="rounded border border-slate-200 px-3 py-2 text-xs text-slate-600">
                  <span className="font-medium text-slate-800">{s.content}</span> · relevance {formatNumber(s.score, { maximumFractionDigits: 3 })}
                  {s.context ? <p className="mt-1 line-clamp-3 whitespace-pre-line">{s.context}</p> : null}
                </li>
              ))}
            </ol>
          </details>
        ) : (
          <p className="mt-2 text-xs text-slate-500">No passage matched this question.</p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={onCurate}><PenLine className="size-4" aria-hidden="true" /> Write a curated answer</Button>
          <Button size="sm" variant="secondary" loading={resolving} onClick={onResolve}><CheckCircle2 className="size-4" aria-hidden="true" /> Mark resolved</Button>
          <Button size="sm" variant="ghost" onClick={onAddToSet}><FlaskConical className="size-4" aria-hidden="true" /> Add to evaluation set</Button>
        </div>
      </Card>
    </li>
  );
}

function CuratedList() {
  const curated = useCuratedAnswers();
  const datasets = useDatasets();
  const remove = useDeleteCurated();
  const toast = useToast();
  const [editing, setEditing] = useState<CuratedAnswer | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<CuratedAnswer | null>(null);
  const datasetName = (id: number) => datasets.data?.find((d) => d.id === id)?.name ?? `Dataset ${id}`;
  return (
    <>
      <div className="mb-4">
        <Button size="sm" onClick={() => setCreating(true)}><PenLine className="size-4" aria-hidden="true" /> New curated answer</Button>
      </div>
      {curated.isPending ? (
        <Card className="p-5"><LoadingBlock lines={4} label="Loading curated answers" /></Card>
      ) : curated.isError ? (
        <ErrorState error={curated.error} title="Could not load the curated answers" onRetry={() => curated.refetch()} />
      ) : curated.data.length === 0 ? (
        <EmptyState icon={<PenLine className="size-8" />} title="No curated answers yet" description="Write one from a question in the review queue, or start a new one." />
      ) : (
        <ul className="space-y-3" aria-label="Curated answers">
          {curated.data.map((c) => (
            <li key={c.id}>
              <Card className="p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-medium text-slate-900">{c.question}</p>
                    <p className="mt-0.5 text-xs text-slate-500">{datasetName(c.dataset_id)} · updated {formatDateTime(c.updated_at)}</p>
                  </div>
                  <div className="flex gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setEditing(c)} aria-label={`Edit the answer to “${c.question}”`}><PenLine className="size-4" aria-hidden="true" /> Edit</Button>
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(c)} aria-label={`Delete the answer to “${c.question}”`}><Trash2 className="size-4" aria-hidden="true" /> Delete</Button>
                  </div>
                </div>
                <p className="mt-2 line-clamp-4 whitespace-pre-line text-sm text-slate-700">{c.answer}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
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
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this curated answer?"
        description="Searches stop finding it at once. Questions it answered may show up in the review queue again."
        confirmLabel="Delete answer"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success('Curated answer deleted');
            },
          })
        }
      />
    </>
  );
}
