'use client';
// A list loaded on its own (datasets, subjects, passages, curated answers):
// skeleton lines in a card while it loads, "Could not load the …" with Try
// again when it fails, an EmptyState ("No … yet" unless the page words it
// otherwise) when it holds nothing.
import { QueryView, type QueryState } from './query-view';
import { LoadingCard } from './spinner';
import { EmptyState, type EmptyStateProps } from './states';

export function ListQueryView<T>({
  query,
  noun,
  lines = 4,
  empty,
  children,
}: {
  query: QueryState<T[]>;
  /** What the list holds, plural ("datasets"): names the loading label, the error and the empty state. */
  noun: string;
  /** How many skeleton lines stand in for it while it loads. */
  lines?: number;
  /** What the empty state says and offers; its title is "No {noun} yet" unless given. */
  empty: Omit<EmptyStateProps, 'title'> & { title?: string };
  children: (list: T[]) => React.ReactNode;
}) {
  return (
    <QueryView
      query={query}
      loading={<LoadingCard lines={lines} label={`Loading ${noun}`} />}
      errorTitle={`Could not load the ${noun}`}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState {...empty} title={empty.title ?? `No ${noun} yet`} />}
    >
      {children}
    </QueryView>
  );
}
