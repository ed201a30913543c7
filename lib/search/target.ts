// What a search request asks against, resolved inside the caller's project:
// a datamodel (dataset + preset + model) by name, or a dataset with an
// optional preset. Unknown names are 404 with a detail naming them.
import type { GenerativeModel } from '../db/generated/sqlite/client';
import { db } from '../db/client';
import { badRequest, notFound } from '../errors';
import { DEFAULT_PROMPT_TEMPLATE } from '../generation/catalog';
import type { SearchRequest } from './contract';
import { jsonObject } from '../db/json-column';

export type SearchParameters = { topK: number; minScore: number; temperature?: number; maxTokens?: number };

export type SearchTarget = {
  dataset: { id: number; name: string };
  datamodel: { id: number; name: string } | null;
  preset: { id: number; identifier: string; promptTemplate: string } | null;
  model: Pick<GenerativeModel, 'projectId' | 'name' | 'provider' | 'baseUrl' | 'providerModel' | 'apiKeyEnv' | 'feeSearch' | 'feeStream' | 'feeDeepsearch'>;
  parameters: SearchParameters;
};

/** Used when a dataset is searched without a preset and the project has none. */
export const EMBEDDED_MODEL: SearchTarget['model'] = {
  projectId: null,
  name: 'extractive',
  provider: 'extractive',
  baseUrl: null,
  providerModel: null,
  apiKeyEnv: null,
  feeSearch: 1,
  feeStream: 1,
  feeDeepsearch: 1,
};

export const DEFAULT_TOP_K = 5;
const MAX_TOP_K = 50;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Preset parameters JSON → numbers in range; anything malformed falls back to the default. */
export function parametersOf(json: string | null): SearchParameters {
  // A broken preset still answers, with defaults.
  const raw = jsonObject(json);
  const num = (key: string) => (typeof raw[key] === 'number' && Number.isFinite(raw[key]) ? (raw[key] as number) : undefined);
  return {
    topK: clamp(Math.round(num('top_k') ?? DEFAULT_TOP_K), 1, MAX_TOP_K),
    minScore: clamp(num('min_score') ?? 0, 0, 1),
    temperature: num('temperature'),
    maxTokens: num('max_tokens') !== undefined ? Math.max(1, Math.round(num('max_tokens')!)) : undefined,
  };
}

type PresetRow = { id: number; identifier: string; promptTemplate: string; parameters: string; generativeModel: GenerativeModel };

function fromPreset(
  dataset: { id: number; name: string },
  preset: PresetRow | null,
  model: GenerativeModel | null,
  datamodel: SearchTarget['datamodel'],
): SearchTarget {
  return {
    dataset,
    datamodel,
    preset: preset ? { id: preset.id, identifier: preset.identifier, promptTemplate: preset.promptTemplate } : null,
    model: model ?? preset?.generativeModel ?? EMBEDDED_MODEL,
    parameters: parametersOf(preset?.parameters ?? null),
  };
}

export async function resolveTarget(projectId: number, body: SearchRequest): Promise<SearchTarget> {
  if (body.model) {
    const datamodel = await db().datamodel.findFirst({
      where: { projectId, name: body.model },
      include: { dataset: true, preset: { include: { generativeModel: true } }, generativeModel: true },
    });
    if (!datamodel) throw notFound(`Model "${body.model}" not found`);
    if (body.dataset && body.dataset !== datamodel.dataset.name) {
      throw badRequest(`Model "${body.model}" searches dataset "${datamodel.dataset.name}", not "${body.dataset}": send one of them`);
    }
    return fromPreset({ id: datamodel.dataset.id, name: datamodel.dataset.name }, datamodel.preset, datamodel.generativeModel, {
      id: datamodel.id,
      name: datamodel.name,
    });
  }
  const dataset = await db().dataset.findFirst({ where: { projectId, name: body.dataset! }, select: { id: true, name: true } });
  if (!dataset) throw notFound(`Dataset "${body.dataset}" not found`);
  if (body.generational_presset) {
    const preset = await db().generationPreset.findFirst({ where: { projectId, identifier: body.generational_presset }, include: { generativeModel: true } });
    if (!preset) throw notFound(`Generation preset "${body.generational_presset}" not found`);
    return fromPreset(dataset, preset, null, null);
  }
  // No preset named: the project's "default" preset, else its first, else the embedded default.
  const preset =
    (await db().generationPreset.findFirst({ where: { projectId, identifier: 'default' }, include: { generativeModel: true } })) ??
    (await db().generationPreset.findFirst({ where: { projectId }, orderBy: { id: 'asc' }, include: { generativeModel: true } }));
  return fromPreset(dataset, preset, null, null);
}

export function templateOf(target: SearchTarget): string {
  return target.preset?.promptTemplate ?? DEFAULT_PROMPT_TEMPLATE;
}
