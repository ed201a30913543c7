'use client';
import { ArrowDown } from 'lucide-react';

/**
 * Shown when the reader has scrolled up while the conversation goes on. It
 * sits in the composer's sticky band, on a row of its own above the question
 * box, so it never floats over the answer being read or its buttons.
 */
export function JumpToLatest({ visible, onJump }: { visible: boolean; onJump: () => void }) {
  if (!visible) return null;
  return (
    <div className="mb-2 flex justify-center">
      <button
        type="button"
        onClick={onJump}
        className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-xs font-medium text-slate-700 shadow-md hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <ArrowDown className="size-3.5" aria-hidden="true" /> Jump to latest
      </button>
    </div>
  );
}
