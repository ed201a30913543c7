'use client';
// The frame of a dataset, subject or content page: the tab's title, the
// breadcrumb trail and the page header over the record's own body. While
// the record loads, a loading card; when it cannot load, the error under a
// short trail (Datasets › Dataset), so the way back stays on screen; one
// that does not exist (a 404: deleted, or a mistyped address) says so, with
// the way back and no offer to try again.
import { FileQuestion } from 'lucide-react';
import Link from 'next/link';
import { ApiClientError } from '@/components/api/client';
import { EmptyState, ErrorState, LoadingCard, PageHeader, QueryView } from '@/components/ui';
import { useDocumentTitle } from '@/components/ui/document-title';
import type { QueryState } from '@/components/ui/query-view';
import { Breadcrumbs, type Crumb } from './breadcrumbs';

const DATASETS: Crumb = { label: 'Datasets', href: '/knowledge' };

export function KnowledgePage<T extends { name: string }>({
  kind,
  query,
  trail,
  description,
  actions,
  children,
}: {
  kind: 'Dataset' | 'Subject' | 'Content';
  query: QueryState<T>;
  /** The crumbs between "Datasets" and this page (a content's dataset and subject). */
  trail?: (record: T) => Crumb[];
  description: (record: T) => React.ReactNode;
  actions?: (record: T) => React.ReactNode;
  children: (record: T) => React.ReactNode;
}) {
  const noun = kind.toLowerCase();
  useDocumentTitle(query.data ? `${query.data.name} · ${kind}` : null);
  return (
    <QueryView
      query={query}
      loading={<LoadingCard lines={5} label={`Loading ${noun}`} />}
      failed={(error) => (
        <div className="space-y-4">
          <Breadcrumbs items={[DATASETS, { label: kind }]} />
          {error instanceof ApiClientError && error.status === 404 ? (
            <div role="alert">
              <EmptyState
                icon={<FileQuestion className="size-8" />}
                title={`${kind} not found`}
                description="It may have been deleted, or the address is mistyped. Every dataset you can open is listed under Datasets."
                action={
                  <Link
                    href="/knowledge"
                    className="inline-flex h-10 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500"
                  >
                    Back to datasets
                  </Link>
                }
              />
            </div>
          ) : (
            <ErrorState error={error} title={`Could not load this ${noun}`} onRetry={() => query.refetch()} />
          )}
        </div>
      )}
    >
      {(record) => (
        <div>
          <Breadcrumbs items={[DATASETS, ...(trail?.(record) ?? []), { label: record.name }]} />
          <PageHeader title={record.name} description={description(record)} actions={actions?.(record)} />
          {children(record)}
        </div>
      )}
    </QueryView>
  );
}
