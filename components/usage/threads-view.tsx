'use client';
// /usage/threads: conversation threads with every filter of the threads
// endpoint, paging, and each thread's interactions in a dialog.
import { ChevronLeft, ChevronRight, MessageSquareText, MessagesSquare } from 'lucide-react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, EmptyState, LoadingCard, PageHeader, QueryView, Select, formatDateTime, formatNumber } from '@/components/ui';
import { ColumnHeads } from '@/components/ui/column-heads';
import { type ThreadsPage, useDatamodels, useThreads } from './api';
import { DownloadButton } from './download-button';
import { EvaluationBadge } from './evaluation';
import {
  THREAD_PAGE_SIZES,
  pageSummary,
  type ThreadFilters,
  type ThreadsView as ThreadsViewState,
  dayOf,
  threadsDownload,
  threadsViewFromParams,
  threadsViewToParams,
} from './params';
import { OriginBadge, originOf, ThreadDialog } from './thread-dialog';
import { askerOf } from './asker';
import { ThreadFiltersPanel } from './thread-filters';

type Thread = ThreadsPage['results'][number];

export function ThreadsView() {
  // Filters and page live in the address, so a filtered view can be shared or bookmarked.
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const { filters, page, pageSize, thread: openId } = useMemo(() => threadsViewFromParams(new URLSearchParams(params.toString())), [params]);
  const show = useCallback((view: ThreadsViewState) => router.replace(`${pathname}${threadsViewToParams(view)}`, { scroll: false }), [router, pathname]);
  const badDates = Boolean(filters.start && filters.end && filters.end < filters.start);
  const threads = useThreads(filters, page, pageSize, !badDates);
  const datamodels = useDatamodels();
  const changeFilters = useCallback((next: ThreadFilters) => show({ filters: next, page: 0, pageSize }), [show, pageSize]);
  const setPage = (next: number) => show({ filters, page: next, pageSize });
  // The open thread is part of the address too: a link to it opens it (with the filters and page it was found on).
  const open = openId ? (threads.data?.results.find((t) => t.conversation_id === openId) ?? null) : null;
  const setOpen = (thread: Thread | null) => show({ filters, page, pageSize, thread: thread?.conversation_id });
  // Every datamodel the rows name, also those deleted or renamed since, besides the project's current ones.
  const seenDatamodels = useMemo(
    () => [...new Set((threads.data?.results ?? []).flatMap((t) => t.interactions.map((i) => i.datamodel)).filter(Boolean))],
    [threads.data],
  );
  const setPageSize = (size: number) => show({ filters, page: 0, pageSize: size });
  // The spreadsheet follows the table's filters as far as the download endpoint can.
  const download = threadsDownload(filters, dayOf(new Date()));
  // Filters start open beside the table on wide screens, folded above it on phones.
  const [filtersOpen, setFiltersOpen] = useState(true);
  useEffect(() => setFiltersOpen(window.matchMedia('(min-width: 1024px)').matches), []);

  return (
    <div>
      <PageHeader
        title="Threads"
        description="Every conversation with its questions, answers, tokens and ratings."
        actions={<DownloadButton range={download.range} filters={download.filters} scope={download} />}
      />
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside>
          <details className="rounded-lg border border-slate-200 bg-white shadow-sm" open={filtersOpen} onToggle={(e) => setFiltersOpen(e.currentTarget.open)}>
            <summary className="cursor-pointer rounded-lg px-4 py-3 text-sm font-semibold text-slate-800">Filters</summary>
            <div className="border-t border-slate-100 p-4">
              <ThreadFiltersPanel value={filters} onChange={changeFilters} datamodels={datamodels.data} seenDatamodels={seenDatamodels} />
            </div>
          </details>
        </aside>
        <section aria-label="Threads" className="min-w-0">
          {badDates ? (
            <EmptyState title="Check the dates" description="The end date is before the start date." />
          ) : (
            <QueryView
              query={threads}
              loading={<LoadingCard lines={6} label="Loading threads" />}
              errorTitle="Could not load the threads"
              isEmpty={(data) => data.results.length === 0}
              empty={
                <EmptyState
                  icon={<MessagesSquare className="size-8" />}
                  title={threads.data?.count === 0 && page === 0 ? 'No threads match' : 'No more threads'}
                  description="Questions asked in the console, on smartpages or through the API appear here. Try fewer filters."
                />
              }
              dim
            >
              {(data) => (
                <>
                  <ThreadsTable threads={data.results} onOpen={setOpen} />
                  <Pager data={data} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
                </>
              )}
            </QueryView>
          )}
        </section>
      </div>
      <ThreadDialog thread={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function summary(thread: Thread) {
  const evaluations = { positive: 0, negative: 0, neutral: 0 };
  let tokens = 0;
  let feedback = 0;
  for (const i of thread.interactions) {
    if (i.evaluation) evaluations[i.evaluation] += 1;
    if (i.feedback) feedback += 1;
    tokens += i.total_tokens;
  }
  const datamodels = [...new Set(thread.interactions.map((i) => i.datamodel || i.dataset))];
  const users = [...new Set(thread.interactions.map((i) => i.user.name || i.user.email).filter(Boolean))];
  const origin = originOf(thread.interactions[0]);
  return { evaluations, tokens, feedback, datamodels, users, origin };
}

function ThreadsTable({ threads, onOpen }: { threads: Thread[]; onOpen: (t: Thread) => void }) {
  return (
    <Card className="overflow-hidden">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <ColumnHeads
            className="border-b border-slate-200 bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500"
            columns={[
              { label: 'Conversation', className: 'px-4 py-2.5 font-medium' },
              { label: 'Origin', className: 'hidden px-3 py-2.5 font-medium md:table-cell' },
              { label: 'Datamodel', className: 'hidden px-3 py-2.5 font-medium xl:table-cell' },
              { label: 'Turns', className: 'px-3 py-2.5 text-right font-medium' },
              { label: 'Tokens', className: 'hidden px-3 py-2.5 text-right font-medium sm:table-cell' },
              { label: 'Rating', className: 'px-3 py-2.5 font-medium' },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {threads.map((thread) => {
              const s = summary(thread);
              const first = thread.interactions[0];
              return (
                <tr key={thread.conversation_id} className="align-top hover:bg-slate-50">
                  <td className="w-full max-w-0 px-4 py-3">
                    <button
                      type="button"
                      onClick={() => onOpen(thread)}
                      className="block w-full truncate rounded text-left font-medium text-indigo-700 hover:underline"
                      title={first?.question}
                    >
                      {first?.question || 'Untitled thread'}
                    </button>
                    {/* Asker and last activity share the second line, leaving the question the width. */}
                    <p className="mt-0.5 truncate text-xs text-slate-500">
                      {askerOf(s.origin, s.users)} · {formatDateTime(thread.updated_at)}
                      {s.feedback ? (
                        <span className="ml-2 inline-flex items-center gap-1 text-amber-700">
                          <MessageSquareText className="size-3" aria-hidden="true" />
                          {formatNumber(s.feedback)} feedback
                        </span>
                      ) : null}
                    </p>
                  </td>
                  <td className="hidden px-3 py-3 md:table-cell">
                    <OriginBadge origin={s.origin} />
                  </td>
                  <td className="hidden max-w-[11rem] truncate px-3 py-3 text-slate-700 xl:table-cell" title={s.datamodels.join(', ')}>
                    {s.datamodels.join(', ')}
                  </td>
                  <td className="px-3 py-3 text-right tabular-nums">{formatNumber(thread.interactions.length)}</td>
                  <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{formatNumber(s.tokens)}</td>
                  <td className="px-3 py-3">
                    <div className="flex flex-wrap gap-1">
                      {(['positive', 'negative', 'neutral'] as const).map((e) =>
                        s.evaluations[e] ? <EvaluationBadge key={e} evaluation={e} count={s.evaluations[e]} /> : null,
                      )}
                      {!s.evaluations.positive && !s.evaluations.negative && !s.evaluations.neutral ? <span className="text-xs text-slate-400">—</span> : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function Pager({
  data,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  data: ThreadsPage;
  page: number;
  pageSize: number;
  onPage: (p: number) => void;
  onPageSize: (s: number) => void;
}) {
  const from = page * pageSize + 1;
  const to = page * pageSize + data.results.length;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite">{pageSummary(from, to, data.count)}</p>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-2">
          <span className="hidden whitespace-nowrap sm:inline">Per page</span>
          <Select className="w-20" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))} aria-label="Threads per page">
            {THREAD_PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </label>
        <Button variant="secondary" size="sm" disabled={!data.previous} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" /> Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!data.next} onClick={() => onPage(page + 1)}>
          Next <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
