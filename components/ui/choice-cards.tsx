'use client';
// One choice among a few, each a card with an icon, a label and a hint (a
// group of radio buttons: arrow keys move between them).
import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

export type Choice<T extends string> = readonly [value: T, icon: LucideIcon, label: string, hint: string];

export function ChoiceCards<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  /** The radio group's name, unique on the page. */
  name: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {choices.map(([choice, Icon, label, hint]) => (
          <label
            key={choice}
            className={cn(
              'flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500',
              value === choice ? 'border-indigo-400 bg-indigo-50' : 'border-slate-200 hover:bg-slate-50',
            )}
          >
            <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} className="sr-only" />
            <Icon className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden="true" />
            <span>
              <span className="block font-medium text-slate-900">{label}</span>
              <span className="block text-xs text-slate-500">{hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
