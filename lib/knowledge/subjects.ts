// Subjects group the contents of a dataset.
import { db } from '../db/client';
import { conflict, notFound } from '../errors';
import { findDataset } from './datasets';
import { subjectRecord } from './serializers';

export async function findSubject(projectId: number, subjectId: number) {
  const subject = await db().subject.findFirst({ where: { id: subjectId, dataset: { projectId } } });
  if (!subject) throw notFound(`Subject ${subjectId} not found`);
  return subject;
}

export async function getSubject(projectId: number, subjectId: number) {
  return subjectRecord(await findSubject(projectId, subjectId));
}

export async function listSubjects(projectId: number, datasetId: number) {
  await findDataset(projectId, datasetId);
  const rows = await db().subject.findMany({ where: { datasetId }, orderBy: { id: 'asc' } });
  return rows.map(subjectRecord);
}

async function assertNameFree(datasetId: number, name: string, exceptId?: number) {
  const clash = await db().subject.findFirst({ where: { datasetId, name, ...(exceptId ? { NOT: { id: exceptId } } : {}) } });
  if (clash) throw conflict(`A subject named "${name}" already exists in this dataset`);
}

export async function createSubject(projectId: number, datasetId: number, name: string) {
  await findDataset(projectId, datasetId);
  await assertNameFree(datasetId, name);
  return subjectRecord(await db().subject.create({ data: { datasetId, name } }));
}

export async function renameSubject(projectId: number, subjectId: number, name: string) {
  const subject = await findSubject(projectId, subjectId);
  await assertNameFree(subject.datasetId, name, subjectId);
  return subjectRecord(await db().subject.update({ where: { id: subjectId }, data: { name } }));
}

/** Deletes the subject with its contents and passages; tokens go back to the organisation. */
export async function deleteSubject(projectId: number, organizationId: number, subjectId: number) {
  await findSubject(projectId, subjectId);
  await db().$transaction(async (tx) => {
    const tokens = await tx.content.aggregate({ where: { subjectId }, _sum: { tokenCount: true } });
    await tx.subject.delete({ where: { id: subjectId } });
    await tx.organization.update({ where: { id: organizationId }, data: { indexedTokens: { decrement: tokens._sum.tokenCount ?? 0 } } });
  });
}
