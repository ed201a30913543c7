import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { curatedUpdateBody } from '@/lib/review/contract';
import { deleteCurated, updateCurated } from '@/lib/review/curated';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('curated_id');

export const PATCH = route({ family: 'knowledge', write: true, params, body: curatedUpdateBody }, async ({ principal, params, body }) =>
  updateCurated(projectOf(principal), principal.organizationId, params.curated_id, body),
);

export const DELETE = route({ family: 'knowledge', write: true, params }, async ({ principal, params }) => {
  await deleteCurated(projectOf(principal), principal.organizationId, params.curated_id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT } = otherMethods('PATCH', 'DELETE');
