import { route } from '@/lib/http/route';
import { describeMe } from '@/lib/console/workspace';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'management' }, async ({ principal, request }) => {
  const header = request.headers.get('x-project-id');
  return describeMe(principal, header && /^\d{1,9}$/.test(header) ? Number(header) : null);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
