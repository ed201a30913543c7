// POST /searcher/v1/datasets/{dataset_id}/resync: re-fetches the dataset's
// URL contents now, conditionally (docs/import.md "Re-sync"); the sync's
// progress is an upload, its result at GET …/sync.
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { startSync } from '@/lib/ingest/sync/syncs';
import { otherMethods } from '@/lib/http/unsupported';

export const POST = route({ family: 'knowledge', write: true, params: idParams('dataset_id') }, async ({ principal, params }) =>
  startSync(projectOf(principal), params.dataset_id),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
