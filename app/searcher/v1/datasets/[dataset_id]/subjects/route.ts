import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { createSubject, listSubjects } from '@/lib/knowledge/subjects';
import { subjectBody } from '@/lib/knowledge/contract';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('dataset_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => listSubjects(projectOf(principal), params.dataset_id));

export const POST = route({ family: 'knowledge', write: true, params, body: subjectBody }, async ({ principal, params, body }) =>
  Response.json(await createSubject(projectOf(principal), params.dataset_id, body.name), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
