'use client';
// The browser's only way to the server: the documented route handlers, with
// the signed-in session cookie. Errors carry the API's {detail} so screens
// can show the server's own explanation.
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

/** fetch() against our API; throws ApiClientError with the server's detail. */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const headers = apiHeaders(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body, credentials: 'same-origin' });
  if (!response.ok) throw new ApiClientError(response.status, await detailOf(response));
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

async function detailOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // not JSON: fall through to the status text
  }
  return `${response.status} ${response.statusText || 'Request failed'}`;
}
