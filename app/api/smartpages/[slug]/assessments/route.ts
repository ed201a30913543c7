import { z } from 'zod';
import { route } from '@/lib/http/route';
import { smartpageRatingBody } from '@/lib/smartpages/contract';
import { perSmartpageVisitor } from '@/lib/smartpages/rate-limit';
import { rateSmartpageAnswer } from '@/lib/smartpages/rate-answer';
import { currentVisitor } from '@/lib/smartpages/visitor';
import { otherMethods } from '@/lib/http/unsupported';

const params = z.object({ slug: z.string().max(100) });

// Public like the page's chat: a visitor rates an answer of their own
// conversation on this page (no token; the page and conversation are the scope).
// Rate limited per client address and page (lib/smartpages/rate-limit.ts).
export const POST = route({ family: 'public', params, body: smartpageRatingBody, rateLimit: perSmartpageVisitor }, async ({ params, body }) =>
  rateSmartpageAnswer(params.slug, await currentVisitor(), body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
