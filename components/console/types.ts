// What the console keeps per question and answer.
import type { SearchItem } from '@/lib/search/contract';

/** One entry of the search response's `search` array (the spec's fields). */
export type Source = SearchItem;
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
  /** The question as searched, when some of its words were read as others (typing mistakes). */
  searchedFor?: string;
  status: 'streaming' | 'done' | 'error';
  error?: string;
  /** The reader stopped the answer (the error is no failure). */
  stopped?: boolean;
  /** The interaction's UUID, which links a rating to it. */
  identifier?: string;
  /** The thread the answer belongs to (a smartpage rating names it). */
  conversation?: string;
  totalTokens?: number;
  /** extractive: quoted from the sources, shown with a badge. */
  answerKind?: 'extractive' | 'generated';
  target: Target | null;
  rating: Rating | null;
};
