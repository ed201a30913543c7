import { route } from '@/lib/http/route';
import { createApiKey, listApiKeys } from '@/lib/auth/keys';
import { keyCreateBody } from '@/lib/console/contract';
import { managedProjectId, requireManager } from '@/lib/console/workspace';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'management' }, async ({ principal, request }) => {
  requireManager(principal);
  return listApiKeys(await managedProjectId(principal, request));
});

export const POST = route({ family: 'management', body: keyCreateBody }, async ({ principal, request, body }) => {
  requireManager(principal);
  const created = await createApiKey(await managedProjectId(principal, request), {
    name: body.name,
    userId: principal.userId,
    expiresAt: body.expires_at ?? null,
  });
  return Response.json(created, { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
