// Datamodels of a project: a named dataset + preset + model that search,
// the console and smartpages ask against. Every function takes the caller's
// project and finds rows only within it.
import { db } from '../db/client';
import { conflict, forbidden, notFound } from '../errors';
import type { DatamodelCreate, DatamodelUpdate } from './contract';
import { findVisibleModel } from './models';
import { findPreset } from './presets';
import { datamodelRecord, type DatamodelRecord } from './serializers';

const include = { dataset: true, preset: true, generativeModel: true, _count: { select: { smartpages: true } } } as const;

async function findDatamodel(projectId: number, id: number) {
  const datamodel = await db().datamodel.findFirst({ where: { id, projectId } });
  if (!datamodel) throw notFound(`Datamodel ${id} not found`);
  return datamodel;
}

async function findDatasetIn(projectId: number, id: number) {
  const dataset = await db().dataset.findFirst({ where: { id, projectId }, select: { id: true } });
  if (!dataset) throw notFound(`Dataset ${id} not found`);
  return dataset;
}

async function assertNameFree(projectId: number, name: string, exceptId?: number) {
  const clash = await db().datamodel.findFirst({ where: { projectId, name, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
  if (clash) throw conflict(`A datamodel "${name}" already exists in this project`);
}

/**
 * The plan's datamodel limit, counted over the whole organisation like the
 * smartpage limits. Only people and API keys are held to it: the operator's
 * CLI is not.
 */
async function assertWithinPlan(organizationId: number) {
  const subscription = await db().subscription.findUnique({ where: { organizationId }, include: { plan: true } });
  if (!subscription) throw forbidden('Your organisation has no plan, so it cannot create datamodels');
  const count = await db().datamodel.count({ where: { project: { organizationId } } });
  const limit = subscription.plan.datamodelLimit;
  if (count >= limit) {
    throw forbidden(
      `Your plan (${subscription.plan.name}) allows ${limit} datamodel${limit === 1 ? '' : 's'}; ${count} already exist${count === 1 ? 's' : ''}`,
    );
  }
}

/** The one way a datamodel is made (API, admin CLI, seeds); returns the row. Without a model, the preset's. */
export async function insertDatamodel(projectId: number, input: { name: string; datasetId: number; presetId: number; generativeModelId?: number }) {
  await findDatasetIn(projectId, input.datasetId);
  const preset = await findPreset(projectId, input.presetId);
  if (input.generativeModelId !== undefined) await findVisibleModel(projectId, input.generativeModelId);
  await assertNameFree(projectId, input.name);
  return db().datamodel.create({
    data: {
      projectId,
      name: input.name,
      datasetId: input.datasetId,
      presetId: preset.id,
      generativeModelId: input.generativeModelId ?? preset.generativeModelId,
    },
  });
}

export async function listDatamodelRecords(projectId: number): Promise<DatamodelRecord[]> {
  const rows = await db().datamodel.findMany({ where: { projectId }, include, orderBy: { name: 'asc' } });
  return rows.map(datamodelRecord);
}

export async function getDatamodel(projectId: number, id: number): Promise<DatamodelRecord> {
  await findDatamodel(projectId, id);
  return datamodelRecord(await db().datamodel.findUniqueOrThrow({ where: { id }, include }));
}

export async function createDatamodelRecord(projectId: number, organizationId: number, body: DatamodelCreate): Promise<DatamodelRecord> {
  await assertWithinPlan(organizationId);
  const row = await insertDatamodel(projectId, {
    name: body.name,
    datasetId: body.dataset_id,
    presetId: body.preset_id,
    generativeModelId: body.generative_model_id,
  });
  return getDatamodel(projectId, row.id);
}

/** Changing the preset keeps the datamodel's model unless `generative_model_id` is sent too. */
export async function updateDatamodel(projectId: number, id: number, body: DatamodelUpdate): Promise<DatamodelRecord> {
  await findDatamodel(projectId, id);
  if (body.dataset_id !== undefined) await findDatasetIn(projectId, body.dataset_id);
  if (body.preset_id !== undefined) await findPreset(projectId, body.preset_id);
  if (body.generative_model_id !== undefined) await findVisibleModel(projectId, body.generative_model_id);
  if (body.name !== undefined) await assertNameFree(projectId, body.name, id);
  const row = await db().datamodel.update({
    where: { id },
    data: { name: body.name, datasetId: body.dataset_id, presetId: body.preset_id, generativeModelId: body.generative_model_id },
    include,
  });
  return datamodelRecord(row);
}

/**
 * Refused (409) while a smartpage publishes the datamodel: the database
 * would delete the page with it. Its recorded usage stays (names are
 * copied into each interaction).
 */
export async function deleteDatamodel(projectId: number, id: number): Promise<void> {
  const datamodel = await findDatamodel(projectId, id);
  const pages = await db().smartpage.findMany({ where: { datamodelId: id }, select: { name: true, slug: true }, orderBy: { name: 'asc' }, take: 10 });
  if (pages.length) {
    throw conflict(
      `Datamodel "${datamodel.name}" is published by smartpage${pages.length > 1 ? 's' : ''} ${pages.map((p) => `"${p.name}" (/s/${p.slug})`).join(', ')}; delete those or point them at another datamodel first`,
    );
  }
  await db().datamodel.delete({ where: { id } });
}
