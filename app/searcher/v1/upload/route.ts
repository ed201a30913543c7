// POST /searcher/v1/upload: stores the upload and its items, answers at once;
// the import runs in the background workers (lib/ingest/worker.ts).
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { uploadBody } from '@/lib/ingest/contract';
import { createUpload } from '@/lib/ingest/uploads';
import { otherMethods } from '@/lib/http/unsupported';

export const POST = route({ family: 'knowledge', write: true, body: uploadBody }, async ({ principal, body }) => createUpload(projectOf(principal), body));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
