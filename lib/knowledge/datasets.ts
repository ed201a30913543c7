// Datasets of a project. Every function takes the caller's project id and
// finds rows only within it: another tenant's id is simply "not found".
import { db } from '../db/client';
import { conflict, notFound } from '../errors';
import { datasetListItem, datasetRecord, datasetUpdated, subjectRecord, contentRecord, type DatasetFull } from './serializers';

export async function findDataset(projectId: number, datasetId: number) {
  const dataset = await db().dataset.findFirst({ where: { id: datasetId, projectId } });
  if (!dataset) throw notFound(`Dataset ${datasetId} not found`);
  return dataset;
}

export async function listDatasets(projectId: number) {
  const rows = await db().dataset.findMany({ where: { projectId }, orderBy: { id: 'asc' } });
  return rows.map(datasetListItem);
}

export async function getDataset(projectId: number, datasetId: number) {
  return datasetRecord(await findDataset(projectId, datasetId));
}

export async function listDatasetsFull(projectId: number): Promise<DatasetFull[]> {
  const rows = await db().dataset.findMany({
    where: { projectId },
    orderBy: { id: 'asc' },
    include: { subjects: { orderBy: { id: 'asc' }, include: { contents: { orderBy: { id: 'asc' } } } } },
  });
  return rows.map((d) => ({
    ...datasetRecord(d),
    subjects: d.subjects.map((s) => ({ ...subjectRecord(s), contents: s.contents.map(contentRecord) })),
  }));
}

async function assertNameFree(projectId: number, name: string, exceptId?: number) {
  const clash = await db().dataset.findFirst({ where: { projectId, name, ...(exceptId ? { NOT: { id: exceptId } } : {}) } });
  if (clash) throw conflict(`A dataset named "${name}" already exists in this project`);
}

export async function createDataset(projectId: number, input: { name: string; description?: string }) {
  await assertNameFree(projectId, input.name);
  const dataset = await db().dataset.create({ data: { projectId, name: input.name, description: input.description ?? '' } });
  return datasetRecord(dataset);
}

export async function renameDataset(projectId: number, datasetId: number, input: { name: string; description?: string }) {
  await findDataset(projectId, datasetId);
  await assertNameFree(projectId, input.name, datasetId);
  const dataset = await db().dataset.update({
    where: { id: datasetId },
    data: { name: input.name, ...(input.description !== undefined ? { description: input.description } : {}) },
  });
  return datasetUpdated(dataset);
}

/**
 * Deletes a dataset with its subjects, contents and passages in one
 * transaction, and gives its indexed tokens back to the organisation.
 * A dataset that a datamodel still uses is refused: deleting it would
 * silently break that datamodel and its smartpages.
 */
export async function deleteDataset(projectId: number, organizationId: number, datasetId: number) {
  await findDataset(projectId, datasetId);
  const users = await db().datamodel.findMany({ where: { datasetId }, select: { name: true } });
  if (users.length) throw conflict(`Dataset ${datasetId} is used by datamodel ${users.map((u) => `"${u.name}"`).join(', ')}; delete or change those first`);
  await db().$transaction(async (tx) => {
    const tokens = await tx.content.aggregate({ where: { datasetId }, _sum: { tokenCount: true } });
    await tx.dataset.delete({ where: { id: datasetId } });
    await tx.organization.update({ where: { id: organizationId }, data: { indexedTokens: { decrement: tokens._sum.tokenCount ?? 0 } } });
  });
}
