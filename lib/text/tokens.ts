// Token counting with a real BPE tokenizer (o200k, the encoding of current
// OpenAI models). Loaded in the background once the server has started
// (about 0.2 s, kept off start-up), or when first asked.
// Every count treats text such as "<|endoftext|>" as plain text: questions
// and documents are data, and the tokenizer's default (throwing on
// special-token text) turned one such question into a 500 and one such
// passage into a broken dataset.
import type { countTokens as CountTokens } from 'gpt-tokenizer';

const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export type TokenCounter = (text: string) => number;

let counter: TokenCounter | undefined;

/** Whether the tokenizer is loaded (counting needs no wait). */
export const tokenizerLoaded = () => counter !== undefined;

/**
 * Loads the tokenizer in the background, so the first question after a start does not wait for it (building the
 * o200k tables takes 0.1-0.2 s). A failure is only logged: counting loads it again when asked.
 */
export function warmTokenizer(): void {
  loadTokenizer()
    .then((count) => count('warm'))
    .catch((error) => console.warn(`[tokens] tokenizer not loaded in the background: ${error instanceof Error ? error.message : error}`));
}

/** The synchronous counter, once loaded. */
export async function loadTokenizer(): Promise<TokenCounter> {
  if (!counter) {
    const count: typeof CountTokens = (await import('gpt-tokenizer')).countTokens;
    counter = (text) => (text ? countInRuns(text, (piece) => count(piece, AS_PLAIN_TEXT)) : 0);
  }
  return counter;
}

/** Characters of one run without whitespace that are counted at a time. */
const RUN_CHARS = 64;

/** Whitespace as the tokenizer splits on it (ASCII controls and space, no-break and Unicode spaces). */
const isSpace = (code: number) =>
  code <= 32 ||
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff;

/**
 * The tokens of a text, counting a run of RUN_CHARS or more characters without whitespace RUN_CHARS at a time.
 * Byte-pair encoding merges within one such run in time that grows with the square of its length: a file of one
 * 15 MB line took a parse thread past its memory limit (and once the whole server with it), and 200,000 letters
 * without a space took minutes. No token is that long, so the count is the same for words and nearly so for a
 * long hash or a base64 blob. A plain loop finds the runs: a regular expression over a 15 MB run overflowed
 * the stack.
 */
function countInRuns(text: string, count: (piece: string) => number): number {
  let total = 0;
  let from = 0;
  let runStart = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !isSpace(text.charCodeAt(i))) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0 && i - runStart >= RUN_CHARS) {
      if (from < runStart) total += count(text.slice(from, runStart));
      for (let j = runStart; j < i; j += RUN_CHARS) total += count(text.slice(j, Math.min(j + RUN_CHARS, i)));
      from = i;
    }
    runStart = -1;
  }
  return from === 0 ? count(text) : total + (from < text.length ? count(text.slice(from)) : 0);
}

export async function countTokens(text: string): Promise<number> {
  return (await loadTokenizer())(text);
}
