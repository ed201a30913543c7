'use client';
// /usage/threads: conversation threads with every filter of the threads
// endpoint, paging, and each thread's interactions in a dialog.
import { MessagesSquare } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { EmptyState, LoadingCard, PageHeader, Pager, QueryView, Select } from '@/components/ui';
import { useAddressQuery } from '@/components/ui/use-address-query';
import { type ThreadsPage, useDatamodels, useThreads } from './api';
import { DownloadButton } from './download-button';
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
import { ThreadDialog } from './thread-dialog';
import { type Thread, ThreadsTable } from './threads-table';
import { ThreadFiltersPanel } from './thread-filters';

export function ThreadsView() {
  // Filters and page live in the address, so a filtered view can be shared or bookmarked.
  const [query, showQuery] = useAddressQuery();
  const { filters, page, pageSize, thread: openId } = useMemo(() => threadsViewFromParams(new URLSearchParams(query)), [query]);
  const show = useCallback((view: ThreadsViewState) => showQuery(threadsViewToParams(view)), [showQuery]);
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
              empty={(data) => (
                <EmptyState
                  icon={<MessagesSquare className="size-8" />}
                  title={data.count === 0 && page === 0 ? 'No threads match' : 'No more threads'}
                  description="Questions asked in the console, on smartpages or through the API appear here. Try fewer filters."
                />
              )}
              dim
            >
              {(data) => (
                <>
                  <ThreadsTable threads={data.results} onOpen={setOpen} />
                  <ThreadsPager data={data} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
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

function ThreadsPager({
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
    <Pager
      summary={<p aria-live="polite">{pageSummary(from, to, data.count)}</p>}
      hasPrevious={Boolean(data.previous)}
      hasNext={Boolean(data.next)}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
    >
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
    </Pager>
  );
}
