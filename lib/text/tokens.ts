// Token counting with a real BPE tokenizer (o200k, the encoding of current
// OpenAI models). Loaded lazily: about 0.2 s, kept off start-up.
// Every count treats text such as "<|endoftext|>" as plain text: questions
// and documents are data, and the tokenizer's default (throwing on
// special-token text) turned one such question into a 500 and one such
// passage into a broken dataset.
import type { countTokens as CountTokens } from 'gpt-tokenizer';

const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export type TokenCounter = (text: string) => number;

let counter: TokenCounter | undefined;

/** The synchronous counter, once loaded. */
export async function loadTokenizer(): Promise<TokenCounter> {
  if (!counter) {
    const count: typeof CountTokens = (await import('gpt-tokenizer')).countTokens;
    counter = (text) => (text ? count(text, AS_PLAIN_TEXT) : 0);
  }
  return counter;
}

export async function countTokens(text: string): Promise<number> {
  return (await loadTokenizer())(text);
}
