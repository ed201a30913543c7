// Datamodels and presets of a project, for the console's pickers.
import { db } from '../db/client';
import type { DatamodelRecord, PresetRecord } from '../generation/serializers';

/** A datamodel in the lists: its record without the settings `?include=settings` adds. */
export type DatamodelListItem = Pick<DatamodelRecord, 'id' | 'name' | 'dataset' | 'preset' | 'generative_model' | 'created_at'>;

export type PresetListItem = Pick<PresetRecord, 'id' | 'identifier' | 'name' | 'generative_model' | 'created_at'>;

export async function listDatamodels(projectId: number): Promise<DatamodelListItem[]> {
  const rows = await db().datamodel.findMany({
    where: { projectId },
    include: { dataset: true, preset: true, generativeModel: true },
    orderBy: { name: 'asc' },
  });
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    dataset: { id: d.dataset.id, name: d.dataset.name },
    preset: { id: d.preset.id, identifier: d.preset.identifier, name: d.preset.name },
    generative_model: d.generativeModel.name,
    created_at: d.createdAt.toISOString(),
  }));
}

export async function listPresets(projectId: number): Promise<PresetListItem[]> {
  const rows = await db().generationPreset.findMany({ where: { projectId }, include: { generativeModel: true }, orderBy: { identifier: 'asc' } });
  return rows.map((p) => ({
    id: p.id,
    identifier: p.identifier,
    name: p.name,
    generative_model: p.generativeModel.name,
    created_at: p.createdAt.toISOString(),
  }));
}
