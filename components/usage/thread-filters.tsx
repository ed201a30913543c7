'use client';
// Every filter of GET /api/v1/threads: period, question text, evaluation,
// feedback, datamodels, interaction types and origin (our extension).
import { Filter, RotateCcw, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Input, Select } from '@/components/ui';
import { SubmitForm } from '@/components/ui/submit-form';
import type { DatamodelListItem } from './api';
import { DateInput, FilterField } from './filter-field';
import { EVALUATION_VALUES, INTERACTION_TYPE_VALUES, ORIGIN_NAMES, ORIGIN_VALUES, type ThreadFilters, EMPTY_THREAD_FILTERS } from './params';
import { MIN_DATE } from '@/lib/reports/periods';

const TYPE_LABELS: Record<string, string> = { search: 'Search', stream: 'Stream', deepsearch: 'Deep search' };

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function ThreadFiltersPanel({
  value,
  onChange,
  datamodels,
  seenDatamodels = [],
}: {
  value: ThreadFilters;
  onChange: (filters: ThreadFilters) => void;
  datamodels: DatamodelListItem[] | undefined;
  /** Names found in the rows shown (a datamodel deleted or renamed since still filters its threads). */
  seenDatamodels?: string[];
}) {
  const datamodelNames = [...new Set([...(datamodels ?? []).map((d) => d.name), ...seenDatamodels, ...value.datamodel])].sort((a, b) => a.localeCompare(b));
  const id = useId();
  const [question, setQuestion] = useState(value.question);
  // The last question this box sent: a different one arriving from outside
  // (Reset, the browser's back button) replaces what is typed, our own echo does not.
  const sent = useRef(value.question);
  useEffect(() => {
    if (value.question !== sent.current) {
      sent.current = value.question;
      setQuestion(value.question);
    }
  }, [value.question]);
  // The question filter follows typing after a short pause, not each key.
  useEffect(() => {
    if (question === value.question) return;
    const timer = setTimeout(() => {
      sent.current = question;
      onChange({ ...value, question });
    }, 400);
    return () => clearTimeout(timer);
  }, [question, value, onChange]);

  const set = (patch: Partial<ThreadFilters>) => onChange({ ...value, ...patch });
  const badDates = value.start && value.end && value.end < value.start;
  const active = JSON.stringify(value) !== JSON.stringify(EMPTY_THREAD_FILTERS);

  return (
    <SubmitForm
      className="space-y-4"
      aria-label="Thread filters"
      onSubmit={() => {
        sent.current = question;
        onChange({ ...value, question });
      }}
    >
      <FilterField id={`${id}-q`} label="Question contains">
        <div className="relative mt-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input
            id={`${id}-q`}
            type="search"
            className="pl-9"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder="Search questions"
            maxLength={200}
          />
        </div>
      </FilterField>
      {/* Side by side on phones (full width); stacked in the narrow desktop panel, where two date fields would clip. */}
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-1">
        <FilterField id={`${id}-from`} label="From">
          <DateInput id={`${id}-from`} min={MIN_DATE} value={value.start} onChange={(e) => set({ start: e.target.value })} />
        </FilterField>
        <FilterField id={`${id}-to`} label="To">
          <DateInput
            id={`${id}-to`}
            min={value.start || MIN_DATE}
            value={value.end}
            onChange={(e) => set({ end: e.target.value })}
            aria-invalid={badDates ? true : undefined}
          />
        </FilterField>
        {badDates ? (
          <p role="alert" className="col-span-2 text-xs text-red-700 lg:col-span-1">
            The end date is before the start date.
          </p>
        ) : null}
      </div>
      <Checks
        legend="Evaluation"
        options={EVALUATION_VALUES.map((v) => ({ value: v, label: v[0].toUpperCase() + v.slice(1) }))}
        selected={value.evaluation}
        onToggle={(v) => set({ evaluation: toggle(value.evaluation, v) })}
      />
      <FilterField id={`${id}-fb`} label="Written feedback">
        <Select id={`${id}-fb`} className="mt-1" value={value.feedback} onChange={(e) => set({ feedback: e.target.value as ThreadFilters['feedback'] })}>
          <option value="">Any</option>
          <option value="true">With feedback</option>
          <option value="false">Without feedback</option>
        </Select>
      </FilterField>
      <Checks
        legend="Interaction type"
        options={INTERACTION_TYPE_VALUES.map((v) => ({ value: v, label: TYPE_LABELS[v] }))}
        selected={value.interactionTypes}
        onToggle={(v) => set({ interactionTypes: toggle(value.interactionTypes, v) })}
      />
      <Checks
        legend="Origin"
        options={ORIGIN_VALUES.map((v) => ({ value: v, label: ORIGIN_NAMES[v] }))}
        selected={value.origins}
        onToggle={(v) => set({ origins: toggle(value.origins, v) })}
      />
      <Checks
        legend="Datamodels"
        options={datamodelNames.map((name) => ({ value: name, label: name }))}
        selected={value.datamodel}
        onToggle={(v) => set({ datamodel: toggle(value.datamodel, v) })}
        empty={datamodels ? 'No datamodel was used' : 'Loading…'}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" size="sm">
          <Filter className="size-4" aria-hidden="true" /> Apply
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!active}
          onClick={() => {
            setQuestion('');
            onChange(EMPTY_THREAD_FILTERS);
          }}
        >
          <RotateCcw className="size-4" aria-hidden="true" /> Reset
        </Button>
      </div>
    </SubmitForm>
  );
}

function Checks({
  legend,
  options,
  selected,
  onToggle,
  empty,
}: {
  legend: string;
  options: { value: string; label: string }[];
  selected: string[];
  onToggle: (value: string) => void;
  empty?: string;
}) {
  return (
    <fieldset>
      <legend className="text-xs font-medium text-slate-600">{legend}</legend>
      {options.length === 0 ? <p className="mt-1 text-xs text-slate-400">{empty}</p> : null}
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {options.map((o) => (
          <label
            key={o.value}
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:checked]:text-indigo-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500"
          >
            <input type="checkbox" className="sr-only" checked={selected.includes(o.value)} onChange={() => onToggle(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
