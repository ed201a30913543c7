// Generative models, presets and datamodels at the API's edge (snake_case).
// A preset or datamodel record is a superset of its item in the console's
// lists (lib/console/catalog.ts), so `?include=settings` only adds fields.
import type { Datamodel, Dataset, GenerationPreset, GenerativeModel } from '../db/generated/sqlite/client';
import type { Provider } from './contract';
import { keyIsSet } from './model-policy';

export type GenerativeModelRecord = {
  id: number;
  name: string;
  /** service: the operator's, shared by every project and read-only here; project: this project's own. */
  scope: 'service' | 'project';
  provider: Provider;
  /** null for the operator's models: their connection details stay with the operator. */
  base_url: string | null;
  provider_model: string | null;
  api_key_env: string | null;
  /** Whether the server has the named variable (its value is never shown); null when no key is named or shown. */
  api_key_set: boolean | null;
  fee_search: number;
  fee_stream: number;
  fee_deepsearch: number;
  /** In this project. */
  used_by: { presets: number; datamodels: number };
  created_at: string;
  updated_at: string;
};

export type PresetParametersRecord = { top_k?: number; min_score?: number; temperature?: number; max_tokens?: number };

export type PresetRecord = {
  id: number;
  identifier: string;
  name: string;
  generative_model: string;
  generative_model_id: number;
  prompt_template: string;
  parameters: PresetParametersRecord;
  used_by: { datamodels: number };
  created_at: string;
  updated_at: string;
};

export type DatamodelRecord = {
  id: number;
  name: string;
  dataset: { id: number; name: string };
  preset: { id: number; identifier: string; name: string };
  generative_model: string;
  generative_model_id: number;
  used_by: { smartpages: number };
  created_at: string;
  updated_at: string;
};

export type ConnectionTestResult = { ok: boolean; detail: string; latency_ms: number };

type ModelRow = GenerativeModel & { _count: { presets: number; datamodels: number } };

export function generativeModelRecord(row: ModelRow): GenerativeModelRecord {
  const own = row.projectId !== null;
  return {
    id: row.id,
    name: row.name,
    scope: own ? 'project' : 'service',
    provider: row.provider === 'openai' ? 'openai' : 'extractive',
    base_url: own ? row.baseUrl : null,
    provider_model: row.providerModel,
    api_key_env: own ? row.apiKeyEnv : null,
    api_key_set: own ? keyIsSet(row.apiKeyEnv) : null,
    fee_search: row.feeSearch,
    fee_stream: row.feeStream,
    fee_deepsearch: row.feeDeepsearch,
    used_by: { presets: row._count.presets, datamodels: row._count.datamodels },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored JSON, keeping only known numeric settings (older rows may hold anything). */
export function parametersRecord(json: string): PresetParametersRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: PresetParametersRecord = {};
  for (const key of ['top_k', 'min_score', 'temperature', 'max_tokens'] as const) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  return out;
}

type PresetRow = GenerationPreset & { generativeModel: GenerativeModel; _count: { datamodels: number } };

export function presetRecord(row: PresetRow): PresetRecord {
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    generative_model: row.generativeModel.name,
    generative_model_id: row.generativeModelId,
    prompt_template: row.promptTemplate,
    parameters: parametersRecord(row.parameters),
    used_by: { datamodels: row._count.datamodels },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

type DatamodelRow = Datamodel & { dataset: Dataset; preset: GenerationPreset; generativeModel: GenerativeModel; _count: { smartpages: number } };

export function datamodelRecord(row: DatamodelRow): DatamodelRecord {
  return {
    id: row.id,
    name: row.name,
    dataset: { id: row.dataset.id, name: row.dataset.name },
    preset: { id: row.preset.id, identifier: row.preset.identifier, name: row.preset.name },
    generative_model: row.generativeModel.name,
    generative_model_id: row.generativeModelId,
    used_by: { smartpages: row._count.smartpages },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
