// Calls to a hosted model (answers, embeddings) survive the provider's
// hiccups: a 429 or a 5xx, or a connection that fails, is tried again after
// a back-off (250 ms doubling, or the provider's Retry-After), as long as
// the next attempt can still start before the caller's deadline. The last
// answer (or error) is returned as it is, so the caller still reports what
// the provider said. A deliberate refusal (an AppError, such as the SSRF
// guard's) is final.
import { AppError } from '../errors';
import type { FetchLike } from './guarded-fetch';

const RETRIED_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_ATTEMPTS = 4;
const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 8_000;

export type RetryOptions = {
  /** When the whole call must be over (epoch ms): no wait may run past it. */
  deadline: number;
  signal?: AbortSignal;
  /** Waiting, replaceable in tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The fetch to call: the guarded one for addresses a tenant chose (guarded-fetch.ts). */
  fetch?: FetchLike;
};

/** Seconds or an HTTP date, as Retry-After allows; null when absent or malformed. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export async function fetchWithRetry(url: string, init: RequestInit, options: RetryOptions): Promise<Response> {
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    let response: Response | null = null;
    let failure: unknown = null;
    try {
      response = await (options.fetch ?? fetch)(url, { ...init, signal: options.signal });
    } catch (error) {
      // An abort (time-out, the client went away) or a refusal is final; a failed connection is not.
      if (options.signal?.aborted || error instanceof AppError) throw error;
      failure = error;
    }
    const retryable = failure !== null || (response !== null && RETRIED_STATUSES.has(response.status));
    if (!retryable || attempt >= MAX_ATTEMPTS) {
      if (response) return response;
      throw failure;
    }
    const asked = response ? retryAfterMs(response.headers.get('retry-after')) : null;
    const wait = Math.min(MAX_DELAY_MS, asked ?? BASE_DELAY_MS * 2 ** (attempt - 1));
    if (Date.now() + wait >= options.deadline) {
      if (response) return response;
      throw failure;
    }
    await response?.body?.cancel().catch(() => undefined);
    await sleep(wait, options.signal);
  }
}
