'use client';
// The browser's only way to the server: the documented route handlers, with
// the signed-in session cookie. Errors carry the API's {detail} so screens
// can show the server's own explanation.
import { detailText, statusSentence } from './failure';

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ApiClientError';
  }
}

const PROJECT_KEY = 'ks.projectId';

/** The project the person chose in the shell; sent as `x-project-id`. */
export function selectedProjectId(): string | null {
  if (typeof window === 'undefined') return null;
  return window.localStorage.getItem(PROJECT_KEY);
}

export function selectProject(id: number): void {
  window.localStorage.setItem(PROJECT_KEY, String(id));
}

export function apiHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  const project = selectedProjectId();
  if (project && !headers.has('x-project-id')) headers.set('x-project-id', project);
  return headers;
}

type ApiInit = RequestInit & { json?: unknown };

async function send(path: string, init: ApiInit): Promise<Response> {
  const { json, ...rest } = init;
  const headers = apiHeaders(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body, credentials: 'same-origin' });
  if (!response.ok) throw new ApiClientError(response.status, await detailOf(response, 'Request failed'));
  return response;
}

/** fetch() against our API; throws ApiClientError with the server's detail. */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const response = await send(path, init);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Saves an item of a collection: POST to the collection when it is new (`id` null), else PATCH to the item. */
export function saveItem<T>(collection: string, id: number | null, json: unknown): Promise<T> {
  return id === null ? apiFetch<T>(collection, { method: 'POST', json }) : apiFetch<T>(`${collection}/${id}`, { method: 'PATCH', json });
}

/** A page of a list endpoint that sends its total in `X-Total-Count` (null when it does not). */
export async function apiFetchPage<T>(path: string): Promise<{ items: T[]; total: number | null }> {
  const response = await send(path, {});
  const header = response.headers.get('x-total-count');
  return { items: (await response.json()) as T[], total: header !== null && /^\d+$/.test(header) ? Number(header) : null };
}

/** The {detail} of a refused request, else a plain sentence for its status (`fallback` when there is none). */
export async function detailOf(response: Response, fallback: string): Promise<string> {
  try {
    const detail = detailText(await response.json());
    if (detail) return detail;
  } catch {
    // not JSON (an HTML error page of a proxy): the status says enough
  }
  return statusSentence(response.status, fallback);
}
