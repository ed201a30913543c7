// Generation presets of a project: a prompt template, retrieval and
// generation parameters and a model. Every function takes the caller's
// project and finds rows only within it.
import { db } from '../db/client';
import { conflict, notFound } from '../errors';
import type { PresetCreate, PresetParameters, PresetUpdate } from './contract';
import { findVisibleModel } from './models';
import { presetRecord, type PresetRecord } from './serializers';
import { DEFAULT_PROMPT_TEMPLATE } from './contract';

export const DEFAULT_PARAMETERS: PresetParameters = { top_k: 5, min_score: 0 };

const include = { generativeModel: true, _count: { select: { datamodels: true } } } as const;

export async function findPreset(projectId: number, id: number) {
  const preset = await db().generationPreset.findFirst({ where: { id, projectId } });
  if (!preset) throw notFound(`Preset ${id} not found`);
  return preset;
}

export async function listPresetRecords(projectId: number): Promise<PresetRecord[]> {
  const rows = await db().generationPreset.findMany({ where: { projectId }, include, orderBy: { identifier: 'asc' } });
  return rows.map(presetRecord);
}

export async function getPreset(projectId: number, id: number): Promise<PresetRecord> {
  await findPreset(projectId, id);
  return presetRecord(await db().generationPreset.findUniqueOrThrow({ where: { id }, include }));
}

async function assertIdentifierFree(projectId: number, identifier: string, exceptId?: number) {
  const clash = await db().generationPreset.findFirst({
    where: { projectId, identifier, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw conflict(`A preset "${identifier}" already exists in this project`);
}

/** The one way a preset is made (API, admin CLI, seeds); returns the row. */
export async function insertPreset(
  projectId: number,
  input: { identifier: string; name?: string; generativeModelId: number; promptTemplate?: string; parameters?: PresetParameters },
) {
  await findVisibleModel(projectId, input.generativeModelId);
  await assertIdentifierFree(projectId, input.identifier);
  return db().generationPreset.create({
    data: {
      projectId,
      identifier: input.identifier,
      name: input.name ?? input.identifier,
      promptTemplate: input.promptTemplate ?? DEFAULT_PROMPT_TEMPLATE,
      generativeModelId: input.generativeModelId,
      parameters: JSON.stringify(input.parameters ?? DEFAULT_PARAMETERS),
    },
  });
}

export async function createPresetRecord(projectId: number, body: PresetCreate): Promise<PresetRecord> {
  const row = await insertPreset(projectId, {
    identifier: body.identifier,
    name: body.name,
    generativeModelId: body.generative_model_id,
    promptTemplate: body.prompt_template,
    parameters: body.parameters,
  });
  return getPreset(projectId, row.id);
}

/** `parameters`, when sent, replaces the whole object. */
export async function updatePreset(projectId: number, id: number, body: PresetUpdate): Promise<PresetRecord> {
  await findPreset(projectId, id);
  if (body.generative_model_id !== undefined) await findVisibleModel(projectId, body.generative_model_id);
  if (body.identifier !== undefined) await assertIdentifierFree(projectId, body.identifier, id);
  const row = await db().generationPreset.update({
    where: { id },
    data: {
      identifier: body.identifier,
      name: body.name,
      generativeModelId: body.generative_model_id,
      promptTemplate: body.prompt_template,
      parameters: body.parameters ? JSON.stringify(body.parameters) : undefined,
    },
    include,
  });
  return presetRecord(row);
}

/** Refused (409) while a datamodel uses the preset: the database would delete the datamodel with it. */
export async function deletePreset(projectId: number, id: number): Promise<void> {
  const preset = await findPreset(projectId, id);
  const users = await db().datamodel.findMany({ where: { presetId: id }, select: { name: true }, orderBy: { name: 'asc' }, take: 10 });
  if (users.length) {
    throw conflict(
      `Preset "${preset.identifier}" is used by datamodel${users.length > 1 ? 's' : ''} ${users.map((u) => `"${u.name}"`).join(', ')}; change or delete those first`,
    );
  }
  await db().generationPreset.delete({ where: { id } });
}
