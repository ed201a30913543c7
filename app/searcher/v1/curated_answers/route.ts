import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { curatedCreateBody, curatedListQuery } from '@/lib/review/contract';
import { createCurated, listCurated } from '@/lib/review/curated';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge', query: curatedListQuery }, async ({ principal, query }) => listCurated(projectOf(principal), query.dataset_id));

export const POST = route({ family: 'knowledge', write: true, body: curatedCreateBody }, async ({ principal, body }) =>
  Response.json(await createCurated(projectOf(principal), principal.organizationId, body, principal.email ?? 'api-key'), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
