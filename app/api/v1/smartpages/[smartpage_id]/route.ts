import { route } from '@/lib/http/route';
import { idParams } from '@/lib/http/schemas';
import { smartpageUpdateBody } from '@/lib/smartpages/contract';
import { deleteSmartpage, updateSmartpage } from '@/lib/smartpages/service';
import { managedProjectId } from '@/lib/console/workspace';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('smartpage_id');

export const PATCH = route({ family: 'management', write: true, params, body: smartpageUpdateBody }, async ({ principal, request, params, body }) =>
  updateSmartpage(await managedProjectId(principal, request), principal.organizationId, params.smartpage_id, body),
);

export const DELETE = route({ family: 'management', write: true, params }, async ({ principal, request, params }) => {
  await deleteSmartpage(await managedProjectId(principal, request), params.smartpage_id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT } = otherMethods('PATCH', 'DELETE');
