'use client';
// The filter and sort above a list of contents (dataset and subject pages).
// The filter is applied by the server (GET …/contents?q=), once typing pauses (useDebounced).
import { Search } from 'lucide-react';
import { Input, Select } from '@/components/ui';
import type { ContentOrder } from './api';

export function ContentFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative order-last w-full sm:order-none sm:ml-auto sm:w-64">
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <Input
        type="search"
        aria-label="Filter contents"
        placeholder="Filter by name or link"
        maxLength={200}
        className="pl-9"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export function ContentSort({ value, onChange }: { value: ContentOrder; onChange: (value: ContentOrder) => void }) {
  return (
    // The control itself is full width (the form style): the wrapper sets its width.
    <div className="w-44 shrink-0">
      <Select aria-label="Sort contents" value={value} onChange={(e) => onChange(e.target.value as ContentOrder)}>
        <option value="name">Name, A to Z</option>
        <option value="updated">Recently updated</option>
      </Select>
    </div>
  );
}
