import { z } from 'zod';
import { route } from '@/lib/http/route';
import { openSmartpage } from '@/lib/smartpages/service';
import { currentVisitor } from '@/lib/smartpages/visitor';
import { otherMethods } from '@/lib/http/unsupported';

const params = z.object({ slug: z.string().max(100) });

export const GET = route({ family: 'public', params }, async ({ params }) => {
  const visitor = await currentVisitor();
  return (await openSmartpage(params.slug, visitor?.email ?? null)).view;
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
