import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { forbidden } from '@/lib/http/errors';
import { conversationsQuery } from '@/lib/console/contracts';
import { listOwnConversations } from '@/lib/console/conversations';

export const GET = route({ family: 'search', query: conversationsQuery }, async ({ principal, query }) => {
  if (!principal.email) throw forbidden('Only a person (or a key that belongs to one) has conversations of their own');
  return listOwnConversations(projectOf(principal), principal.email, { limit: query.limit ?? 30, offset: query.offset ?? 0, origin: query.origin });
});
