// A progress bar as assistive technology reads it (role, label, value of a
// maximum) and as people see it: one or more coloured shares of a track.
import { cn } from './cn';

/** A share of the bar: `value` out of the bar's `max`, drawn in `className`'s colour. */
export type ProgressSegment = { value: number; className: string };

export function ProgressBar({
  label,
  value,
  max,
  segments = [{ value, className: 'bg-indigo-500' }],
  className,
}: {
  label: string;
  value: number;
  max: number;
  /** Several shares side by side (done, failed); by default one share of `value`. */
  segments?: ProgressSegment[];
  /** The track's size and shape: height, width, margins. */
  className?: string;
}) {
  const share = (n: number) => `${max > 0 ? Math.min(100, (n / max) * 100) : 0}%`;
  return (
    <div
      className={cn('flex overflow-hidden rounded-full bg-slate-100', className)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
    >
      {segments.map((segment, i) => (
        // Shares are positional: the same index is the same kind of share on every render.
        <div key={i} className={cn('h-full transition-[width]', segment.className)} style={{ width: share(segment.value) }} />
      ))}
    </div>
  );
}
