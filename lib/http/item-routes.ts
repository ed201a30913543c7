// The endpoints of one item at /searcher/v1/<kind>/{id}. Models catalog (a
// generative model, a preset, a datamodel): any member of the project reads
// it; only whoever may manage the catalog changes (PATCH) or deletes it.
// Knowledge (a dataset, a subject, a content): read by any member, changed
// (PUT) and deleted by a writer. The kinds differ only in the domain
// functions they call.
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

type KnowledgeItem<B> = {
  get(projectId: number, id: number): Promise<unknown>;
  update(projectId: number, id: number, body: B): Promise<unknown>;
  /** The organisation goes along: deleting passages updates its indexed-token count. */
  remove(projectId: number, organizationId: number, id: number): Promise<void>;
};

/** GET, PUT and DELETE of one knowledge item (writes need a writer role: route's `write`), and 405 for the other methods. */
export function knowledgeItemRoutes<B>(idName: string, updateBody: z.ZodType<B>, item: KnowledgeItem<B>) {
  const params = idParams(idName);
  return {
    GET: route({ family: 'knowledge', params }, async ({ principal, params }) => item.get(projectOf(principal), params[idName])),
    PUT: route({ family: 'knowledge', write: true, params, body: updateBody }, async ({ principal, params, body }) =>
      // As above: the body is a B.
      item.update(projectOf(principal), params[idName], body as B),
    ),
    DELETE: route({ family: 'knowledge', write: true, params }, async ({ principal, params }) => {
      await item.remove(projectOf(principal), principal.organizationId, params[idName]);
      return new Response(null, { status: 204 });
    }),
    ...otherMethods('GET', 'PUT', 'DELETE'),
  };
}
