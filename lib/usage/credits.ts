// Credits are tokens times the generative model's fee for the kind of
// interaction, rounded up: the billing unit of the reports.
export const INTERACTION_TYPES = ['search', 'stream', 'deepsearch'] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

export const ORIGINS = ['workspace', 'smartpage', 'api'] as const;
export type Origin = (typeof ORIGINS)[number];

export type FeeSchedule = { feeSearch: number; feeStream: number; feeDeepsearch: number };

export function feeFor(model: FeeSchedule, type: InteractionType): number {
  if (type === 'stream') return model.feeStream;
  if (type === 'deepsearch') return model.feeDeepsearch;
  return model.feeSearch;
}

export function creditsFor(totalTokens: number, model: FeeSchedule, type: InteractionType): number {
  // Round the product to 9 decimals first so 0.1 × 30 stays 3, not 4.
  return Math.ceil(Number((totalTokens * feeFor(model, type)).toFixed(9)));
}
