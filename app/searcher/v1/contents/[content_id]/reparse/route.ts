// POST /searcher/v1/contents/{content_id}/reparse: parse an uploaded file's
// stored original again (same queue; progress at GET /searcher/v1/upload/{id}).
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { reparseContent } from '@/lib/ingest/file-uploads';
import { otherMethods } from '@/lib/http/unsupported';

export const POST = route({ family: 'knowledge', write: true, params: idParams('content_id') }, async ({ principal, params }) =>
  reparseContent(projectOf(principal), params.content_id),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
