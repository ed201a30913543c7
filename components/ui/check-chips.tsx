// A filter of several choices, each a chip that toggles (checkboxes styled as
// pills): none chosen usually means all.

/** The selection after a chip is clicked: the value taken out, or added at the end. */
export function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function CheckChips<T extends string>({
  legend,
  options,
  selected,
  onToggle,
  empty,
}: {
  legend: React.ReactNode;
  options: readonly { value: T; label: string }[];
  selected: readonly T[];
  onToggle: (value: T) => void;
  /** Said when there is nothing to choose from. */
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
