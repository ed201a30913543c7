import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { createContent } from '@/lib/knowledge/contents';
import { listContentsPage } from '@/lib/knowledge/content-list';
import { contentCreateBody, contentListQuery } from '@/lib/knowledge/contract';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('dataset_id');

// Without parameters: the spec's listing (every content, by id). With them,
// one subject's, filtered, sorted, a page at a time; the body stays an
// array and the number of matches travels in X-Total-Count.
export const GET = route({ family: 'knowledge', params, query: contentListQuery }, async ({ principal, params, query }) => {
  const page = await listContentsPage(projectOf(principal), params.dataset_id, {
    subjectId: query.subject_id,
    q: query.q || undefined,
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  });
  return Response.json(page.contents, { headers: { 'x-total-count': String(page.total) } });
});

export const POST = route({ family: 'knowledge', write: true, params, body: contentCreateBody }, async ({ principal, params, body }) =>
  Response.json(await createContent(projectOf(principal), principal.organizationId, params.dataset_id, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
