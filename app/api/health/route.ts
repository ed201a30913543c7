// Liveness: answers 200 when the database answers. Readiness (migrations applied too) is /api/ready.
import { route } from '@/lib/http/route';
import { db } from '@/lib/db/client';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'public' }, async () => {
  await db().$queryRaw`SELECT 1`;
  return { status: 'ok' };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
