import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { generativeModelUpdateBody } from '@/lib/generation/contract';
import { deleteGenerativeModel, getGenerativeModel, updateGenerativeModel } from '@/lib/generation/models';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('model_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => getGenerativeModel(projectOf(principal), params.model_id));

export const PATCH = route({ family: 'knowledge', params, body: generativeModelUpdateBody }, async ({ principal, params, body }) => {
  requireCatalogManager(principal);
  return updateGenerativeModel(projectOf(principal), params.model_id, body);
});

export const DELETE = route({ family: 'knowledge', params }, async ({ principal, params }) => {
  requireCatalogManager(principal);
  await deleteGenerativeModel(projectOf(principal), params.model_id);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods('GET', 'PATCH', 'DELETE');
