// A graceful stop on SIGTERM/SIGINT (a deployment replacing this instance,
// `npm start`'s supervisor passing on Ctrl-C): new API requests are refused
// with 503 while the ones in flight finish (at most SHUTDOWN_GRACE_MS), and
// the import workers give their items back to the queue at once, so another
// instance takes them without waiting for the lease to expire.
//
// Active when NEXT_MANUAL_SIG_HANDLE is set (npm start sets it): Next.js
// then leaves the signals to us instead of exiting at once.
import { appConfig } from '../config';
import { stopImportWorkers } from '../ingest/worker';

const state = globalThis as unknown as { __ksShutdown?: { draining: boolean; inFlight: number; idle: Set<() => void> } };
const lifecycle = (state.__ksShutdown ??= { draining: false, inFlight: 0, idle: new Set() });

export const isDraining = () => lifecycle.draining;

/** Requests being answered now (this one included, when asked from a route). */
export const requestsInFlight = () => lifecycle.inFlight;

/** Counts a request while it runs, so the shutdown waits for it. */
export async function tracked<T>(work: () => Promise<T>): Promise<T> {
  lifecycle.inFlight++;
  try {
    return await work();
  } finally {
    lifecycle.inFlight--;
    if (lifecycle.inFlight === 0) for (const resolve of lifecycle.idle) resolve();
  }
}

function requestsDone(timeoutMs: number): Promise<void> {
  if (lifecycle.inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      lifecycle.idle.delete(done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    lifecycle.idle.add(done);
  });
}

export function handleShutdownSignals(graceMs = appConfig().operations.shutdownGraceMs): void {
  // Next.js's own switch (set by scripts/start.mjs), not a setting of ours.
  if (!process.env.NEXT_MANUAL_SIG_HANDLE) return;
  const stop = async (signal: NodeJS.Signals) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    console.log(`[shutdown] ${signal}: finishing ${lifecycle.inFlight} request(s) and giving import items back`);
    await Promise.allSettled([stopImportWorkers(), requestsDone(graceMs)]);
    console.log('[shutdown] done');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
