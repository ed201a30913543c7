import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { runBody } from '@/lib/evaluation/contract';
import { assertMayEvaluate } from '@/lib/evaluation/access';
import { listRuns, startRun } from '@/lib/evaluation/runs';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('set_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => {
  assertMayEvaluate(principal);
  return listRuns(projectOf(principal), params.set_id);
});

// 202: the run goes on in the background; GET …/runs/{run_id} shows its progress.
export const POST = route({ family: 'knowledge', write: true, params, body: runBody }, async ({ principal, params, body }) => {
  const { run } = await startRun(projectOf(principal), params.set_id, body);
  return Response.json(run, { status: 202 });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
