import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { resolveBody } from '@/lib/review/contract';
import { resolveInteractions } from '@/lib/review/queue';
import { otherMethods } from '@/lib/http/unsupported';

export const POST = route({ family: 'knowledge', write: true, body: resolveBody }, async ({ principal, body }) =>
  resolveInteractions(projectOf(principal), body.identifiers, principal.email ?? 'api-key'),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
