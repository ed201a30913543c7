// GET /searcher/v1/datasets/{dataset_id}/sync: the re-sync schedule, next
// and last sync and what it changed; PUT sets the schedule
// (none | hourly | daily | weekly), run by the import workers.
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { scheduleBody, setSchedule, syncStatus } from '@/lib/ingest/sync/syncs';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('dataset_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => syncStatus(projectOf(principal), params.dataset_id));

export const PUT = route({ family: 'knowledge', write: true, params, body: scheduleBody }, async ({ principal, params, body }) =>
  setSchedule(projectOf(principal), params.dataset_id, body.schedule),
);

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
