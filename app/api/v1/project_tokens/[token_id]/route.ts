import { route } from '@/lib/http/route';
import { idParams } from '@/lib/http/schemas';
import { revokeProjectToken } from '@/lib/auth/keys';
import { managedProjectId, requireManager } from '@/lib/console/workspace';
import { otherMethods } from '@/lib/http/unsupported';

export const DELETE = route({ family: 'management', params: idParams('token_id') }, async ({ principal, request, params }) => {
  requireManager(principal);
  await revokeProjectToken(await managedProjectId(principal, request), params.token_id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
