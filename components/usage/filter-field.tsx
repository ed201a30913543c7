// The pieces every report filter is made of: a small label above its
// control, and the date fields of a period.
import { useId } from 'react';
import { cn } from '@/components/ui';
import { MIN_DATE } from '@/lib/reports/periods';
import type { DateRange } from './params';

export function FilterField({ id, label, className, children }: { id: string; label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children}
    </div>
  );
}

const DATE_INPUT =
  'mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

function DateInput({ className, ...rest }: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input type="date" className={cn(DATE_INPUT, className)} {...rest} />;
}

/**
 * The From and To days of a period. The date pickers offer no day before the
 * reports begin, nor an end before the start; `invalid` marks the days a
 * check refused.
 */
export function PeriodFields({
  value,
  onChange,
  invalid = {},
  inputClassName,
}: {
  value: DateRange;
  onChange: (change: Partial<DateRange>) => void;
  invalid?: { start?: boolean; end?: boolean };
  inputClassName?: string;
}) {
  const id = useId();
  return (
    <>
      <FilterField id={`${id}-start`} label="From">
        <DateInput
          id={`${id}-start`}
          min={MIN_DATE}
          value={value.start}
          onChange={(e) => onChange({ start: e.target.value })}
          className={inputClassName}
          aria-invalid={invalid.start || undefined}
        />
      </FilterField>
      <FilterField id={`${id}-end`} label="To">
        <DateInput
          id={`${id}-end`}
          min={value.start || MIN_DATE}
          value={value.end}
          onChange={(e) => onChange({ end: e.target.value })}
          className={inputClassName}
          aria-invalid={invalid.end || undefined}
        />
      </FilterField>
    </>
  );
}
