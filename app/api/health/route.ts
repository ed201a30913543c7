// Liveness and readiness in one: answers 200 only when the database answers.
import { route } from '@/lib/http/route';
import { db } from '@/lib/db/client';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'public' }, async () => {
  await db().$queryRaw`SELECT 1`;
  return { status: 'ok' };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
