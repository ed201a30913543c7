// What the console keeps per question and answer.

/** One entry of the search response's `search` array (the spec's fields). */
export type Source = {
  content: { name: string; source: string | null; subject: string; media_video: string | null; media_image: string | null; created_at: string; updated_at: string };
  score: number;
  answer: string;
  context: string;
  date: string;
};
export type Evaluation = 'positive' | 'neutral' | 'negative';

/** What a question is asked against: a datamodel, or a dataset with a preset. */
export type Target =
  | { kind: 'datamodel'; datamodelId: number; datamodelName: string; datasetId: number }
  | { kind: 'dataset'; datasetId: number; datasetName: string; preset: string | null };

export type Rating = { evaluation: Evaluation; feedback: string | null; reasons: string[] };

export type Turn = {
  key: string;
  question: string;
  answer: string;
  sources: Source[];
  status: 'streaming' | 'done' | 'error';
  error?: string;
  /** The interaction's UUID, which links a rating to it. */
  identifier?: string;
  totalTokens?: number;
  target: Target | null;
  rating: Rating | null;
};

export function isSource(value: unknown): value is Source {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return typeof item.context === 'string' && typeof item.content === 'object' && item.content !== null;
}

/**
 * The sources stored with an earlier interaction. The stored retrieval is
 * either the search array itself or an object holding it.
 */
export function storedSources(stored: unknown): Source[] {
  if (Array.isArray(stored)) return stored.filter(isSource);
  if (stored && typeof stored === 'object') {
    for (const key of ['search', 'items', 'results']) {
      const inner = (stored as Record<string, unknown>)[key];
      if (Array.isArray(inner)) return inner.filter(isSource);
    }
  }
  return [];
}
