// POST /searcher/v1/upload/files: files from the computer as multipart/form-data
// (files + dataset_name + optional subject_name and name). The body is read as
// it streams, within the upload limits (413); the files join the import queue
// and their progress is read at GET /searcher/v1/upload/{id} (docs/import.md).
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { createFileUpload } from '@/lib/ingest/file-uploads';
import { otherMethods } from '@/lib/http/unsupported';

export const POST = route({ family: 'knowledge', write: true }, async ({ principal, request }) => createFileUpload(projectOf(principal), request));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
