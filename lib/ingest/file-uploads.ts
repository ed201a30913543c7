// Uploads of files from the computer (POST /searcher/v1/upload/files) and
// re-parses of their stored originals. The files join the same queue as URL
// imports: each becomes an upload item that a worker reads from the database
// instead of fetching, then parses, splits and indexes the same way.
import path from 'node:path';
import { z } from 'zod';
import { appConfig } from '../config';
import { db } from '../db/client';
import { badRequest, conflict, notFound } from '../errors';
import { describeIssues } from '../http/parse';
import { name } from '../http/schemas';
import { importConfig } from './config';
import { storeFile } from './files';
import { uploadKeyOf } from './file-names';
import { refusalOfHead } from './sniff';
import { readUploadForm, removeSpooled, sweepSpool, type SpooledFile } from './upload-form';
import { wakeImportWorkers } from './wake';

export const FILE_FIELD = 'files';
const TEXT_FIELDS = ['dataset_name', 'subject_name', 'name'] as const;

const fieldsSchema = z.object({
  dataset_name: name('dataset_name'),
  subject_name: name('subject_name').optional(),
  name: name('name').optional(),
});

export type FileUploadAnswer = {
  message: string;
  id: number;
  files: { name: string; size: number; state: 'queued' | 'failed'; error: string | null }[];
};

/** The spool folder of uploads in flight (DATA_DIR/upload-spool); files there never outlive their request. */
export const spoolDir = () => path.join(appConfig().dataDir, 'upload-spool');

/**
 * Reads the form (limits enforced while it streams), checks the dataset,
 * then stores every accepted file's bytes, the upload and its items in ONE
 * transaction. A file whose first bytes show it can never be imported is
 * recorded as a failed item with the reason, and its bytes are not kept.
 */
export async function createFileUpload(projectId: number, request: Request): Promise<FileUploadAnswer> {
  const limits = importConfig().upload;
  void sweepSpool(spoolDir()).catch(() => undefined);
  const form = await readUploadForm(request, { fileField: FILE_FIELD, textFields: TEXT_FIELDS }, limits, spoolDir());
  try {
    // An optional field left empty in a form is simply not given.
    const given = Object.fromEntries(Object.entries(form.fields).filter(([key, value]) => key === 'dataset_name' || value.trim() !== ''));
    const parsed = fieldsSchema.safeParse(given);
    if (!parsed.success) throw badRequest(describeIssues(parsed.error));
    const fields = parsed.data;
    if (!form.files.length) throw badRequest(`${FILE_FIELD}: send at least one file`);
    const dataset = await db().dataset.findUnique({ where: { projectId_name: { projectId, name: fields.dataset_name } }, select: { id: true } });
    if (!dataset) throw notFound(`Dataset "${fields.dataset_name}" not found in this project`);
    const verdicts = form.files.map((file) => ({ file, refusal: refusalOfHead(file.head, file.size) }));
    const uploadName = fields.name ?? defaultName(form.files);
    const id = await db().$transaction(
      async (tx) => {
        const upload = await tx.upload.create({ data: { projectId, name: uploadName }, select: { id: true } });
        for (const [position, { file, refusal }] of verdicts.entries()) {
          const stored = refusal ? null : await storeFile(tx, projectId, file);
          await tx.uploadItem.create({
            data: {
              uploadId: upload.id,
              position,
              url: uploadKeyOf(file.name),
              datasetName: fields.dataset_name,
              subjectName: fields.subject_name ?? null,
              fileId: stored?.id ?? null,
              fileName: file.name,
              fileSize: file.size,
              ...(refusal ? { state: 'failed', error: refusal } : {}),
            },
          });
        }
        return upload.id;
      },
      { maxWait: 30_000, timeout: 120_000 },
    );
    wakeImportWorkers();
    return {
      message: 'Upload started',
      id,
      files: verdicts.map(({ file, refusal }) => ({ name: file.name, size: file.size, state: refusal ? 'failed' : 'queued', error: refusal })),
    };
  } finally {
    await removeSpooled(form.files);
  }
}

/** "a.pdf, b.md and 3 more", within the 200 characters of an upload's name. */
function defaultName(files: SpooledFile[]): string {
  const shown = files
    .slice(0, 3)
    .map((f) => f.name)
    .join(', ');
  const more = files.length > 3 ? ` and ${files.length - 3} more` : '';
  const text = `Files: ${shown}${more}`;
  return text.length <= 200 ? text : `${text.slice(0, 199)}…`;
}

/**
 * Parses a content again from the original bytes it was uploaded with
 * (after a parser upgrade, or to restore passages edited by hand): a new
 * upload with one item, through the same queue. Its name, subject and
 * source stay as they are now.
 */
export async function reparseContent(projectId: number, contentId: number): Promise<{ message: string; id: number }> {
  const content = await db().content.findFirst({
    where: { id: contentId, dataset: { projectId } },
    include: { dataset: { select: { name: true } }, subject: { select: { name: true } } },
  });
  if (!content) throw notFound(`Content ${contentId} not found`);
  if (content.fileId === null || !content.importUrl) throw conflict('This content was not uploaded from a file, so there is no original to read again');
  const file = await db().uploadFile.findFirst({ where: { id: content.fileId, projectId }, select: { id: true, name: true, size: true } });
  if (!file) throw conflict('The original file of this content is no longer stored: upload it again');
  const upload = await db().upload.create({
    data: {
      projectId,
      name: `Re-parse of ${content.name}`.slice(0, 200),
      items: {
        create: [
          {
            position: 0,
            url: content.importUrl,
            datasetName: content.dataset.name,
            subjectName: content.subject.name,
            contentName: content.name,
            sourceLink: content.source || null,
            fileId: file.id,
            fileName: file.name,
            fileSize: file.size,
          },
        ],
      },
    },
    select: { id: true },
  });
  wakeImportWorkers();
  return { message: 'Re-parse started', id: upload.id };
}

/** The original bytes of a content uploaded from a file, as a download. */
export async function originalOf(projectId: number, contentId: number): Promise<{ id: number; name: string; size: number }> {
  const content = await db().content.findFirst({ where: { id: contentId, dataset: { projectId } }, select: { fileId: true } });
  if (!content) throw notFound(`Content ${contentId} not found`);
  const file =
    content.fileId === null
      ? null
      : await db().uploadFile.findFirst({ where: { id: content.fileId, projectId }, select: { id: true, name: true, size: true } });
  if (!file) throw notFound(`Content ${contentId} has no stored original file`);
  return file;
}
