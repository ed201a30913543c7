// Generative models (with their fee multipliers), generation presets and
// datamodels (a named dataset + preset + model in a project).
import { db } from '../db/client';
import { notFound, conflict } from '../http/errors';

export type GenerativeModelInput = {
  name: string;
  provider?: 'extractive' | 'openai';
  baseUrl?: string | null;
  providerModel?: string | null;
  apiKeyEnv?: string | null;
  feeSearch?: number;
  feeStream?: number;
  feeDeepsearch?: number;
};

export async function upsertGenerativeModel(input: GenerativeModelInput) {
  const data = { ...input, provider: input.provider ?? 'extractive' };
  return db().generativeModel.upsert({ where: { name: input.name }, create: data, update: data });
}

export const DEFAULT_PROMPT_TEMPLATE = [
  'You answer questions using only the numbered context passages below.',
  'Cite the passages you use as [1], [2]. If the context does not contain the answer, say so.',
  '',
  'Context:',
  '{context}',
  '',
  'Question: {question}',
].join('\n');

export async function createPreset(projectId: number, input: { identifier: string; name?: string; generativeModelName: string; promptTemplate?: string; parameters?: Record<string, unknown> }) {
  const model = await db().generativeModel.findUnique({ where: { name: input.generativeModelName } });
  if (!model) throw notFound(`Generative model "${input.generativeModelName}" not found`);
  const clash = await db().generationPreset.findFirst({ where: { projectId, identifier: input.identifier } });
  if (clash) throw conflict(`A preset "${input.identifier}" already exists in this project`);
  return db().generationPreset.create({
    data: {
      projectId,
      identifier: input.identifier,
      name: input.name ?? input.identifier,
      promptTemplate: input.promptTemplate ?? DEFAULT_PROMPT_TEMPLATE,
      generativeModelId: model.id,
      parameters: JSON.stringify(input.parameters ?? { top_k: 5, min_score: 0 }),
    },
  });
}

export async function createDatamodel(projectId: number, input: { name: string; datasetName: string; presetIdentifier: string; generativeModelName?: string }) {
  const dataset = await db().dataset.findFirst({ where: { projectId, name: input.datasetName } });
  if (!dataset) throw notFound(`Dataset "${input.datasetName}" not found in project ${projectId}`);
  const preset = await db().generationPreset.findFirst({ where: { projectId, identifier: input.presetIdentifier } });
  if (!preset) throw notFound(`Preset "${input.presetIdentifier}" not found in project ${projectId}`);
  let generativeModelId = preset.generativeModelId;
  if (input.generativeModelName) {
    const model = await db().generativeModel.findUnique({ where: { name: input.generativeModelName } });
    if (!model) throw notFound(`Generative model "${input.generativeModelName}" not found`);
    generativeModelId = model.id;
  }
  const clash = await db().datamodel.findFirst({ where: { projectId, name: input.name } });
  if (clash) throw conflict(`A datamodel "${input.name}" already exists in this project`);
  return db().datamodel.create({ data: { projectId, name: input.name, datasetId: dataset.id, presetId: preset.id, generativeModelId } });
}
