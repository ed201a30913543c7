// Token counting (lib/text/tokens.ts) stays linear on text without whitespace: byte-pair encoding of one long run
// is quadratic, and one 15 MB line took a parse thread past its memory limit.
import { describe, expect, it } from 'vitest';
import { countTokens, loadTokenizer } from '@/lib/text/tokens';

describe('countTokens', () => {
  it('counts words and short runs as the tokenizer does', async () => {
    const { countTokens: raw } = await import('gpt-tokenizer');
    const text = 'The harbour ferry leaves pier 4 at 07:15 — sha256 a3f5c2e9b1d7 and os.path.join(a, b).';
    expect(await countTokens(text)).toBe(raw(text));
    expect(await countTokens('')).toBe(0);
  });

  it('counts a long run without whitespace piece by piece, in linear time', async () => {
    const count = await loadTokenizer();
    const started = performance.now();
    const tokens = count('w'.repeat(400_000));
    // Measured: before, 50,000 letters took 2 s and 400,000 would take about two minutes.
    expect(performance.now() - started).toBeLessThan(5_000);
    // Each 64-letter piece is a handful of tokens: the count grows with the length.
    expect(tokens).toBeGreaterThan(400_000 / 64);
    expect(tokens).toBeLessThan(400_000);
    // Text around a long run is counted as it is.
    expect(count(`before ${'x'.repeat(200)} after`)).toBe(count('before ') + count('x'.repeat(64)) * 3 + count('x'.repeat(8)) + count(' after'));
  });
});
