// GET /searcher/v1/contents/{content_id}/original: the bytes a content was
// uploaded with, as a download (streamed piece by piece from the database).
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { originalOf } from '@/lib/ingest/file-uploads';
import { storedFileStream } from '@/lib/ingest/files';
import { attachmentDisposition } from '@/lib/ingest/file-names';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge', params: idParams('content_id') }, async ({ principal, params }) => {
  const file = await originalOf(projectOf(principal), params.content_id);
  return new Response(storedFileStream(file.id), {
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(file.size),
      'content-disposition': attachmentDisposition(file.name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
