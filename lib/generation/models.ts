// Generative models: the operator's (whole service, admin CLI) and each
// project's own (UI and API). A project sees both kinds, uses both in its
// presets and datamodels, and changes or deletes only its own; another
// project's model is "not found". Names are unique across the service.
import { db } from '../db/client';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { literalRefusal } from '../providers/guarded-fetch';
import type { GenerativeModelCreate, GenerativeModelUpdate, Provider } from './contract';
import { assertKeyEnvAllowed, privateNetworkAllowed } from './model-policy';
import { generativeModelRecord, type GenerativeModelRecord } from './serializers';

const visibleTo = (projectId: number) => ({ OR: [{ projectId: null }, { projectId }] });

/** Uses counted in the caller's project only: another project's presets are none of its business. */
const usesIn = (projectId: number) => ({
  _count: { select: { presets: { where: { projectId } }, datamodels: { where: { projectId } } } },
});

/** A model the project may use: the service's or its own. */
export async function findVisibleModel(projectId: number, id: number) {
  const model = await db().generativeModel.findFirst({ where: { id, ...visibleTo(projectId) } });
  if (!model) throw notFound(`Generative model ${id} not found`);
  return model;
}

/** By name, for the CLI and seeds: the project's own model, else the service's. */
export async function findVisibleModelByName(projectId: number, name: string) {
  const model = await db().generativeModel.findFirst({ where: { name, ...visibleTo(projectId) } });
  if (!model) throw notFound(`Generative model "${name}" not found`);
  return model;
}

async function findOwnModel(projectId: number, id: number) {
  const model = await findVisibleModel(projectId, id);
  if (model.projectId === null) {
    throw forbidden(`Generative model "${model.name}" is provided by the service to every project; only the operator can change it (admin CLI)`);
  }
  return model;
}

export async function listGenerativeModels(projectId: number): Promise<GenerativeModelRecord[]> {
  const rows = await db().generativeModel.findMany({ where: visibleTo(projectId), include: usesIn(projectId), orderBy: { name: 'asc' } });
  return rows.map(generativeModelRecord);
}

export async function getGenerativeModel(projectId: number, id: number): Promise<GenerativeModelRecord> {
  await findVisibleModel(projectId, id);
  return generativeModelRecord(await db().generativeModel.findUniqueOrThrow({ where: { id }, include: usesIn(projectId) }));
}

async function assertNameFree(name: string, exceptId?: number) {
  const clash = await db().generativeModel.findFirst({ where: { name, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
  if (clash) throw conflict(`A generative model named "${name}" already exists; choose another name`);
}

type Connection = { provider: Provider; baseUrl: string | null; providerModel: string | null; apiKeyEnv: string | null };

/** An extractive model has nothing to connect to; an openai one needs an address the guard could allow. */
function connectionOf(settings: Connection): Connection {
  if (settings.provider === 'extractive') return { provider: 'extractive', baseUrl: null, providerModel: null, apiKeyEnv: null };
  if (!settings.baseUrl) throw badRequest('base_url is required for the openai provider');
  if (!privateNetworkAllowed()) {
    const refusal = literalRefusal(new URL(settings.baseUrl));
    if (refusal) throw badRequest(`base_url is refused: ${refusal}`);
  }
  return settings;
}

export async function createGenerativeModel(projectId: number, input: GenerativeModelCreate): Promise<GenerativeModelRecord> {
  assertKeyEnvAllowed(input.api_key_env);
  const connection = connectionOf({
    provider: input.provider,
    baseUrl: input.base_url ?? null,
    providerModel: input.provider_model ?? null,
    apiKeyEnv: input.api_key_env ?? null,
  });
  await assertNameFree(input.name);
  const row = await db().generativeModel.create({
    data: { projectId, name: input.name, ...connection, feeSearch: input.fee_search, feeStream: input.fee_stream, feeDeepsearch: input.fee_deepsearch },
    include: usesIn(projectId),
  });
  return generativeModelRecord(row);
}

export async function updateGenerativeModel(projectId: number, id: number, input: GenerativeModelUpdate): Promise<GenerativeModelRecord> {
  // Only a name sent now: one saved before the operator narrowed the list stays until changed.
  assertKeyEnvAllowed(input.api_key_env);
  const current = await findOwnModel(projectId, id);
  const connection = connectionOf({
    provider: input.provider ?? (current.provider === 'openai' ? 'openai' : 'extractive'),
    baseUrl: input.base_url !== undefined ? input.base_url : current.baseUrl,
    providerModel: input.provider_model !== undefined ? input.provider_model : current.providerModel,
    apiKeyEnv: input.api_key_env !== undefined ? input.api_key_env : current.apiKeyEnv,
  });
  if (input.name !== undefined) await assertNameFree(input.name, id);
  const row = await db().generativeModel.update({
    where: { id },
    data: { name: input.name, ...connection, feeSearch: input.fee_search, feeStream: input.fee_stream, feeDeepsearch: input.fee_deepsearch },
    include: usesIn(projectId),
  });
  return generativeModelRecord(row);
}

/** Refused (409) while a preset or datamodel uses the model: they would stop answering. */
async function assertUnused(model: { id: number; name: string }) {
  const [presets, datamodels] = await Promise.all([
    db().generationPreset.findMany({ where: { generativeModelId: model.id }, select: { identifier: true }, orderBy: { identifier: 'asc' }, take: 10 }),
    db().datamodel.findMany({ where: { generativeModelId: model.id }, select: { name: true }, orderBy: { name: 'asc' }, take: 10 }),
  ]);
  const uses = [
    presets.length ? `preset${presets.length > 1 ? 's' : ''} ${presets.map((p) => `"${p.identifier}"`).join(', ')}` : '',
    datamodels.length ? `datamodel${datamodels.length > 1 ? 's' : ''} ${datamodels.map((d) => `"${d.name}"`).join(', ')}` : '',
  ].filter(Boolean);
  if (uses.length) throw conflict(`Generative model "${model.name}" is used by ${uses.join(' and ')}; change or delete those first`);
}

export async function deleteGenerativeModel(projectId: number, id: number): Promise<void> {
  const model = await findOwnModel(projectId, id);
  await assertUnused(model);
  await db().generativeModel.delete({ where: { id } });
}

// ------------------------------------------------ the operator's (admin CLI)

export type ServiceModelInput = {
  name: string;
  provider?: Provider;
  baseUrl?: string | null;
  providerModel?: string | null;
  apiKeyEnv?: string | null;
  feeSearch?: number;
  feeStream?: number;
  feeDeepsearch?: number;
};

/** Creates or updates a model of the whole service by name; a project's model of that name is left alone (409). */
export async function upsertGenerativeModel(input: ServiceModelInput) {
  const provider = input.provider ?? 'extractive';
  if (provider === 'openai' && !input.baseUrl) throw badRequest('base_url is required for the openai provider');
  const existing = await db().generativeModel.findUnique({ where: { name: input.name } });
  if (existing && existing.projectId !== null)
    throw conflict(`The name "${input.name}" belongs to a model of project ${existing.projectId}; choose another name`);
  const data = { ...input, provider };
  return db().generativeModel.upsert({ where: { name: input.name }, create: data, update: data });
}

export async function deleteServiceModel(name: string): Promise<void> {
  const model = await db().generativeModel.findUnique({ where: { name } });
  if (!model || model.projectId !== null) throw notFound(`No model of the service is named "${name}"`);
  await assertUnused(model);
  await db().generativeModel.delete({ where: { id: model.id } });
}
