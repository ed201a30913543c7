// Structured logs: one JSON line per event on stdout (pino). The level comes
// from LOG_LEVEL (default `info`; `silent` under vitest unless set). Request
// lines carry ids, route, status and timing, never tokens, passwords,
// question text or bodies: those appear only at `debug`, and even then
// credential fields are redacted.
import pino, { type Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function logLevel(env: Record<string, string | undefined> = process.env): string {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase();
  if (wanted && (LEVELS as readonly string[]).includes(wanted)) return wanted;
  return env.VITEST ? 'silent' : 'info';
}

const holder = globalThis as unknown as { __ksLogger?: Logger };

export function logger(): Logger {
  holder.__ksLogger ??= pino({
    level: logLevel(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: ['body.password', 'body.token', 'body.api_key', 'body.access_token', 'headers.authorization', 'headers.cookie'],
      censor: '[redacted]',
    },
  });
  return holder.__ksLogger;
}

/** For tests: a logger writing to `destination` instead of stdout. */
export function setLogger(next: Logger | undefined): void {
  holder.__ksLogger = next;
}

export { pino };
