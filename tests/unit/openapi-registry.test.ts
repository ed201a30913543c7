// The route registry the OpenAPI document is built from: the committed file
// is what scripts/openapi-routes.ts writes today, and every route file under
// app/api and app/searcher is either in it or excluded on purpose.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOT_DOCUMENTED, routeRegistrySource } from '@/lib/openapi/registry-source';
import { ROUTE_MODULES } from '@/lib/openapi/routes.generated';
import { openApiDocument } from '@/lib/openapi/document';
import { discoverRoutes } from '../helpers/routes';

describe('the OpenAPI route registry', () => {
  it('is up to date (run `npx tsx scripts/openapi-routes.ts` after adding or removing a route file)', () => {
    expect(fs.readFileSync('lib/openapi/routes.generated.ts', 'utf8')).toBe(routeRegistrySource(process.cwd()));
  });

  it('holds every route file on disk but the catch-alls and next-auth', () => {
    const onDisk = discoverRoutes().map((route) => route.file);
    const registered = ROUTE_MODULES.map((route) => route.file);
    expect(onDisk.filter((file) => !(file in NOT_DOCUMENTED)).sort()).toEqual([...registered].sort());
    expect(Object.keys(NOT_DOCUMENTED).sort()).toEqual([
      'app/api/[...unknown]/route.ts',
      'app/api/auth/[...nextauth]/route.ts',
      'app/searcher/[...unknown]/route.ts',
    ]);
    for (const file of Object.keys(NOT_DOCUMENTED)) expect(onDisk).toContain(file);
  });

  it('every route file on disk (but those excluded) is a path of the served document, with every method it exports', () => {
    const paths = (openApiDocument() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const route of discoverRoutes()) {
      if (route.file in NOT_DOCUMENTED) {
        expect(paths[route.pattern], route.file).toBeUndefined();
        continue;
      }
      expect(paths[route.pattern], `${route.file} → ${route.pattern}`).toBeDefined();
      expect(
        Object.keys(paths[route.pattern]).some((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key)),
        route.file,
      ).toBe(true);
    }
  });
});
