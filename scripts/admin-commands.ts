// The commands of the admin CLI, each a thin call into lib/.
import { db } from '../lib/db/client';
import { addCreditAddon, addMember, createOrganization, createProject, upsertPlan } from '../lib/tenancy/organizations';
import { createApiKey, createProjectToken, listApiKeys, listProjectTokens } from '../lib/auth/keys';
import {
  createDatamodel,
  createPreset,
  deleteServiceModel,
  findDatamodelByName,
  findPresetByIdentifier,
  upsertGenerativeModel,
} from '../lib/generation/catalog';
import { baseUrlProblem, presetParameters, type PresetParameters } from '../lib/generation/contract';
import { deletePreset } from '../lib/generation/presets';
import { deleteDatamodel } from '../lib/generation/datamodels';
import { describeIssues } from '../lib/http/parse';
import { isRole } from '../lib/auth/roles';

type Option = { type?: 'string' | 'boolean'; required?: boolean; hint?: string };
type Values = Record<string, string | boolean | undefined>;
export type Command = { summary: string; options: Record<string, Option>; run: (v: Values) => Promise<unknown> };

const str = (v: Values, k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
const int = (v: Values, k: string, fallback?: number) => {
  const raw = str(v, k);
  if (raw === undefined) {
    if (fallback === undefined) throw new Error(`--${k} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(raw)) throw new Error(`--${k} must be a non-negative integer`);
  return Number(raw);
};
const num = (v: Values, k: string, fallback: number) => {
  const raw = str(v, k);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${k} must be a non-negative number`);
  return n;
};
/** A plan's optional limit: absent = keep what the plan has, `default` = the deployment's setting (null). */
const optionalLimit = (v: Values, k: string) => {
  const raw = str(v, k);
  if (raw === undefined) return undefined;
  if (raw === 'default') return null;
  if (!/^\d{1,7}$/.test(raw)) throw new Error(`--${k} must be a non-negative integer (at most 9999999) or "default"`);
  return Number(raw);
};
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const COMMANDS: Record<string, Command> = {
  'plan:create': {
    summary: 'Create or update a plan',
    options: {
      name: { required: true },
      interval: { hint: 'monthly|yearly' },
      credits: { required: true, hint: 'n' },
      datamodels: { hint: 'n' },
      'public-smartpages': { hint: 'n' },
      'private-smartpages': { hint: 'n' },
      'smartpage-users': { hint: 'n' },
      'indexed-tokens': { hint: 'n' },
      'api-rate-per-minute': { hint: 'n|default (0 = unlimited)' },
      'api-rate-burst': { hint: 'n|default' },
    },
    run: async (v) => {
      const interval = str(v, 'interval') ?? 'monthly';
      if (interval !== 'monthly' && interval !== 'yearly') throw new Error('--interval must be monthly or yearly');
      const plan = await upsertPlan({
        name: str(v, 'name')!,
        interval,
        creditLimit: int(v, 'credits'),
        datamodelLimit: int(v, 'datamodels', 10),
        publicSmartpageLimit: int(v, 'public-smartpages', 5),
        privateSmartpageLimit: int(v, 'private-smartpages', 5),
        privateSmartpageUserLimit: int(v, 'smartpage-users', 50),
        indexedTokenLimit: int(v, 'indexed-tokens', 10_000_000),
        apiRatePerMinute: optionalLimit(v, 'api-rate-per-minute'),
        apiRateBurst: optionalLimit(v, 'api-rate-burst'),
      });
      return {
        id: plan.id,
        name: plan.name,
        interval: plan.interval,
        credit_limit: plan.creditLimit,
        api_rate_per_minute: plan.apiRatePerMinute,
        api_rate_burst: plan.apiRateBurst,
      };
    },
  },
  'plan:list': {
    summary: 'List plans',
    options: {},
    run: async () =>
      (await db().plan.findMany({ orderBy: { id: 'asc' } })).map((p) => ({
        id: p.id,
        name: p.name,
        interval: p.interval,
        credits: p.creditLimit,
        datamodels: p.datamodelLimit,
        indexed_tokens: p.indexedTokenLimit,
        api_rate_per_minute: p.apiRatePerMinute ?? 'default',
        api_rate_burst: p.apiRateBurst ?? 'default',
      })),
  },
  'org:create': {
    summary: 'Create an organisation, optionally subscribed to a plan',
    options: { name: { required: true }, plan: { hint: 'plan name' }, trial: { type: 'boolean' }, 'end-date': { hint: 'YYYY-MM-DD' } },
    run: async (v) => {
      const end = str(v, 'end-date');
      if (end && Number.isNaN(Date.parse(end))) throw new Error('--end-date must be YYYY-MM-DD');
      const org = await createOrganization({
        name: str(v, 'name')!,
        planName: str(v, 'plan'),
        trial: v.trial === true,
        endDate: end ? new Date(`${end}T23:59:59Z`) : undefined,
      });
      return { id: org.id, name: org.name };
    },
  },
  'org:list': {
    summary: 'List organisations with plan and projects',
    options: {},
    run: async () =>
      (await db().organization.findMany({ orderBy: { id: 'asc' }, include: { subscription: { include: { plan: true } }, projects: true } })).map((o) => ({
        id: o.id,
        name: o.name,
        plan: o.subscription?.plan.name ?? null,
        end_date: iso(o.subscription?.endDate),
        projects: o.projects.map((p) => `${p.id}:${p.name}`).join(', '),
      })),
  },
  'addon:create': {
    summary: 'Give an organisation an extra credit pack',
    options: { org: { required: true, hint: 'id' }, name: { required: true }, credits: { required: true, hint: 'n' } },
    run: async (v) => addCreditAddon(int(v, 'org'), str(v, 'name')!, int(v, 'credits')),
  },
  'user:create': {
    summary: 'Create a user (or reuse by e-mail) as a member of an organisation',
    options: {
      org: { required: true, hint: 'id' },
      email: { required: true },
      name: { required: true },
      password: { required: true },
      role: { required: true, hint: 'OWNER|ADMIN|EDITOR|VIEWER' },
    },
    run: async (v) => {
      const role = str(v, 'role')!.toUpperCase();
      if (!isRole(role)) throw new Error('--role must be OWNER, ADMIN, EDITOR or VIEWER');
      if (str(v, 'password')!.length < 8) throw new Error('--password must be at least 8 characters');
      const user = await addMember(int(v, 'org'), { email: str(v, 'email')!, name: str(v, 'name')!, password: str(v, 'password')!, role });
      return { id: user.id, email: user.email, role };
    },
  },
  'user:list': {
    summary: 'List users and their roles',
    options: { org: { hint: 'id' } },
    run: async (v) =>
      (await db().membership.findMany({ where: str(v, 'org') ? { organizationId: int(v, 'org') } : {}, include: { user: true }, orderBy: { id: 'asc' } })).map(
        (m) => ({
          user_id: m.userId,
          email: m.user.email,
          name: m.user.name,
          organization_id: m.organizationId,
          role: m.role,
        }),
      ),
  },
  'project:create': {
    summary: 'Create a project in an organisation',
    options: { org: { required: true, hint: 'id' }, name: { required: true } },
    run: async (v) => createProject(int(v, 'org'), str(v, 'name')!),
  },
  'project:list': {
    summary: 'List projects',
    options: { org: { hint: 'id' } },
    run: async (v) =>
      (await db().project.findMany({ where: str(v, 'org') ? { organizationId: int(v, 'org') } : {}, orderBy: { id: 'asc' } })).map((p) => ({
        id: p.id,
        organization_id: p.organizationId,
        name: p.name,
      })),
  },
  'apikey:create': {
    summary: 'Create an API key for a project (printed once)',
    options: { project: { required: true, hint: 'id' }, name: { required: true }, 'user-email': { hint: 'owner of the key' } },
    run: async (v) => {
      const email = str(v, 'user-email');
      const user = email ? await db().user.findUnique({ where: { email: email.toLowerCase() } }) : null;
      if (email && !user) throw new Error(`No user ${email}`);
      return createApiKey(int(v, 'project'), { name: str(v, 'name')!, userId: user?.id ?? null });
    },
  },
  'apikey:list': {
    summary: 'List API keys of a project (prefix only)',
    options: { project: { required: true, hint: 'id' } },
    run: async (v) => listApiKeys(int(v, 'project')),
  },
  'projecttoken:create': {
    summary: 'Create a project token for the report endpoints (printed once)',
    options: { project: { required: true, hint: 'id' }, name: { required: true } },
    run: async (v) => createProjectToken(int(v, 'project'), { name: str(v, 'name')! }),
  },
  'projecttoken:list': {
    summary: 'List project tokens (prefix only)',
    options: { project: { required: true, hint: 'id' } },
    run: async (v) => listProjectTokens(int(v, 'project')),
  },
  'model:create': {
    summary: 'Create or update a generative model and its fee multipliers',
    options: {
      name: { required: true },
      provider: { hint: 'extractive|openai' },
      'base-url': { hint: 'https://host/v1' },
      'provider-model': { hint: 'e.g. gpt-4o-mini' },
      'api-key-env': { hint: 'ENV_VAR_NAME' },
      'fee-search': { hint: 'x' },
      'fee-stream': { hint: 'x' },
      'fee-deepsearch': { hint: 'x' },
    },
    run: async (v) => {
      const provider = str(v, 'provider') ?? 'extractive';
      if (provider !== 'extractive' && provider !== 'openai') throw new Error('--provider must be extractive or openai');
      if (provider === 'openai' && !str(v, 'base-url')) throw new Error('--base-url is required for the openai provider');
      const problem = str(v, 'base-url') ? baseUrlProblem(str(v, 'base-url')!) : null;
      if (problem) throw new Error(problem.replace('base_url', '--base-url'));
      const model = await upsertGenerativeModel({
        name: str(v, 'name')!,
        provider,
        baseUrl: str(v, 'base-url') ?? null,
        providerModel: str(v, 'provider-model') ?? null,
        apiKeyEnv: str(v, 'api-key-env') ?? null,
        feeSearch: num(v, 'fee-search', 1),
        feeStream: num(v, 'fee-stream', 1),
        feeDeepsearch: num(v, 'fee-deepsearch', 1),
      });
      return { id: model.id, name: model.name, provider: model.provider };
    },
  },
  'model:list': {
    summary: 'List generative models',
    options: {},
    run: async () =>
      (await db().generativeModel.findMany({ orderBy: { id: 'asc' } })).map((m) => ({
        id: m.id,
        name: m.name,
        project: m.projectId ?? 'service',
        provider: m.provider,
        base_url: m.baseUrl,
        fee_search: m.feeSearch,
        fee_stream: m.feeStream,
        fee_deepsearch: m.feeDeepsearch,
      })),
  },
  'model:delete': {
    summary: 'Delete a generative model of the service (refused while a preset or datamodel uses it)',
    options: { name: { required: true } },
    run: async (v) => {
      await deleteServiceModel(str(v, 'name')!);
      return { deleted: str(v, 'name') };
    },
  },
  'preset:create': {
    summary: 'Create a generation preset in a project',
    options: {
      project: { required: true, hint: 'id' },
      identifier: { required: true },
      model: { required: true, hint: 'model name' },
      name: {},
      template: { hint: 'prompt with {context} and {question}' },
      params: { hint: 'JSON e.g. {"top_k":5}' },
    },
    run: async (v) => {
      let parameters: PresetParameters | undefined;
      if (str(v, 'params')) {
        let raw: unknown;
        try {
          raw = JSON.parse(str(v, 'params')!);
        } catch {
          throw new Error('--params must be a JSON object');
        }
        const parsed = presetParameters.safeParse(raw);
        if (!parsed.success) throw new Error(`--params: ${describeIssues(parsed.error)}`);
        parameters = parsed.data;
      }
      const preset = await createPreset(int(v, 'project'), {
        identifier: str(v, 'identifier')!,
        name: str(v, 'name'),
        generativeModelName: str(v, 'model')!,
        promptTemplate: str(v, 'template'),
        parameters,
      });
      return { id: preset.id, identifier: preset.identifier };
    },
  },
  'preset:list': {
    summary: 'List presets of a project',
    options: { project: { required: true, hint: 'id' } },
    run: async (v) =>
      (await db().generationPreset.findMany({ where: { projectId: int(v, 'project') }, include: { generativeModel: true }, orderBy: { id: 'asc' } })).map(
        (p) => ({ id: p.id, identifier: p.identifier, model: p.generativeModel.name, parameters: p.parameters }),
      ),
  },
  'preset:delete': {
    summary: 'Delete a preset (refused while a datamodel uses it)',
    options: { project: { required: true, hint: 'id' }, identifier: { required: true } },
    run: async (v) => {
      const preset = await findPresetByIdentifier(int(v, 'project'), str(v, 'identifier')!);
      await deletePreset(preset.projectId, preset.id);
      return { deleted: preset.identifier };
    },
  },
  'datamodel:create': {
    summary: 'Create a datamodel (dataset + preset + model) in a project',
    options: {
      project: { required: true, hint: 'id' },
      name: { required: true },
      dataset: { required: true, hint: 'dataset name' },
      preset: { required: true, hint: 'preset identifier' },
      model: { hint: 'model name (default: the preset model)' },
    },
    run: async (v) => {
      const dm = await createDatamodel(int(v, 'project'), {
        name: str(v, 'name')!,
        datasetName: str(v, 'dataset')!,
        presetIdentifier: str(v, 'preset')!,
        generativeModelName: str(v, 'model'),
      });
      return { id: dm.id, name: dm.name };
    },
  },
  'datamodel:list': {
    summary: 'List datamodels of a project',
    options: { project: { required: true, hint: 'id' } },
    run: async (v) =>
      (
        await db().datamodel.findMany({
          where: { projectId: int(v, 'project') },
          include: { dataset: true, preset: true, generativeModel: true },
          orderBy: { id: 'asc' },
        })
      ).map((d) => ({ id: d.id, name: d.name, dataset: d.dataset.name, preset: d.preset.identifier, model: d.generativeModel.name })),
  },
  'datamodel:delete': {
    summary: 'Delete a datamodel (refused while a smartpage publishes it)',
    options: { project: { required: true, hint: 'id' }, name: { required: true } },
    run: async (v) => {
      const datamodel = await findDatamodelByName(int(v, 'project'), str(v, 'name')!);
      await deleteDatamodel(datamodel.projectId, datamodel.id);
      return { deleted: datamodel.name };
    },
  },
};
