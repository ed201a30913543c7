// What the extractive answer composer is given in unit tests: the question and
// its sources, no thread, no prompt.
import { composeExtractive } from '@/lib/generation/extractive';
import type { GenerationInput } from '@/lib/generation/provider';

export const answerInput = (question: string, passages: GenerationInput['passages'], extra: Partial<GenerationInput> = {}): GenerationInput => ({
  question,
  passages,
  thread: [],
  contextOnly: false,
  userPrompt: '',
  parameters: {},
  ...extra,
});

/** A passage of documentation (not a question–answer row) from source `document`. */
export const passageOf = (document: number, title: string, text: string) => ({ title, text, answer: '', document });

/** The extractive answer to `question` from one source made of `blocks` (its paragraphs). */
export const quoteOf = (question: string, blocks: string[], source: { title?: string; document?: number } = {}) =>
  composeExtractive(answerInput(question, [passageOf(source.document ?? 1, source.title ?? 'Source', blocks.join('\n\n'))]));
