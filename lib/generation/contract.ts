// Request contracts of the datamodel, preset and generative-model endpoints
// (documented extensions: docs/management-api.md). The admin CLI validates
// its flags with the same pieces (presetParameters, baseUrlProblem).
// Pure (the browser imports it too): the names of key variables the server
// allows are configuration, checked by the domain (./model-policy.ts).
import { z } from 'zod';
import { name } from '../http/schemas';

/** Fee multipliers: at least 1, so a project cannot make its usage free. */
const FEE_MIN = 1;
const FEE_MAX = 1000;

const KEY_ENV_PATTERN = /^[A-Z_][A-Z0-9_]{0,127}$/;

const MAX_ID = 2_147_483_647;

export const PROVIDERS = ['extractive', 'openai'] as const;
export type Provider = (typeof PROVIDERS)[number];

const id = (field: string) =>
  z
    .number({ message: `${field} must be an integer` })
    .int(`${field} must be an integer`)
    .positive(`${field} must be a positive integer`)
    .max(MAX_ID, `${field} is too large`);

const oneLine = (field: string, max: number) => name(field, max).regex(/^[^\r\n]*$/, `${field} must be one line`);

/** http(s) address of an OpenAI-compatible API, with its version path (https://api.openai.com/v1). */
export const baseUrl = z
  .string({ message: 'base_url must be a string' })
  .trim()
  .max(500, 'base_url must be at most 500 characters')
  .superRefine((value, ctx) => {
    const problem = baseUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.replace(/\/+$/, ''));

export function baseUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'base_url must be an http or https address such as https://api.openai.com/v1';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'base_url must start with http:// or https://';
  if (url.username || url.password) return 'base_url must not contain a user name or password (name the key with api_key_env)';
  if (url.search || url.hash) return 'base_url must not have a query or fragment';
  return null;
}

/** The name of the environment variable holding a model's key; which names a project may use is the domain's check. */
export const keyEnv = z
  .string({ message: 'api_key_env must be a string' })
  .trim()
  .regex(KEY_ENV_PATTERN, 'api_key_env must be an environment variable name: capital letters, digits and underscores');

const fee = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .min(FEE_MIN, `${field} must be at least ${FEE_MIN}`)
    .max(FEE_MAX, `${field} must be at most ${FEE_MAX}`);

const modelFields = {
  name: oneLine('name', 100),
  provider: z.enum(PROVIDERS, { message: 'provider must be extractive or openai' }),
  base_url: baseUrl.nullable(),
  provider_model: oneLine('provider_model', 200).nullable(),
  api_key_env: keyEnv.nullable(),
  fee_search: fee('fee_search'),
  fee_stream: fee('fee_stream'),
  fee_deepsearch: fee('fee_deepsearch'),
};

export const generativeModelCreateBody = z
  .strictObject({
    ...modelFields,
    provider: modelFields.provider.default('extractive'),
    base_url: modelFields.base_url.optional(),
    provider_model: modelFields.provider_model.optional(),
    api_key_env: modelFields.api_key_env.optional(),
    fee_search: modelFields.fee_search.default(1),
    fee_stream: modelFields.fee_stream.default(1),
    fee_deepsearch: modelFields.fee_deepsearch.default(1),
  })
  .refine((body) => body.provider !== 'openai' || Boolean(body.base_url), { message: 'base_url is required for the openai provider', path: ['base_url'] });

export const generativeModelUpdateBody = z.strictObject({
  name: modelFields.name.optional(),
  provider: modelFields.provider.optional(),
  base_url: modelFields.base_url.optional(),
  provider_model: modelFields.provider_model.optional(),
  api_key_env: modelFields.api_key_env.optional(),
  fee_search: modelFields.fee_search.optional(),
  fee_stream: modelFields.fee_stream.optional(),
  fee_deepsearch: modelFields.fee_deepsearch.optional(),
});

/** Connection settings tried before saving: nothing is stored. */
export const connectionTestBody = z
  .strictObject({
    provider: modelFields.provider,
    base_url: modelFields.base_url.optional(),
    provider_model: modelFields.provider_model.optional(),
    api_key_env: modelFields.api_key_env.optional(),
  })
  .refine((body) => body.provider !== 'openai' || Boolean(body.base_url), { message: 'base_url is required for the openai provider', path: ['base_url'] });

export type GenerativeModelCreate = z.infer<typeof generativeModelCreateBody>;
export type GenerativeModelUpdate = z.infer<typeof generativeModelUpdateBody>;
export type ConnectionSettings = z.infer<typeof connectionTestBody>;

/** A preset's retrieval and generation settings; every key is optional. */
export const presetParameters = z.strictObject(
  {
    top_k: z
      .number({ message: 'parameters.top_k must be an integer' })
      .int('parameters.top_k must be an integer')
      .min(1, 'parameters.top_k must be at least 1')
      .max(50, 'parameters.top_k must be at most 50')
      .optional(),
    min_score: z
      .number({ message: 'parameters.min_score must be a number' })
      .min(0, 'parameters.min_score must be between 0 and 1')
      .max(1, 'parameters.min_score must be between 0 and 1')
      .optional(),
    temperature: z
      .number({ message: 'parameters.temperature must be a number' })
      .min(0, 'parameters.temperature must be between 0 and 2')
      .max(2, 'parameters.temperature must be between 0 and 2')
      .optional(),
    max_tokens: z
      .number({ message: 'parameters.max_tokens must be an integer' })
      .int('parameters.max_tokens must be an integer')
      .min(1, 'parameters.max_tokens must be at least 1')
      .max(32_000, 'parameters.max_tokens must be at most 32000')
      .optional(),
  },
  { message: 'parameters must be an object' },
);
export type PresetParameters = z.infer<typeof presetParameters>;

const promptTemplate = z
  .string({ message: 'prompt_template must be a string' })
  .max(20_000, 'prompt_template must be at most 20000 characters')
  .refine((value) => value.trim().length > 0, 'prompt_template must not be empty');

export const presetCreateBody = z.strictObject({
  identifier: oneLine('identifier', 100),
  name: oneLine('name', 200).optional(),
  generative_model_id: id('generative_model_id'),
  prompt_template: promptTemplate.optional(),
  parameters: presetParameters.optional(),
});

/** A change sends any of the fields a preset is created with, under the same checks. */
export const presetUpdateBody = presetCreateBody.partial();

export type PresetCreate = z.infer<typeof presetCreateBody>;
export type PresetUpdate = z.infer<typeof presetUpdateBody>;

export const datamodelCreateBody = z.strictObject({
  name: oneLine('name', 200),
  dataset_id: id('dataset_id'),
  preset_id: id('preset_id'),
  /** Left out: the preset's model. */
  generative_model_id: id('generative_model_id').optional(),
});

/** A change sends any of the fields a datamodel is created with, under the same checks. */
export const datamodelUpdateBody = datamodelCreateBody.partial();

export type DatamodelCreate = z.infer<typeof datamodelCreateBody>;
export type DatamodelUpdate = z.infer<typeof datamodelUpdateBody>;

/** `?include=settings` on the lists adds each item's full settings. */
export const catalogListQuery = z.object({
  include: z.enum(['settings'], { message: 'include must be settings' }).optional(),
});

export { DEFAULT_PROMPT_TEMPLATE } from './prompt-template';
