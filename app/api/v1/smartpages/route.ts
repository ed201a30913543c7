import { route } from '@/lib/http/route';
import { smartpageCreateBody } from '@/lib/smartpages/contract';
import { createSmartpage, listSmartpages } from '@/lib/smartpages/service';
import { managedProjectId } from '@/lib/console/workspace';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'management' }, async ({ principal, request }) => listSmartpages(await managedProjectId(principal, request)));

export const POST = route({ family: 'management', write: true, body: smartpageCreateBody }, async ({ principal, request, body }) => {
  const created = await createSmartpage(await managedProjectId(principal, request), principal.organizationId, body);
  return Response.json(created, { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
