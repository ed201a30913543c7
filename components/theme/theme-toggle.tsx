'use client';
// System / Light / Dark as three buttons. Inside the user menu they are
// menu item radios; elsewhere (public smartpage, sign-in) a radio group of
// icons.
import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { setThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from './theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const ICONS: Record<ThemeChoice, React.ComponentType<{ className?: string }>> = { system: Monitor, light: Sun, dark: Moon };

export function ThemeToggle({ inMenu = false, className }: { inMenu?: boolean; className?: string }) {
  const current = useThemeChoice();
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is chosen by a condition Biome does not follow; both group and radiogroup take aria-label.
    <div
      role={inMenu ? 'group' : 'radiogroup'}
      aria-label="Theme"
      className={cn('inline-flex rounded-md border border-slate-200 bg-slate-50 p-0.5', className)}
    >
      {THEME_CHOICES.map((choice) => {
        const Icon = ICONS[choice];
        const checked = current === choice;
        return (
          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is chosen by a condition Biome does not follow; both menuitemradio and radio take aria-checked.
          <button
            key={choice}
            type="button"
            role={inMenu ? 'menuitemradio' : 'radio'}
            aria-checked={checked}
            aria-label={inMenu ? undefined : LABELS[choice]}
            title={inMenu ? undefined : LABELS[choice]}
            onClick={() => setThemeChoice(choice)}
            className={cn(
              'inline-flex items-center justify-center gap-1.5 rounded text-xs font-medium',
              inMenu ? 'h-7 flex-1 px-2' : 'size-7',
              checked ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-300' : 'text-slate-500 hover:text-slate-800',
            )}
          >
            <Icon className="size-3.5" aria-hidden="true" />
            {inMenu ? LABELS[choice] : null}
          </button>
        );
      })}
    </div>
  );
}
