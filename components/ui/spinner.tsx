import { cn } from './cn';
import { Card } from './card';

/** An indeterminate progress ring; `label` is read by screen readers. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center', className)}>
      <svg className="size-full animate-spin text-current" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** A grey placeholder block shown while data loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}

/** Grey blocks laid out like what they stand for (a report's cards, its chart): `blocks` holds each one's size classes. */
export function Skeletons({ className, blocks }: { className: string; blocks: string[] }) {
  return (
    <div className={className}>
      {blocks.map((block, i) => (
        <Skeleton key={i} className={block} />
      ))}
    </div>
  );
}

/** A few skeleton lines with a status for assistive technology. */
export function LoadingBlock({ lines = 3, label = 'Loading' }: { lines?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cn('h-4', i % 3 === 2 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}

/** LoadingBlock in a card of its own: what stands in for a card-shaped part of a page while it loads. */
export function LoadingCard({ lines, label }: { lines?: number; label?: string }) {
  return (
    <Card className="p-5">
      <LoadingBlock lines={lines} label={label} />
    </Card>
  );
}
