// Readiness: 200 when the database answers and every committed migration is
// applied, else 503 {detail} saying what is missing. Liveness is /api/health.
import { route } from '@/lib/http/route';
import { ApiError } from '@/lib/http/errors';
import { otherMethods } from '@/lib/http/unsupported';
import { readiness } from '@/lib/server/readiness';

export const GET = route({ family: 'public' }, async () => {
  const state = await readiness();
  if (!state.ready) throw new ApiError('service_unavailable', state.detail);
  return { status: 'ready' };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
