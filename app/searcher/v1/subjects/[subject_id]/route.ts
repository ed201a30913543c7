import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { deleteSubject, renameSubject } from '@/lib/knowledge/subjects';
import { subjectBody } from '@/lib/knowledge/contracts';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('subject_id');

export const PUT = route({ family: 'knowledge', write: true, params, body: subjectBody }, async ({ principal, params, body }) =>
  renameSubject(projectOf(principal), params.subject_id, body.name),
);

export const DELETE = route({ family: 'knowledge', write: true, params }, async ({ principal, params }) => {
  await deleteSubject(projectOf(principal), principal.organizationId, params.subject_id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
