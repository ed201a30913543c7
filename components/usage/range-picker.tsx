'use client';
// The period of a report: a preset or two dates, checked before they are
// sent (the reports start on 2025-02-01 and the end may not precede the start).
import { CalendarRange } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button, Select } from '@/components/ui';
import { NamedOptions } from '@/components/ui/named-options';
import { SubmitForm } from '@/components/ui/submit-form';
import { type DateRange, PRESET_LABELS, RANGE_PRESETS, type RangePreset, dayOf, presetRange, rangeProblem } from './params';
import type { DatamodelListItem } from './api';
import { FilterField, PeriodFields } from './filter-field';

function presetOf(range: DateRange, today: string): RangePreset | 'custom' {
  return (
    RANGE_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.start === range.start && r.end === range.end;
    }) ?? 'custom'
  );
}

export function RangePicker({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const id = useId();
  const today = dayOf(new Date());
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const problem = rangeProblem(draft);
  const dirty = draft.start !== value.start || draft.end !== value.end;
  const preset = presetOf(value, today);

  return (
    <SubmitForm
      className="grid w-full grid-cols-2 items-end gap-2 sm:flex sm:w-auto sm:flex-wrap"
      aria-label="Report period"
      onSubmit={() => {
        if (!problem) onChange(draft);
      }}
    >
      <FilterField id={`${id}-preset`} label="Period" className="col-span-2 sm:col-auto">
        <Select
          id={`${id}-preset`}
          className="mt-1 w-full sm:w-40"
          value={preset}
          onChange={(e) => {
            if (e.target.value !== 'custom') onChange(presetRange(e.target.value as RangePreset, today));
          }}
        >
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {PRESET_LABELS[p]}
            </option>
          ))}
          <option value="custom" disabled={preset !== 'custom'}>
            Custom
          </option>
        </Select>
      </FilterField>
      <PeriodFields
        value={draft}
        onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
        invalid={{ start: Boolean(problem), end: Boolean(problem) }}
        inputClassName="sm:w-auto"
      />
      <Button type="submit" variant="secondary" className="col-span-2 sm:col-auto" disabled={!dirty || Boolean(problem)}>
        <CalendarRange className="size-4" aria-hidden="true" /> Apply
      </Button>
      {dirty && problem ? (
        <p role="alert" className="basis-full text-xs text-red-700">
          {problem}
        </p>
      ) : null}
    </SubmitForm>
  );
}

export function DatamodelFilter({
  value,
  onChange,
  datamodels,
}: {
  value: string;
  onChange: (name: string) => void;
  datamodels: DatamodelListItem[] | undefined;
}) {
  const id = useId();
  return (
    <FilterField id={id} label="Datamodel" className="w-full sm:w-auto">
      <Select id={id} className="mt-1 w-full sm:w-52" value={value} onChange={(e) => onChange(e.target.value)} disabled={!datamodels}>
        <option value="">All datamodels</option>
        <NamedOptions records={datamodels ?? []} valueBy="name" />
        {value && datamodels && !datamodels.some((d) => d.name === value) ? <option value={value}>{value}</option> : null}
      </Select>
    </FilterField>
  );
}
