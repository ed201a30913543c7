import { z } from 'zod';
import { route } from '@/lib/http/route';
import { MAX_ID } from '@/lib/http/schemas';
import { bearerToken } from '@/lib/auth/principal';
import { issueUserToken, revokeUserToken } from '@/lib/auth/users';
import { unauthorized } from '@/lib/http/errors';
import { clientAddress } from '@/lib/http/rate-limit';
import { otherMethods } from '@/lib/http/unsupported';

const body = z.object({
  email: z.string({ message: 'email is required' }).trim().min(1, 'email is required').max(320),
  password: z.string({ message: 'password is required' }).min(1, 'password is required').max(1000),
  organization_id: z.number().int().positive().max(MAX_ID, 'organization_id is too large').optional(),
});

/** Signs in with email + password and answers an expiring user access token. */
export const POST = route({ family: 'public', body }, async ({ body, request }) =>
  issueUserToken(body.email, body.password, clientAddress(request), body.organization_id),
);

/** Revokes the user access token sent in the Authorization header. */
export const DELETE = route({ family: 'public' }, async ({ request }) => {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Missing Authorization header');
  await revokeUserToken(token);
  return new Response(null, { status: 204 });
});

export const { GET, PUT, PATCH } = otherMethods('POST', 'DELETE');
