import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { deleteDataset, getDataset, renameDataset } from '@/lib/knowledge/datasets';
import { datasetUpdateBody } from '@/lib/knowledge/contract';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('dataset_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => getDataset(projectOf(principal), params.dataset_id));

export const PUT = route({ family: 'knowledge', write: true, params, body: datasetUpdateBody }, async ({ principal, params, body }) =>
  renameDataset(projectOf(principal), params.dataset_id, body),
);

export const DELETE = route({ family: 'knowledge', write: true, params }, async ({ principal, params }) => {
  await deleteDataset(projectOf(principal), principal.organizationId, params.dataset_id);
  return new Response(null, { status: 204 });
});

export const { POST, PATCH } = otherMethods('GET', 'PUT', 'DELETE');
