// Structured logs: one JSON line per event on stdout (pino). The level comes
// from LOG_LEVEL (default `info`; `silent` under vitest unless set; lib/config/operations.ts). Request
// lines carry ids, route, status and timing, never tokens, passwords,
// question text or bodies: those appear only at `debug`, and even then
// credential fields are redacted.
import pino, { type Logger } from 'pino';
import { appConfig } from '../config';

const holder = globalThis as unknown as { __ksLogger?: Logger };

export function logger(): Logger {
  holder.__ksLogger ??= pino({
    level: appConfig().operations.logLevel,
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
