// Liveness and readiness in one: answers 200 only when the database answers.
import { route } from '@/lib/http/route';
import { db } from '@/lib/db/client';

export const GET = route({ family: 'public' }, async () => {
  await db().$queryRaw`SELECT 1`;
  return { status: 'ok' };
});
