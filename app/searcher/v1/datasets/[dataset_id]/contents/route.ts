import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { createContent, listContents } from '@/lib/knowledge/contents';
import { contentCreateBody } from '@/lib/knowledge/contracts';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('dataset_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => listContents(projectOf(principal), params.dataset_id));

export const POST = route({ family: 'knowledge', write: true, params, body: contentCreateBody }, async ({ principal, params, body }) =>
  Response.json(await createContent(projectOf(principal), params.dataset_id, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
