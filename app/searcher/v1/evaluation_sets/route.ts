import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { setCreateBody } from '@/lib/evaluation/contract';
import { assertMayEvaluate } from '@/lib/evaluation/access';
import { createSet, listSets } from '@/lib/evaluation/sets';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge' }, async ({ principal }) => {
  assertMayEvaluate(principal);
  return listSets(projectOf(principal));
});

export const POST = route({ family: 'knowledge', write: true, body: setCreateBody }, async ({ principal, body }) =>
  Response.json(await createSet(projectOf(principal), body), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
