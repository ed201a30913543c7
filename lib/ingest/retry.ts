// Retrying a failed import item, optionally with a corrected URL: the item
// goes back to the queue as if it were new (attempts from zero, no error),
// and the progress endpoint shows it like any other. Scoped by the caller's
// project: another project's upload or item is "not found".
import { db } from '../db/client';
import { badRequest, conflict, notFound } from '../errors';
import type { RetryItemBody } from './contract';
import { itemRecord, type UploadItemRecord } from './serializers';
import { refusalOfUrl, refusedUrlDetail, type SubmissionCheckOptions } from './submission-check';
import { wakeImportWorkers } from './wake';

export async function retryUploadItem(
  projectId: number,
  uploadId: number,
  itemId: number,
  body: RetryItemBody,
  check: SubmissionCheckOptions = {},
): Promise<UploadItemRecord> {
  const item = await db().uploadItem.findFirst({ where: { id: itemId, uploadId, upload: { projectId } } });
  if (!item) throw notFound(`Item ${itemId} of upload ${uploadId} not found`);
  if (item.state !== 'failed') throw conflict(`Item ${itemId} is ${item.state}, not failed: only a failed item can be retried`);
  const fromComputer = item.fileName !== null;
  if (fromComputer && body.url !== undefined) throw conflict(`Item ${itemId} is a file uploaded from the computer: it has no URL to change`);
  if (fromComputer && item.fileId === null)
    throw conflict(`The file "${item.fileName}" is no longer stored (it was refused when uploaded, or removed): upload it again`);
  if (body.url !== undefined) {
    // Exactly as a submitted URL: the contract checked its form, the fetch policy its destination.
    const reason = await refusalOfUrl(body.url, check);
    if (reason) throw badRequest(refusedUrlDetail('url', body.url, reason));
  }
  // Only while it is still failed: two clicks (or two editors) re-queue it once.
  const { count } = await db().uploadItem.updateMany({
    where: { id: itemId, state: 'failed' },
    data: {
      state: 'queued',
      error: null,
      attempts: 0,
      nextAttemptAt: new Date(),
      lockedBy: null,
      lockedUntil: null,
      contentId: null,
      passageCount: 0,
      tokenCount: 0,
      ...(body.url !== undefined ? { url: body.url } : {}),
    },
  });
  if (count === 0) throw conflict(`Item ${itemId} is no longer failed: only a failed item can be retried`);
  wakeImportWorkers();
  // Queued again, it holds no content: no title to look up.
  return itemRecord(await db().uploadItem.findUniqueOrThrow({ where: { id: itemId } }), new Map());
}
