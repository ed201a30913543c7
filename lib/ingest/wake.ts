// Waking idle import workers after a new upload is stored. Kept apart from
// the workers so the upload route does not load the parsers. The set lives
// on globalThis: route handlers and instrumentation can be different
// bundles of one process.
const holder = globalThis as unknown as { __ksImportWake?: Set<() => void> };

export function wakeListeners(): Set<() => void> {
  holder.__ksImportWake ??= new Set();
  return holder.__ksImportWake;
}

export function wakeImportWorkers(): void {
  for (const wake of wakeListeners()) wake();
}
