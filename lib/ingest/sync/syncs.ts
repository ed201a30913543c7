// Re-syncs of a dataset's URL contents (issue 16 item 3). A sync is an
// upload whose items re-fetch each content's URL conditionally
// (process-item.ts): 304 or the same bytes → unchanged, nothing re-indexed;
// new bytes → parsed and replaced in one transaction (unchanged passages
// keep their ids); 404/410 → a miss, removed at the second consecutive one.
// What a sync found is read from its items' outcomes. Syncs start on demand
// or by the dataset's schedule (runDueSyncs, called by the import workers).
import { z } from 'zod';
import { db, type Tx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { wakeImportWorkers } from '../wake';

/** Contents of files uploaded from the computer are keyed `upload:<name>` (file-names.ts): nothing to fetch. */
const UPLOAD_KEY_PREFIX = 'upload:';

export const SCHEDULES = ['none', 'hourly', 'daily', 'weekly'] as const;
export type Schedule = (typeof SCHEDULES)[number];
const INTERVAL_MS: Record<Exclude<Schedule, 'none'>, number> = { hourly: 3_600_000, daily: 86_400_000, weekly: 7 * 86_400_000 };

export const scheduleBody = z
  .object({ schedule: z.enum(SCHEDULES, { message: `schedule must be one of ${SCHEDULES.join(', ')}` }) }, { message: 'Request body must be a JSON object' })
  .strict();

export type SyncChange = {
  content_id: number | null;
  url: string;
  name: string | null;
  outcome: 'changed' | 'missing' | 'removed' | 'failed';
  error: string | null;
};
export type SyncRecord = {
  id: number;
  upload_id: number;
  trigger: 'manual' | 'schedule';
  state: 'running' | 'done';
  started_at: string;
  finished_at: string | null;
  /** Contents checked so far, and what each check found. */
  checked: number;
  total: number;
  unchanged: number;
  changed: number;
  missing: number;
  removed: number;
  failed: number;
  /** The contents that changed, went missing, were removed or failed (at most 100). */
  changes: SyncChange[];
};
export type SyncStatus = { dataset_id: number; schedule: Schedule; next_sync_at: string | null; last_sync: SyncRecord | null; syncs: SyncRecord[] };

/** A re-sync now; 409 while one of the dataset is still running, or when it has no URL contents. */
export async function startSync(projectId: number, datasetId: number): Promise<{ message: string; id: number; sync_id: number }> {
  const dataset = await db().dataset.findFirst({ where: { id: datasetId, projectId }, select: { id: true } });
  if (!dataset) throw notFound(`Dataset ${datasetId} not found`);
  const started = await db().$transaction((tx) => createSync(tx, datasetId, 'manual'), { maxWait: 30_000, timeout: 60_000 });
  if (started === 'running') throw conflict('A re-sync of this dataset is still running');
  if (started === 'empty') throw conflict('This dataset has no contents imported from a URL, so there is nothing to re-sync');
  wakeImportWorkers();
  return { message: 'Re-sync started', id: started.uploadId, sync_id: started.syncId };
}

/** Writes the sync's upload and one item per URL content, inside the caller's transaction. */
async function createSync(tx: Tx, datasetId: number, trigger: 'manual' | 'schedule'): Promise<'running' | 'empty' | { uploadId: number; syncId: number }> {
  const last = await tx.datasetSync.findFirst({ where: { datasetId }, orderBy: { id: 'desc' }, select: { uploadId: true } });
  if (last && (await tx.uploadItem.count({ where: { uploadId: last.uploadId, state: { notIn: ['done', 'failed'] } } })) > 0) return 'running';
  const dataset = await tx.dataset.findUniqueOrThrow({ where: { id: datasetId }, select: { name: true, projectId: true } });
  const contents = await tx.content.findMany({
    where: { datasetId, importUrl: { not: null }, NOT: { importUrl: { startsWith: UPLOAD_KEY_PREFIX } } },
    select: { name: true, importUrl: true, source: true, subject: { select: { name: true } } },
    orderBy: { id: 'asc' },
  });
  if (!contents.length) return 'empty';
  const upload = await tx.upload.create({ data: { projectId: dataset.projectId, name: `Re-sync of ${dataset.name}`.slice(0, 200) }, select: { id: true } });
  const sync = await tx.datasetSync.create({ data: { datasetId, uploadId: upload.id, trigger }, select: { id: true } });
  await tx.uploadItem.createMany({
    data: contents.map((content, position) => ({
      uploadId: upload.id,
      position,
      url: content.importUrl!,
      datasetName: dataset.name,
      // A re-sync keeps the content's name, subject and link as they are now (edits stay).
      subjectName: content.subject.name,
      contentName: content.name,
      sourceLink: content.source && content.source !== content.importUrl ? content.source : null,
      sync: true,
    })),
  });
  return { uploadId: upload.id, syncId: sync.id };
}

export async function syncStatus(projectId: number, datasetId: number): Promise<SyncStatus> {
  const dataset = await db().dataset.findFirst({ where: { id: datasetId, projectId }, select: { id: true, syncSchedule: true, nextSyncAt: true } });
  if (!dataset) throw notFound(`Dataset ${datasetId} not found`);
  const syncs = await db().datasetSync.findMany({ where: { datasetId }, orderBy: { id: 'desc' }, take: 10 });
  const records = await Promise.all(syncs.map(syncRecord));
  return {
    dataset_id: dataset.id,
    schedule: dataset.syncSchedule as Schedule,
    next_sync_at: dataset.nextSyncAt?.toISOString() ?? null,
    last_sync: records[0] ?? null,
    syncs: records,
  };
}

export async function setSchedule(projectId: number, datasetId: number, schedule: Schedule, now = new Date()): Promise<SyncStatus> {
  const { count } = await db().dataset.updateMany({
    where: { id: datasetId, projectId },
    data: { syncSchedule: schedule, nextSyncAt: nextRun(schedule, now) },
  });
  if (!count) throw notFound(`Dataset ${datasetId} not found`);
  return syncStatus(projectId, datasetId);
}

const nextRun = (schedule: Schedule, from: Date) => (schedule === 'none' ? null : new Date(from.getTime() + INTERVAL_MS[schedule]));

async function syncRecord(sync: { id: number; uploadId: number; trigger: string; createdAt: Date }): Promise<SyncRecord> {
  const items = await db().uploadItem.findMany({
    where: { uploadId: sync.uploadId },
    select: { url: true, state: true, outcome: true, error: true, contentId: true, contentName: true, updatedAt: true },
    orderBy: { position: 'asc' },
  });
  const count = (outcome: string) => items.filter((i) => i.state === 'done' && i.outcome === outcome).length;
  const settled = items.filter((i) => i.state === 'done' || i.state === 'failed');
  const done = settled.length === items.length;
  const changes = items
    .filter((i) => i.state === 'failed' || (i.state === 'done' && i.outcome !== 'unchanged'))
    .slice(0, 100)
    .map((i) => ({
      content_id: i.contentId,
      url: i.url,
      name: i.contentName,
      outcome: (i.state === 'failed' ? 'failed' : i.outcome) as SyncChange['outcome'],
      error: i.state === 'failed' ? i.error : null,
    }));
  return {
    id: sync.id,
    upload_id: sync.uploadId,
    trigger: sync.trigger as SyncRecord['trigger'],
    state: done ? 'done' : 'running',
    started_at: sync.createdAt.toISOString(),
    finished_at: done ? new Date(Math.max(sync.createdAt.getTime(), ...settled.map((i) => i.updatedAt.getTime()))).toISOString() : null,
    checked: settled.length,
    total: items.length,
    unchanged: count('unchanged'),
    changed: count('changed'),
    missing: count('missing'),
    removed: count('removed'),
    failed: items.filter((i) => i.state === 'failed').length,
    changes,
  };
}

/**
 * Starts the syncs whose time has come. Each due dataset is taken with a
 * compare-and-set on its next_sync_at inside the transaction that writes the
 * sync: on PostgreSQL a second instance's UPDATE waits for the first one's
 * row lock, then finds next_sync_at changed and takes nothing, so one
 * instance starts each sync; a crash before the commit leaves it due. A
 * dataset whose previous sync is still running skips this turn.
 */
export async function runDueSyncs(options: { now?: Date; projectId?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const due = await db().dataset.findMany({
    where: { syncSchedule: { not: 'none' }, nextSyncAt: { lte: now }, ...(options.projectId === undefined ? {} : { projectId: options.projectId }) },
    select: { id: true, syncSchedule: true, nextSyncAt: true },
    take: 20,
  });
  let started = 0;
  for (const dataset of due) {
    const result = await db().$transaction(
      async (tx) => {
        const { count } = await tx.dataset.updateMany({
          where: { id: dataset.id, nextSyncAt: dataset.nextSyncAt },
          data: { nextSyncAt: nextRun(dataset.syncSchedule as Schedule, now) },
        });
        if (count !== 1) return null;
        return createSync(tx, dataset.id, 'schedule');
      },
      { maxWait: 30_000, timeout: 60_000 },
    );
    if (result && typeof result === 'object') started++;
  }
  if (started) wakeImportWorkers();
  return started;
}
