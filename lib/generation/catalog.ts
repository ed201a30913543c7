// Generative models (with their fee multipliers), generation presets and
// datamodels (a named dataset + preset + model in a project), named the way
// the admin CLI and the seeds name them. The work is in models.ts,
// presets.ts and datamodels.ts, which the API routes call too.
import { db } from '../db/client';
import { notFound } from '../errors';
import type { PresetParameters } from './contract';
import { insertDatamodel } from './datamodels';
import { findVisibleModelByName } from './models';
import { insertPreset } from './presets';

export { upsertGenerativeModel, deleteServiceModel, type ServiceModelInput as GenerativeModelInput } from './models';
export { DEFAULT_PROMPT_TEMPLATE } from './contract';

export async function createPreset(
  projectId: number,
  input: { identifier: string; name?: string; generativeModelName: string; promptTemplate?: string; parameters?: PresetParameters },
) {
  const model = await findVisibleModelByName(projectId, input.generativeModelName);
  return insertPreset(projectId, { ...input, generativeModelId: model.id });
}

export async function createDatamodel(projectId: number, input: { name: string; datasetName: string; presetIdentifier: string; generativeModelName?: string }) {
  const dataset = await db().dataset.findFirst({ where: { projectId, name: input.datasetName }, select: { id: true } });
  if (!dataset) throw notFound(`Dataset "${input.datasetName}" not found in project ${projectId}`);
  const preset = await db().generationPreset.findFirst({ where: { projectId, identifier: input.presetIdentifier }, select: { id: true } });
  if (!preset) throw notFound(`Preset "${input.presetIdentifier}" not found in project ${projectId}`);
  const model = input.generativeModelName ? await findVisibleModelByName(projectId, input.generativeModelName) : null;
  return insertDatamodel(projectId, { name: input.name, datasetId: dataset.id, presetId: preset.id, generativeModelId: model?.id });
}

/** By name, for the CLI. */
export async function findPresetByIdentifier(projectId: number, identifier: string) {
  const preset = await db().generationPreset.findFirst({ where: { projectId, identifier } });
  if (!preset) throw notFound(`Preset "${identifier}" not found in project ${projectId}`);
  return preset;
}

export async function findDatamodelByName(projectId: number, name: string) {
  const datamodel = await db().datamodel.findFirst({ where: { projectId, name } });
  if (!datamodel) throw notFound(`Datamodel "${name}" not found in project ${projectId}`);
  return datamodel;
}
