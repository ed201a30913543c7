import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { forbidden } from '@/lib/http/errors';
import { conversationsQuery } from '@/lib/console/contracts';
import { countOwnConversations, listOwnConversations } from '@/lib/console/conversations';
import { otherMethods } from '@/lib/http/unsupported';

// The body stays the documented array; the total for paging ("load more")
// travels in X-Total-Count.
export const GET = route({ family: 'search', query: conversationsQuery }, async ({ principal, query }) => {
  if (!principal.email) throw forbidden('Only a person (or a key that belongs to one) has conversations of their own');
  const projectId = projectOf(principal);
  const [items, total] = await Promise.all([
    listOwnConversations(projectId, principal.email, { limit: query.limit ?? 30, offset: query.offset ?? 0, origin: query.origin, q: query.q || undefined }),
    countOwnConversations(projectId, principal.email, query.origin, query.q || undefined),
  ]);
  return Response.json(items, { headers: { 'x-total-count': String(total) } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
