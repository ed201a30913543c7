import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { listContentsFull } from '@/lib/knowledge/contents';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge', params: idParams('dataset_id') }, async ({ principal, params }) =>
  listContentsFull(projectOf(principal), params.dataset_id),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
