import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { conversationsQuery } from '@/lib/console/contract';
import { countOwnConversations, listOwnConversations, threadOwnerEmail } from '@/lib/console/conversations';
import { otherMethods } from '@/lib/http/unsupported';

// The body stays the documented array; the total for paging ("load more")
// travels in X-Total-Count.
export const GET = route({ family: 'search', query: conversationsQuery }, async ({ principal, query }) => {
  const email = threadOwnerEmail(principal);
  const projectId = projectOf(principal);
  const [items, total] = await Promise.all([
    listOwnConversations(projectId, email, { limit: query.limit ?? 30, offset: query.offset ?? 0, origin: query.origin, q: query.q || undefined }),
    countOwnConversations(projectId, email, query.origin, query.q || undefined),
  ]);
  return Response.json(items, { headers: { 'x-total-count': String(total) } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
