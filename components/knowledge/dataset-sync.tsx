'use client';
// Re-sync on the dataset page: when the dataset's web pages were last
// checked and will be next, what the last check changed, a "Re-sync now"
// button and the schedule (editors, admins and owners; viewers only read).
import { RefreshCw } from 'lucide-react';
import Link from 'next/link';
import { ApiClientError } from '@/components/api/client';
import { Button, Card, CardBody, CardHeader, ErrorNote, ErrorState, Field, LoadingBlock, Select, formatDateTime, formatNumber } from '@/components/ui';
import { useCanWrite } from './api';
import { type Schedule, type SyncRecord, useDatasetSync, useResyncNow, useSetSchedule } from './crawl-api';

const SCHEDULE_LABELS: Record<Schedule, string> = { none: 'Only when asked', hourly: 'Every hour', daily: 'Every day', weekly: 'Every week' };
const OUTCOME_LABELS = { changed: 'Updated', missing: 'Not found (kept once)', removed: 'Removed', failed: 'Could not check' } as const;

export function DatasetSync({ datasetId }: { datasetId: number }) {
  const sync = useDatasetSync(datasetId);
  const resync = useResyncNow(datasetId);
  const schedule = useSetSchedule(datasetId);
  const canWrite = useCanWrite();
  if (sync.isPending)
    return (
      <Card className="mt-6 p-5">
        <LoadingBlock lines={2} label="Loading re-sync" />
      </Card>
    );
  // A dataset that is not found (another project's id): the page above says so once.
  if (sync.isError && sync.error instanceof ApiClientError && sync.error.status === 404) return null;
  if (sync.isError)
    return (
      <div className="mt-6">
        <ErrorState error={sync.error} title="Could not load the re-sync status" onRetry={() => sync.refetch()} />
      </div>
    );
  const status = sync.data;
  const last = status.last_sync;
  const running = last?.state === 'running';
  return (
    <Card className="mt-6">
      <CardHeader
        title="Re-sync from the web"
        description="Pages imported from a URL are fetched again: unchanged ones cost one request and are not re-indexed, changed ones are replaced, pages gone twice in a row are removed."
        actions={
          canWrite ? (
            <Button size="sm" variant="secondary" loading={resync.isPending || running} disabled={running} onClick={() => resync.mutate()}>
              <RefreshCw className="size-4" aria-hidden="true" /> {running ? 'Re-syncing…' : 'Re-sync now'}
            </Button>
          ) : null
        }
      />
      <CardBody className="space-y-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-slate-500">Last sync</dt>
            <dd className="text-slate-900" data-testid="last-sync">
              {last ? (last.finished_at ? formatDateTime(last.finished_at) : `Running since ${formatDateTime(last.started_at)}`) : 'Never'}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Next sync</dt>
            <dd className="text-slate-900">{status.next_sync_at ? formatDateTime(status.next_sync_at) : 'Not scheduled'}</dd>
          </div>
          <div>
            {canWrite ? (
              <Field label="Schedule">
                {(p) => (
                  <Select {...p} value={status.schedule} disabled={schedule.isPending} onChange={(e) => schedule.mutate(e.target.value as Schedule)}>
                    {(Object.keys(SCHEDULE_LABELS) as Schedule[]).map((s) => (
                      <option key={s} value={s}>
                        {SCHEDULE_LABELS[s]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : (
              <>
                <dt className="text-xs text-slate-500">Schedule</dt>
                <dd className="text-slate-900">{SCHEDULE_LABELS[status.schedule]}</dd>
              </>
            )}
          </div>
        </dl>
        <ErrorNote error={resync.error ?? schedule.error} />
        {last ? <LastSync sync={last} /> : null}
      </CardBody>
    </Card>
  );
}

function LastSync({ sync }: { sync: SyncRecord }) {
  const summary = [
    `${formatNumber(sync.checked)} of ${formatNumber(sync.total)} pages checked`,
    `${formatNumber(sync.unchanged)} unchanged`,
    `${formatNumber(sync.changed)} updated`,
    sync.missing ? `${formatNumber(sync.missing)} not found` : null,
    sync.removed ? `${formatNumber(sync.removed)} removed` : null,
    sync.failed ? `${formatNumber(sync.failed)} could not be checked` : null,
  ].filter(Boolean);
  return (
    <div className="rounded-md bg-slate-50 px-3 py-3 text-sm" aria-live="polite">
      <p className="text-slate-800" data-testid="sync-summary">
        {summary.join(' · ')}{' '}
        <Link href={`/knowledge/uploads/${sync.upload_id}`} className="text-indigo-700 hover:underline">
          Details
        </Link>
      </p>
      {sync.changes.length ? (
        <ul className="mt-2 space-y-1" aria-label="What changed">
          {sync.changes.map((change) => (
            <li key={change.url} className="flex flex-wrap gap-x-2 text-xs">
              <span className="font-medium text-slate-700">{OUTCOME_LABELS[change.outcome]}:</span>
              {change.content_id && change.outcome !== 'removed' ? (
                <Link href={`/knowledge/contents/${change.content_id}`} className="text-indigo-700 hover:underline">
                  {change.name ?? change.url}
                </Link>
              ) : (
                <span className="text-slate-700">{change.name ?? change.url}</span>
              )}
              {change.error ? <span className="text-red-700">{change.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
