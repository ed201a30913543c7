// One interface for answer generation. A provider gets the prompt already
// built (prompt.ts) plus the passages and thread it came from, and returns
// the answer with token usage: the provider's reported usage when it gives
// one, else counts from the real tokenizer.

/**
 * `document`: the content the passage belongs to (several passages may share one); `score`: its retrieval score
 * (0..1), when it was retrieved.
 */
/** `position`: the passage's place in its document (0 first), when known: the one after it is `position + 1`. */
export type SourcePassage = { title: string; text: string; answer: string; document: number; position?: number; score?: number };

export type Turn = { question: string; answer: string };

export type GenerationInput = {
  /** The standalone question (a follow-up already rewritten). */
  question: string;
  passages: SourcePassage[];
  /** Earlier turns of the thread, oldest first. */
  thread: Turn[];
  /** The question is about the thread itself ("summarise your last answer"): no passages. */
  contextOnly: boolean;
  userPrompt: string;
  parameters: { temperature?: number; maxTokens?: number };
  /** Aborted when the client goes away: the provider call stops. */
  signal?: AbortSignal;
};

export type GenerationResult = { content: string; promptTokens: number; completionTokens: number; totalTokens: number };

/** extractive: quoted from the sources; generated: written by a language model. */
export type AnswerKind = 'extractive' | 'generated';

export type GenerationProvider = {
  kind: AnswerKind;
  generate(input: GenerationInput): Promise<GenerationResult>;
  /** Calls onDelta with each piece of the answer as it comes; resolves with the whole. */
  stream(input: GenerationInput, onDelta: (piece: string) => void): Promise<GenerationResult>;
};
