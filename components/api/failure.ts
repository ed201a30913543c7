// What a person reads when a request fails: the server's own {detail} when
// it sent one, else a plain sentence for the status, never a bare status
// line ("500 Internal Server Error") or the browser's "Failed to fetch".
// Pure, so it is unit-tested.

export const NETWORK_FAILURE = 'Could not reach the server. Check your connection and try again.';

const STATUS_SENTENCES: Array<[test: (status: number) => boolean, sentence: string]> = [
  [(s) => s === 401, 'Your session has ended. Sign in again to continue.'],
  [(s) => s === 403, 'You are not allowed to do this.'],
  [(s) => s === 404, 'This was not found. It may have been deleted.'],
  [(s) => s === 408 || s === 504, 'The server took too long to answer. Try again in a moment.'],
  [(s) => s === 413, 'What was sent is too large.'],
  [(s) => s === 429, 'Too many requests at once. Wait a moment and try again.'],
  [(s) => s >= 400 && s < 500, 'The server did not accept this request.'],
  [(s) => s >= 500, 'Something went wrong on the server. Try again in a moment.'],
];

/** A plain sentence for an HTTP status, or `fallback` when there is none. */
export function statusSentence(status: number, fallback = 'The request failed.'): string {
  return STATUS_SENTENCES.find(([test]) => test(status))?.[1] ?? fallback;
}

/**
 * The explanation in an error body: `{detail: "…"}`, or a list of field
 * errors (`{detail: [{loc, msg}]}`, as validation layers send) as one
 * sentence; null when the body explains nothing.
 */
export function detailText(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('detail' in body)) return null;
  const { detail } = body as { detail: unknown };
  if (typeof detail === 'string') return detail.trim() || null;
  if (!Array.isArray(detail)) return null;
  const parts = detail
    .map((item) => {
      if (typeof item === 'string') return item;
      if (!item || typeof item !== 'object') return null;
      const { msg, loc } = item as { msg?: unknown; loc?: unknown };
      if (typeof msg !== 'string') return null;
      const field = Array.isArray(loc) ? loc.filter((l) => l !== 'body' && (typeof l === 'string' || typeof l === 'number')).join('.') : '';
      return field ? `${field}: ${msg}` : msg;
    })
    .filter((part): part is string => Boolean(part));
  return parts.length ? `The server did not accept this request (${parts.join('; ')}).` : null;
}

/** fetch() rejects with a TypeError when nothing came back (offline, refused, DNS); each browser words it its own way. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /failed to fetch|networkerror|load failed|network (error|connection)/i.test(error.message);
}
