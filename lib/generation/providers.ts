// Which provider answers for a generative model. Kept apart from the
// provider interface (provider.ts), which the providers themselves import.
import type { GenerativeModel } from '../db/generated/sqlite/client';
import { badRequest } from '../errors';
import { extractiveProvider } from './extractive';
import { openAiProvider } from './openai';
import type { GenerationProvider } from './provider';

export function providerFor(
  model: Pick<GenerativeModel, 'name' | 'provider' | 'baseUrl' | 'providerModel' | 'apiKeyEnv'> & { projectId?: number | null },
): GenerationProvider {
  if (model.provider === 'extractive') return extractiveProvider;
  if (model.provider === 'openai') return openAiProvider(model);
  throw badRequest(`Generative model "${model.name}" has an unknown provider "${model.provider}"`);
}
