import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { setUpdateBody } from '@/lib/evaluation/contract';
import { assertMayEvaluate } from '@/lib/evaluation/access';
import { deleteSet, getSet, updateSet } from '@/lib/evaluation/sets';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('set_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => {
  assertMayEvaluate(principal);
  return getSet(projectOf(principal), params.set_id);
});

export const PATCH = route({ family: 'knowledge', write: true, params, body: setUpdateBody }, async ({ principal, params, body }) =>
  updateSet(projectOf(principal), params.set_id, body),
);

export const DELETE = route({ family: 'knowledge', write: true, params }, async ({ principal, params }) => {
  await deleteSet(projectOf(principal), params.set_id);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods('GET', 'PATCH', 'DELETE');
