// GET /searcher/v1/uploads?limit&offset: the project's uploads, newest first.
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { uploadListQuery } from '@/lib/ingest/contract';
import { listUploads } from '@/lib/ingest/uploads';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge', query: uploadListQuery }, async ({ principal, query }) => listUploads(projectOf(principal), query));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
