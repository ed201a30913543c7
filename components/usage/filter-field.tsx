// The pieces every report filter is made of: a small label above its
// control, and the date field of a period.
import { cn } from '@/components/ui';

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

export function DateInput({ className, ...rest }: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input type="date" className={cn(DATE_INPUT, className)} {...rest} />;
}
