// The tokenizer is loaded in the background at start (lib/server/startup.ts), not in the first question's time.
// A file of its own: the module's state is fresh here, so "not loaded yet" is observable.
import { describe, expect, it, vi } from 'vitest';
import { countTokens, tokenizerLoaded, warmTokenizer } from '@/lib/text/tokens';

describe('warmTokenizer', () => {
  it('loads the tokenizer without being awaited, and counting then uses it', async () => {
    expect(tokenizerLoaded()).toBe(false);
    warmTokenizer();
    await vi.waitFor(() => expect(tokenizerLoaded()).toBe(true), { timeout: 10_000 });
    expect(await countTokens('hello world')).toBe(2);
  });
});
