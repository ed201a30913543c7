// Contents: named items with a source, inside a subject of a dataset.
import { db } from '../db/client';
import { badRequest, notFound } from '../errors';
import { findDataset } from './datasets';
import { findSubject } from './subjects';
import { listContentsPage } from './content-list';
import { contentDetail, contentRecord, subjectRecord, type ContentDetail, type ContentWithSubject } from './serializers';
import { prepareText, TEXT_TRANSACTION, writeText } from './content-text';

export async function findContent(projectId: number, contentId: number) {
  const content = await db().content.findFirst({ where: { id: contentId, dataset: { projectId } } });
  if (!content) throw notFound(`Content ${contentId} not found`);
  return content;
}

/** The spec's plain listing: every content of the dataset, by id. */
export async function listContents(projectId: number, datasetId: number) {
  return (await listContentsPage(projectId, datasetId)).contents;
}

export async function listContentsFull(projectId: number, datasetId: number): Promise<ContentWithSubject[]> {
  await findDataset(projectId, datasetId);
  const rows = await db().content.findMany({ where: { datasetId }, orderBy: { id: 'asc' }, include: { subject: true } });
  return rows.map((c) => ({ ...contentRecord(c), subject: subjectRecord(c.subject) }));
}

export async function getContentDetail(projectId: number, contentId: number) {
  const content = await findContent(projectId, contentId);
  const passageCount = await db().passage.count({ where: { contentId } });
  return contentDetail(content, passageCount);
}

export type ContentInput = { name: string; source: string; media_video?: string | null; media_image?: string | null };

export async function updateContent(projectId: number, contentId: number, input: ContentInput) {
  await findContent(projectId, contentId);
  const content = await db().content.update({
    where: { id: contentId },
    data: {
      name: input.name,
      source: input.source,
      ...(input.media_video !== undefined ? { mediaVideo: input.media_video } : {}),
      ...(input.media_image !== undefined ? { mediaImage: input.media_image } : {}),
    },
  });
  return contentRecord(content);
}

/**
 * A content in a subject of the dataset. With `text`, its passages too: the
 * content, its passages and their index are written in one transaction
 * (content-text.ts), so search never sees it without them.
 */
export async function createContent(
  projectId: number,
  organizationId: number,
  datasetId: number,
  input: ContentInput & { subject_id: number; text?: string },
): Promise<ContentDetail> {
  await findDataset(projectId, datasetId);
  const subject = await findSubject(projectId, input.subject_id);
  if (subject.datasetId !== datasetId) throw badRequest(`subject_id: subject ${subject.id} belongs to another dataset`);
  const data = {
    datasetId,
    subjectId: subject.id,
    name: input.name,
    source: input.source,
    mediaVideo: input.media_video ?? null,
    mediaImage: input.media_image ?? null,
  };
  if (!input.text) return contentDetail(await db().content.create({ data }), 0);
  const prepared = await prepareText(input.text, input.name);
  const created = await db().$transaction((tx) => writeText(tx, organizationId, prepared, (tx) => tx.content.create({ data })), TEXT_TRANSACTION);
  // Read again: writing the passages set its token count.
  return contentDetail(await db().content.findUniqueOrThrow({ where: { id: created.id } }), prepared.chunks.length);
}

/** Deletes the content and its passages; its tokens go back to the organisation. */
export async function deleteContent(projectId: number, organizationId: number, contentId: number) {
  const content = await findContent(projectId, contentId);
  await db().$transaction(async (tx) => {
    await tx.content.delete({ where: { id: contentId } });
    await tx.organization.update({ where: { id: organizationId }, data: { indexedTokens: { decrement: content.tokenCount } } });
  });
}

export async function listPassages(projectId: number, contentId: number) {
  await findContent(projectId, contentId);
  const rows = await db().passage.findMany({ where: { contentId }, orderBy: { position: 'asc' } });
  return rows.map((p) => ({ id: p.id, position: p.position, heading: p.heading, text: p.text, answer: p.answer, token_count: p.tokenCount }));
}
