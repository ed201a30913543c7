// Prometheus metrics of this process (prom-client), served by GET /api/metrics.
// Labels stay bounded: a request is counted under its route's path pattern
// (`/searcher/v1/datasets/[dataset_id]`), never its raw URL, and its status
// class (2xx…5xx). Route handlers and instrumentation can live in different
// bundles of one process, so the registry is kept on globalThis.
import client from 'prom-client';

type Metrics = {
  registry: client.Registry;
  requests: client.Counter<'route' | 'method' | 'status_class'>;
  requestSeconds: client.Histogram<'route' | 'method' | 'status_class'>;
  searchSeconds: client.Histogram<'phase' | 'type'>;
  retrievals: client.Counter<'thread'>;
  importSeconds: client.Histogram;
  importFailed: client.Counter;
};

const holder = globalThis as unknown as { __ksMetrics?: Metrics };

export function metrics(): Metrics {
  holder.__ksMetrics ??= createMetrics();
  return holder.__ksMetrics;
}

function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requests: new client.Counter({
      name: 'http_requests_total',
      help: 'API requests answered, by route pattern, method and status class',
      labelNames: ['route', 'method', 'status_class'],
      registers,
    }),
    requestSeconds: new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to the response headers of an API request, by route pattern, method and status class',
      labelNames: ['route', 'method', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    searchSeconds: new client.Histogram({
      name: 'search_phase_duration_seconds',
      help: 'Search time by phase: retrieval (lexical + vector ranking) and answer (extractive or generated)',
      labelNames: ['phase', 'type'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    retrievals: new client.Counter({
      name: 'search_retrievals_total',
      help: "Retrievals by the thread that ran them: the server's own (thread=server) or a retrieval thread (thread=worker, SEARCH_THREADS)",
      labelNames: ['thread'],
      registers,
    }),
    importSeconds: new client.Histogram({
      name: 'import_item_duration_seconds',
      help: 'Time a worker spent on one import item (fetch, parse, index), whatever its outcome',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    }),
    importFailed: new client.Counter({ name: 'import_items_failed_total', help: 'Import items this process marked failed', registers }),
  };
}

export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  const labels = { route, method, status_class: statusClass(status) };
  const m = metrics();
  m.requests.inc(labels);
  m.requestSeconds.observe(labels, seconds);
}

/** Times `work` as one phase of a search. */
export async function timeSearchPhase<T>(phase: 'retrieval' | 'answer', type: string, work: () => Promise<T>): Promise<T> {
  const end = metrics().searchSeconds.startTimer({ phase, type });
  try {
    return await work();
  } finally {
    end();
  }
}

/**
 * The route's path pattern from the request's path and Next.js's params:
 * each segment that holds a param's value becomes `[name]` (a catch-all's
 * segments one `[...name]`), so ids never become label values.
 */
export function routePattern(pathname: string, params: Record<string, string | string[]> = {}): string {
  const segments = pathname.split('/');
  const remaining = Object.entries(params);
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = safeDecode(segments[i]);
    const index = remaining.findIndex(([, value]) => (Array.isArray(value) ? value[0] === segment : value === segment));
    if (segment === '' || index < 0) {
      out.push(segments[i]);
      continue;
    }
    const [name, value] = remaining[index];
    remaining.splice(index, 1);
    if (Array.isArray(value)) {
      out.push(`[...${name}]`);
      i += Math.max(0, value.length - 1);
    } else {
      out.push(`[${name}]`);
    }
  }
  return out.join('/').slice(0, 200);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
