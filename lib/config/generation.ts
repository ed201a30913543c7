// Answers from OpenAI-compatible providers (lib/generation): the time limit of
// a call, and what a model made in the UI or API may reach and name as its key
// (lib/generation/model-policy.ts; docs/management-api.md).
import { z } from 'zod';

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const generationSchema = z.object({
  GENERATION_TIMEOUT_MS: z.preprocess(blankAsUnset, z.coerce.number().positive().default(60_000)),
  GENERATION_ALLOW_PRIVATE_NETWORK: z.preprocess(blankAsUnset, z.enum(['0', '1', 'false', 'true']).default('0')),
  GENERATION_KEY_ENV_NAMES: z.string().optional(),
});

export type GenerationConfig = {
  timeoutMs: number;
  /** Project models may reach loopback and private addresses on any port (a local Ollama). */
  allowPrivateNetwork: boolean;
  /** The variables a project model may name as its key; null: any name ending in _API_KEY. */
  keyEnvNames: string[] | null;
};

export function generationOf(env: z.infer<typeof generationSchema>): GenerationConfig {
  const names = env.GENERATION_KEY_ENV_NAMES?.trim();
  return {
    timeoutMs: env.GENERATION_TIMEOUT_MS,
    allowPrivateNetwork: env.GENERATION_ALLOW_PRIVATE_NETWORK === '1' || env.GENERATION_ALLOW_PRIVATE_NETWORK === 'true',
    keyEnvNames: names
      ? names
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null,
  };
}
