'use client';
// On a phone the report's filters fold behind one button that says what is
// chosen, so the figures are on the first screen; from 640 px up they show.
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/components/ui';

export function PhoneFilters({ summary, children }: { summary: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className="mb-6">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm shadow-sm sm:hidden"
      >
        <SlidersHorizontal className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="font-medium text-slate-800">Filters</span>
        <span className="min-w-0 flex-1 truncate text-slate-500">{summary}</span>
        <ChevronDown className={cn('size-4 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <div id={panel} className={cn('flex-wrap items-end gap-x-4 gap-y-3 sm:flex', open ? 'mt-3 flex' : 'hidden')}>
        {children}
      </div>
    </div>
  );
}
