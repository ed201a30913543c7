// The person's theme choice, read and written in the browser. Applying it to
// the page is THEME_SCRIPT's job (./theme-script.ts): a choice is stored, then
// announced with a storage event the script (and useThemeChoice) listen to.
import { useSyncExternalStore } from 'react';
import { THEME_KEY } from './theme-script';

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

function readChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_KEY);
    else window.localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (some private modes): nothing can be remembered, the page keeps following the system.
  }
  window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY }));
}

/** The stored choice; 'system' on the server and during hydration. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readChoice, () => 'system');
}
