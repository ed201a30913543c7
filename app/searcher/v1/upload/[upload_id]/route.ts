// GET /searcher/v1/upload/{upload_id}: progress of one upload, item by item.
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { getUpload } from '@/lib/ingest/uploads';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge', params: idParams('upload_id') }, async ({ principal, params }) =>
  getUpload(projectOf(principal), params.upload_id),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
