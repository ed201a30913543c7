import { z } from 'zod';
import { route } from '@/lib/http/route';
import { answerResponse } from '@/lib/http/answers';
import { smartpageSearchBody } from '@/lib/smartpages/contract';
import { askSmartpage } from '@/lib/smartpages/ask';
import { currentVisitor } from '@/lib/smartpages/visitor';
import { perSmartpageVisitor } from '@/lib/smartpages/rate-limit';
import { otherMethods } from '@/lib/http/unsupported';

const params = z.object({ slug: z.string().max(100) });

// Public: anyone may ask a public page; a private one checks the signed-in visitor.
// Rate limited per client address and page (lib/smartpages/rate-limit.ts).
export const POST = route({ family: 'public', params, body: smartpageSearchBody, rateLimit: perSmartpageVisitor }, async ({ params, body }) =>
  answerResponse(await askSmartpage(params.slug, await currentVisitor(), body)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
