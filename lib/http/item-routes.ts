// The endpoints of one item of the models catalog (a generative model, a
// preset, a datamodel at /searcher/v1/<kind>/{id}): any member of the project
// reads it; only whoever may manage the catalog changes (PATCH) or deletes
// it. The three kinds differ only in the domain functions they call.
import type { z } from 'zod';
import { projectOf, type Principal } from '../auth/principal';
import { route } from './route';
import { idParams } from './schemas';
import { otherMethods } from './unsupported';

type CatalogItem<B> = {
  get(projectId: number, id: number): Promise<unknown>;
  update(projectId: number, id: number, body: B): Promise<unknown>;
  remove(projectId: number, id: number): Promise<void>;
  /** Throws (403) for a caller who may read the item but not change it. */
  requireManager(principal: Principal): void;
};

/** GET, PATCH and DELETE of one catalog item, and 405 for the other methods. */
export function catalogItemRoutes<B>(idName: string, updateBody: z.ZodType<B>, item: CatalogItem<B>) {
  const params = idParams(idName);
  return {
    GET: route({ family: 'knowledge', params }, async ({ principal, params }) => item.get(projectOf(principal), params[idName])),
    PATCH: route({ family: 'knowledge', params, body: updateBody }, async ({ principal, params, body }) => {
      item.requireManager(principal);
      // route() types a body through a conditional type TypeScript leaves open for a generic schema: it is a B.
      return item.update(projectOf(principal), params[idName], body as B);
    }),
    DELETE: route({ family: 'knowledge', params }, async ({ principal, params }) => {
      item.requireManager(principal);
      await item.remove(projectOf(principal), params[idName]);
      return new Response(null, { status: 204 });
    }),
    ...otherMethods('GET', 'PATCH', 'DELETE'),
  };
}
