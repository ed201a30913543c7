// GET  /searcher/v1/contents/{content_id}/text: the passages' text joined (what "Edit text" starts from).
// PUT  /searcher/v1/contents/{content_id}/text {text}: replace a typed content's text; its passages are
// written again in one transaction, unchanged ones kept (409 for a content imported from a URL or file).
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { getContentText, replaceContentText } from '@/lib/knowledge/content-text';
import { contentTextBody } from '@/lib/knowledge/contract';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('content_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => getContentText(projectOf(principal), params.content_id));

export const PUT = route({ family: 'knowledge', write: true, params, body: contentTextBody }, async ({ principal, params, body }) =>
  replaceContentText(projectOf(principal), principal.organizationId, params.content_id, body.text),
);

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
