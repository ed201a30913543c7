import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { generativeModelCreateBody } from '@/lib/generation/contract';
import { createGenerativeModel, listGenerativeModels } from '@/lib/generation/models';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { otherMethods } from '@/lib/http/unsupported';

/** The service's models and the project's own, by name. */
export const GET = route({ family: 'knowledge' }, async ({ principal }) => listGenerativeModels(projectOf(principal)));

export const POST = route({ family: 'knowledge', body: generativeModelCreateBody }, async ({ principal, body }) => {
  requireCatalogManager(principal);
  return Response.json(await createGenerativeModel(projectOf(principal), body), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
