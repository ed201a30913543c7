// Keeps the server running: when it dies (out of memory, a crash), it is
// started again after a back-off that doubles from 1 s up to 30 s and goes
// back to 1 s once a run has lasted a minute; every exit is logged with its
// code or signal. SIGTERM and SIGINT are passed to the server, which then
// finishes what it is doing; the supervisor exits with it and restarts
// nothing.
import { spawn } from 'node:child_process';

const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
const HEALTHY_RUN_MS = 60_000;

/**
 * Runs `command args` until stopped. `done` resolves with the exit code to
 * use; `stop(signal)` passes the signal on and restarts nothing after.
 */
export function supervise(command, args, options, delays = { min: MIN_DELAY_MS, max: MAX_DELAY_MS }) {
  let child = null;
  let stopping = false;
  let delay = delays.min;
  let finish = () => {};
  const stop = (signal) => {
    stopping = true;
    if (child) child.kill(signal);
    else finish(0);
  };
  const done = new Promise((resolve) => {
    finish = resolve;
    const start = () => {
      const startedAt = Date.now();
      child = spawn(command, args, { ...options, stdio: 'inherit' });
      child.on('exit', (code, signal) => {
        child = null;
        if (stopping) return resolve(code ?? 0);
        const ranMs = Date.now() - startedAt;
        if (ranMs >= HEALTHY_RUN_MS) delay = delays.min;
        const why = signal ? `signal ${signal}` : `exit code ${code}`;
        console.error(`[supervisor] the server stopped (${why}) after ${Math.round(ranMs / 1000)} s; starting it again in ${delay / 1000} s`);
        setTimeout(() => (stopping ? resolve(0) : start()), delay);
        delay = Math.min(delays.max, delay * 2);
      });
    };
    start();
  });
  return { done, stop };
}
