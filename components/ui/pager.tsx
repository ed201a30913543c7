'use client';
// Under a paged list: what the page shows on the left, Previous and Next on
// the right, and any control of the paging itself (page size) before them.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export function Pager({
  summary,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  children,
}: {
  /** What the page shows ("21–40 of 95 threads"), as its own paragraph. */
  summary: React.ReactNode;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  children?: React.ReactNode;
}) {
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      {summary}
      <div className="flex items-center gap-2">
        {children}
        <Button variant="secondary" size="sm" disabled={!hasPrevious} onClick={onPrevious}>
          <ChevronLeft className="size-4" aria-hidden="true" /> Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasNext} onClick={onNext}>
          Next <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
