// Token counting with a real BPE tokenizer (o200k, the encoding of current
// OpenAI models). Loaded lazily: about 0.2 s, kept off start-up.
import type { countTokens as CountTokens } from 'gpt-tokenizer';

let counter: typeof CountTokens | undefined;

export async function loadTokenizer(): Promise<typeof CountTokens> {
  counter ??= (await import('gpt-tokenizer')).countTokens;
  return counter;
}

export async function countTokens(text: string): Promise<number> {
  if (!text) return 0;
  return (await loadTokenizer())(text);
}
