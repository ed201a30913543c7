// The token counter of imports. Documents are data, not prompts: text such
// as "<|endoftext|>" is counted as plain text (the tokenizer's default is to
// throw on special-token text, which would fail the file).
import { loadTokenizer } from '../text/tokens';
import type { TokenCounter } from './chunk';

const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export async function importTokenCounter(): Promise<TokenCounter> {
  const count = await loadTokenizer();
  return (text: string) => (text ? count(text, AS_PLAIN_TEXT) : 0);
}
