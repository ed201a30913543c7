'use client';
// /review: what the knowledge did not answer well, and the curated answers
// written for it. Editors mark a question resolved or write the answer.
import { ChevronLeft, ChevronRight, ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { Button, EmptyState, LoadingCard, PageHeader, QueryView, Select, cn, errorMessage, formatNumber, formatPercent, useToast } from '@/components/ui';
import { NamedOptions } from '@/components/ui/named-options';
import { useDatasets } from '@/components/knowledge/api';
import { useDocumentTitle } from '@/components/ui/document-title';
import { CuratedDialog, type CuratedDraft } from './curated-dialog';
import { EvaluationTab } from './evaluation-tab';
import { AddToSetDialog, type AddToSetDraft } from './add-to-set-dialog';
import { CuratedList } from './curated-list';
import { KIND_LOOK, ReviewCard } from './review-card';
import { type ReviewFilters, type ReviewKind, useResolve, useReviewQueue } from './use-review';

const PAGE_SIZE = 20;

export function ReviewPage() {
  useDocumentTitle('Review queue');
  const [tab, setTab] = useState<'queue' | 'curated' | 'evaluation'>('queue');
  return (
    <div>
      <PageHeader
        title="Review queue"
        description="Answers people rated not helpful, questions nothing answered, and questions asked again and again with weak matches. Fix them with a curated answer."
      />
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
            className={cn(
              'rounded px-3 py-1.5 text-sm font-medium',
              tab === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
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
          <legend className="text-xs font-medium text-slate-600">
            Show <span className="font-normal text-slate-500">(all when none is chosen)</span>
          </legend>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {(Object.keys(KIND_LOOK) as ReviewKind[]).map((kind) => (
              <label
                key={kind}
                className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:checked]:text-indigo-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500"
              >
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
            <NamedOptions records={datasets.data ?? []} />
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
      <QueryView
        query={queue}
        loading={<LoadingCard lines={6} label="Loading the review queue" />}
        errorTitle="Could not load the review queue"
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState
            icon={<ClipboardCheck className="size-8" />}
            title="Nothing to review"
            description="No answer in this period was rated not helpful, left unanswered or matched only weakly. Well done."
          />
        }
        dim
      >
        {(data) => (
          <>
            <ol className="space-y-3" aria-label="Questions to review">
              {data.results.map((group) => (
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
              <p>{data.count === 1 ? '1 question' : `${formatNumber(data.count)} questions`} to review</p>
              <div className="flex gap-2">
                <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
                  <ChevronLeft className="size-4" aria-hidden="true" /> Previous
                </Button>
                <Button variant="secondary" size="sm" disabled={(page + 1) * PAGE_SIZE >= data.count} onClick={() => setPage(page + 1)}>
                  Next <ChevronRight className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </nav>
          </>
        )}
      </QueryView>
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
