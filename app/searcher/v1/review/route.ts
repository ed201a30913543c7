import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { reviewQuery } from '@/lib/review/contract';
import { assertMayReview, reviewQueue } from '@/lib/review/queue';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge', query: reviewQuery }, async ({ principal, query }) => {
  assertMayReview(principal);
  return reviewQueue(projectOf(principal), query);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
