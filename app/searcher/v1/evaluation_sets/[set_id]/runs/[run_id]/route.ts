import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { assertMayEvaluate } from '@/lib/evaluation/access';
import { deleteRun, getRun } from '@/lib/evaluation/runs';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('set_id', 'run_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => {
  assertMayEvaluate(principal);
  return getRun(projectOf(principal), params.set_id, params.run_id);
});

export const DELETE = route({ family: 'knowledge', write: true, params }, async ({ principal, params }) => {
  await deleteRun(projectOf(principal), params.set_id, params.run_id);
  return new Response(null, { status: 204 });
});

export const { POST, PUT, PATCH } = otherMethods('GET', 'DELETE');
