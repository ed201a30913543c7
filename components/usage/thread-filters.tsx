'use client';
// Every filter of GET /api/v1/threads: period, question text, evaluation,
// feedback, datamodels, interaction types and origin (our extension).
import { Filter, RotateCcw, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Input, Select } from '@/components/ui';
import { CheckChips, toggled } from '@/components/ui/check-chips';
import { SubmitForm } from '@/components/ui/submit-form';
import type { DatamodelListItem } from './api';
import { FilterField, PeriodFields } from './filter-field';
import { EVALUATION_VALUES, INTERACTION_TYPE_VALUES, ORIGIN_NAMES, ORIGIN_VALUES, type ThreadFilters, EMPTY_THREAD_FILTERS } from './params';

const TYPE_LABELS: Record<string, string> = { search: 'Search', stream: 'Stream', deepsearch: 'Deep search' };

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
        <PeriodFields value={value} onChange={set} invalid={{ end: Boolean(badDates) }} />
        {badDates ? (
          <p role="alert" className="col-span-2 text-xs text-red-700 lg:col-span-1">
            The end date is before the start date.
          </p>
        ) : null}
      </div>
      <CheckChips
        legend="Evaluation"
        options={EVALUATION_VALUES.map((v) => ({ value: v, label: v[0].toUpperCase() + v.slice(1) }))}
        selected={value.evaluation}
        onToggle={(v) => set({ evaluation: toggled(value.evaluation, v) })}
      />
      <FilterField id={`${id}-fb`} label="Written feedback">
        <Select id={`${id}-fb`} className="mt-1" value={value.feedback} onChange={(e) => set({ feedback: e.target.value as ThreadFilters['feedback'] })}>
          <option value="">Any</option>
          <option value="true">With feedback</option>
          <option value="false">Without feedback</option>
        </Select>
      </FilterField>
      <CheckChips
        legend="Interaction type"
        options={INTERACTION_TYPE_VALUES.map((v) => ({ value: v, label: TYPE_LABELS[v] }))}
        selected={value.interactionTypes}
        onToggle={(v) => set({ interactionTypes: toggled(value.interactionTypes, v) })}
      />
      <CheckChips
        legend="Origin"
        options={ORIGIN_VALUES.map((v) => ({ value: v, label: ORIGIN_NAMES[v] }))}
        selected={value.origins}
        onToggle={(v) => set({ origins: toggled(value.origins, v) })}
      />
      <CheckChips
        legend="Datamodels"
        options={datamodelNames.map((name) => ({ value: name, label: name }))}
        selected={value.datamodel}
        onToggle={(v) => set({ datamodel: toggled(value.datamodel, v) })}
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
