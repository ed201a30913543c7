// The caller's own thread in the console: rename it, or delete it from the
// list (the organisation's usage reports keep its interactions).
import { z } from 'zod';
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { conversationRenameBody } from '@/lib/console/contract';
import { deleteOwnConversation, renameOwnConversation, threadOwnerEmail } from '@/lib/console/conversations';
import { otherMethods } from '@/lib/http/unsupported';

const params = z.object({ conversation_id: z.string().trim().min(1).max(100) });

export const PATCH = route({ family: 'search', params, body: conversationRenameBody }, async ({ principal, params, body }) =>
  renameOwnConversation(projectOf(principal), threadOwnerEmail(principal), params.conversation_id, body.title),
);

export const DELETE = route({ family: 'search', params }, async ({ principal, params }) => {
  await deleteOwnConversation(projectOf(principal), threadOwnerEmail(principal), params.conversation_id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT } = otherMethods('PATCH', 'DELETE');
