import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { listPassages } from '@/lib/knowledge/contents';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge', params: idParams('content_id') }, async ({ principal, params }) =>
  listPassages(projectOf(principal), params.content_id),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
