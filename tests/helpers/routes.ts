// Every route file of the API, found on disk at test time: a route added
// later is covered by the suites that walk this list without editing them.
import fs from 'node:fs';
import path from 'node:path';

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type RouteFile = {
  /** Relative to the repository, e.g. app/searcher/v1/datasets/[dataset_id]/route.ts */
  file: string;
  /** The URL pattern, e.g. /searcher/v1/datasets/{dataset_id} */
  pattern: string;
  /** Dynamic segments in order; a catch-all ([...name]) is marked. */
  params: { name: string; catchAll: boolean }[];
};

const ROOTS = ['app/api', 'app/searcher'];

export function discoverRoutes(repository = process.cwd()): RouteFile[] {
  const found: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repository, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name === 'route.ts' || entry.name === 'route.js') found.push(describe(relative));
    }
  };
  for (const root of ROOTS) if (fs.existsSync(path.join(repository, root))) walk(root);
  return found.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

function describe(file: string): RouteFile {
  const segments = file.split('/').slice(1, -1); // drop "app" and "route.ts"
  const params: RouteFile['params'] = [];
  const pattern = segments
    .filter((segment) => !/^\(.*\)$/.test(segment)) // route groups are not in the URL
    .map((segment) => {
      const dynamic = /^\[(\.\.\.)?([^\]]+)\]$/.exec(segment);
      if (!dynamic) return segment;
      params.push({ name: dynamic[2], catchAll: Boolean(dynamic[1]) });
      return `{${dynamic[2]}}`;
    })
    .join('/');
  return { file, pattern: `/${pattern}`, params };
}

/** The URL of a pattern with its parameters filled in (each encoded as a path segment). */
export function fillPattern(pattern: string, values: Record<string, string | string[]>): string {
  return pattern.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name] ?? '';
    return (Array.isArray(value) ? value : [value]).map(encodeSegment).join('/');
  });
}

/** encodeURIComponent, with a lone surrogate (which it refuses) written as U+FFFD: the handler gets the raw value anyway. */
function encodeSegment(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}
