// Uploads as the API sees them: creating one (the upload and all its items
// in one transaction, before the answer is sent) and reading progress.
// Every read is scoped by the caller's project: another project's upload
// is simply "not found".
import { db } from '../db/client';
import { badRequest, notFound } from '../errors';
import type { UploadBody } from './contract';
import { firstRefusedUrl, refusedUrlDetail, type SubmissionCheckOptions } from './submission-check';
import { wakeImportWorkers } from './wake';
import { crawlProgressOf, type CrawlProgress } from './crawl/crawls';
import { uploadRecord, uploadSummary, type UploadDetail, type UploadSummary } from './serializers';

export async function createUpload(projectId: number, body: UploadBody, check: SubmissionCheckOptions = {}): Promise<{ message: string; id: number }> {
  // A URL the import policy refuses sends the whole upload back, before anything is written.
  const refused = await firstRefusedUrl(
    body.uploads.map((item) => item.url),
    check,
  );
  if (refused) throw badRequest(refusedUrlDetail(`uploads.${refused.index}.url`, refused.url, refused.reason));
  const upload = await db().upload.create({
    data: {
      projectId,
      name: body.name,
      items: {
        create: body.uploads.map((item, position) => ({
          position,
          url: item.url,
          datasetName: item.dataset_name,
          subjectName: item.subject_name ?? null,
          contentName: item.content_name ?? null,
          sourceLink: item.source_link ?? null,
        })),
      },
    },
    select: { id: true },
  });
  wakeImportWorkers();
  return { message: 'Upload started', id: upload.id };
}

/** An upload with its items; a crawl's upload also has `crawl` (its pages found / fetched / indexed and limits). */
export async function getUpload(projectId: number, uploadId: number): Promise<UploadDetail & { crawl?: CrawlProgress }> {
  const upload = await db().upload.findFirst({ where: { id: uploadId, projectId }, include: { items: { orderBy: { position: 'asc' } } } });
  if (!upload) throw notFound(`Upload ${uploadId} not found`);
  const crawl = await crawlProgressOf(upload.id);
  return { ...uploadRecord(upload, upload.items, await contentTitles(projectId, upload.items)), ...(crawl ? { crawl } : {}) };
}

/** The current names of the contents the items imported, by id: a page is known by its title, not its file name ("index.html"). */
async function contentTitles(projectId: number, items: { contentId: number | null }[]): Promise<Map<number, string>> {
  const ids = [...new Set(items.flatMap((item) => (item.contentId === null ? [] : [item.contentId])))];
  if (!ids.length) return new Map();
  const contents = await db().content.findMany({ where: { id: { in: ids }, dataset: { projectId } }, select: { id: true, name: true } });
  return new Map(contents.map((content) => [content.id, content.name]));
}

export async function listUploads(projectId: number, page: { limit?: number; offset?: number }): Promise<UploadSummary[]> {
  const uploads = await db().upload.findMany({
    where: { projectId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.limit ?? 20,
    skip: page.offset ?? 0,
    include: { items: { select: { state: true, updatedAt: true } } },
  });
  return uploads.map((upload) => uploadSummary(upload, upload.items));
}
