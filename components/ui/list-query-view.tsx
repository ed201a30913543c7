'use client';
// A list loaded on its own (datasets, subjects, passages, curated answers):
// skeleton lines in a card while it loads, "Could not load the …" with Try
// again when it fails, the page's EmptyState when it holds nothing.
import { QueryView, type QueryState } from './query-view';
import { LoadingCard } from './spinner';

export function ListQueryView<T>({
  query,
  noun,
  lines = 4,
  empty,
  children,
}: {
  query: QueryState<T[]>;
  /** What the list holds, plural ("datasets"): names the loading label and the error. */
  noun: string;
  /** How many skeleton lines stand in for it while it loads. */
  lines?: number;
  empty: React.ReactNode;
  children: (list: T[]) => React.ReactNode;
}) {
  return (
    <QueryView
      query={query}
      loading={<LoadingCard lines={lines} label={`Loading ${noun}`} />}
      errorTitle={`Could not load the ${noun}`}
      isEmpty={(list) => list.length === 0}
      empty={empty}
    >
      {children}
    </QueryView>
  );
}
