'use client';
// The loading → error → (empty) → data chain of one query, written once.
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from './states';

/** What QueryView reads of a query (react-query's useQuery result fits). */
export type QueryState<T> = Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'isPlaceholderData' | 'isFetching'> & {
  refetch: () => unknown;
};

export function QueryView<T>({
  query,
  loading,
  errorTitle,
  failed,
  inset,
  isEmpty,
  empty,
  dim,
  children,
}: {
  query: QueryState<T>;
  /** Shown during the first load (a LoadingBlock or skeletons shaped like the data). */
  loading: React.ReactNode;
  /** The error's heading (ErrorState's default when absent). */
  errorTitle?: string;
  /** Replaces the ErrorState (a page that explains a refusal its own way). */
  failed?: (error: unknown) => React.ReactNode;
  /** Inside a card: the error and the empty state get the card's padding. */
  inset?: boolean;
  /** Whether the data holds nothing to show; then `empty` (an EmptyState) stands in. */
  isEmpty?: (data: T) => boolean;
  /** Or, where what to say depends on the data (no match at all, or a page past the end), made from it. */
  empty?: React.ReactNode | ((data: T) => React.ReactNode);
  /** Data kept on screen while the next (page, period) loads is dimmed and marked busy. */
  dim?: boolean;
  children: (data: T) => React.ReactNode;
}) {
  const padded = (node: React.ReactNode) => (inset ? <div className="p-4">{node}</div> : node);
  if (query.isPending) return <>{loading}</>;
  if (query.isError || query.data === undefined) {
    return <>{failed ? failed(query.error) : padded(<ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />)}</>;
  }
  const data = query.data;
  if (isEmpty?.(data)) return <>{padded(typeof empty === 'function' ? empty(data) : empty)}</>;
  if (!dim) return <>{children(data)}</>;
  return (
    <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={query.isFetching}>
      {children(data)}
    </div>
  );
}
