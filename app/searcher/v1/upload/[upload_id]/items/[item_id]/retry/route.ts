// POST /searcher/v1/upload/{upload_id}/items/{item_id}/retry: a failed item
// goes back to the queue, with a corrected `url` when one is sent
// (docs/import.md, "Retry a failed item"). Same roles as starting an upload.
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { retryItemBody } from '@/lib/ingest/contract';
import { retryUploadItem } from '@/lib/ingest/retry';
import { otherMethods } from '@/lib/http/unsupported';

export const POST = route(
  { family: 'knowledge', write: true, params: idParams('upload_id', 'item_id'), body: retryItemBody },
  async ({ principal, params, body }) => retryUploadItem(projectOf(principal), params.upload_id, params.item_id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
