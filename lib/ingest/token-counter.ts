// The token counter of imports: the shared one, loaded once per worker.
import { loadTokenizer } from '../text/tokens';
import type { TokenCounter } from './chunk';

export async function importTokenCounter(): Promise<TokenCounter> {
  return loadTokenizer();
}
