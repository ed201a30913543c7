import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { deleteContent, getContentDetail, updateContent } from '@/lib/knowledge/contents';
import { contentUpdateBody } from '@/lib/knowledge/contract';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('content_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => getContentDetail(projectOf(principal), params.content_id));

export const PUT = route({ family: 'knowledge', write: true, params, body: contentUpdateBody }, async ({ principal, params, body }) =>
  updateContent(projectOf(principal), params.content_id, body),
);

export const DELETE = route({ family: 'knowledge', write: true, params }, async ({ principal, params }) => {
  await deleteContent(projectOf(principal), principal.organizationId, params.content_id);
  return new Response(null, { status: 204 });
});

export const { POST, PATCH } = otherMethods('GET', 'PUT', 'DELETE');
