import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { datamodelUpdateBody } from '@/lib/generation/contract';
import { deleteDatamodel, getDatamodel, updateDatamodel } from '@/lib/generation/datamodels';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('datamodel_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => getDatamodel(projectOf(principal), params.datamodel_id));

export const PATCH = route({ family: 'knowledge', params, body: datamodelUpdateBody }, async ({ principal, params, body }) => {
  requireCatalogManager(principal);
  return updateDatamodel(projectOf(principal), params.datamodel_id, body);
});

export const DELETE = route({ family: 'knowledge', params }, async ({ principal, params }) => {
  requireCatalogManager(principal);
  await deleteDatamodel(projectOf(principal), params.datamodel_id);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods('GET', 'PATCH', 'DELETE');
