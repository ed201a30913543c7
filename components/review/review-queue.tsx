'use client';
// The "To review" tab of /review: the questions answered badly in a period
// (rated not helpful, unanswered, weak matches), filtered by kind and
// dataset, a page at a time; each can be resolved, answered with a curated
// answer or added to an evaluation set.
import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, LoadingCard, Pager, QueryView, Select, errorMessage, formatNumber, formatPercent, useToast } from '@/components/ui';
import { CheckChips, toggled } from '@/components/ui/check-chips';
import { NamedOptions } from '@/components/ui/named-options';
import { useDatasets } from '@/components/knowledge/api';
import { CuratedDialog, type CuratedDraft } from './curated-dialog';
import { AddToSetDialog, type AddToSetDraft } from './add-to-set-dialog';
import { KIND_LOOK, ReviewCard } from './review-card';
import { type ReviewFilters, type ReviewKind, useResolve, useReviewQueue } from './use-review';

const PAGE_SIZE = 20;

export function ReviewQueue() {
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

  return (
    <>
      <form className="mb-5 flex flex-wrap items-end gap-x-4 gap-y-3" aria-label="Review filters" onSubmit={(e) => e.preventDefault()}>
        <CheckChips
          legend={
            <>
              Show <span className="font-normal text-slate-500">(all when none is chosen)</span>
            </>
          }
          options={(Object.keys(KIND_LOOK) as ReviewKind[]).map((kind) => ({ value: kind, label: KIND_LOOK[kind].label }))}
          selected={filters.kinds}
          onToggle={(kind) => change({ kinds: toggled(filters.kinds, kind) })}
        />
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
            <Pager
              summary={<p>{data.count === 1 ? '1 question' : `${formatNumber(data.count)} questions`} to review</p>}
              hasPrevious={page > 0}
              hasNext={(page + 1) * PAGE_SIZE < data.count}
              onPrevious={() => setPage(page - 1)}
              onNext={() => setPage(page + 1)}
            />
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
