import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { deleteSubject, getSubject, renameSubject } from '@/lib/knowledge/subjects';
import { subjectBody } from '@/lib/knowledge/contract';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('subject_id');

// One subject (its page in the editors, and their breadcrumbs).
export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => getSubject(projectOf(principal), params.subject_id));

export const PUT = route({ family: 'knowledge', write: true, params, body: subjectBody }, async ({ principal, params, body }) =>
  renameSubject(projectOf(principal), params.subject_id, body.name),
);

export const DELETE = route({ family: 'knowledge', write: true, params }, async ({ principal, params }) => {
  await deleteSubject(projectOf(principal), principal.organizationId, params.subject_id);
  return new Response(null, { status: 204 });
});

export const { POST, PATCH } = otherMethods('GET', 'PUT', 'DELETE');
