// Deep search: splitting a complex question into the sub-questions it asks.
// Pure. The whole question stays the first sub-query, so nothing is lost
// when a split is wrong; each part must carry content words of its own.
import { isStopWord, words } from '../text/words';

const MAX_SUBQUERIES = 4;

const contentCount = (text: string) => words(text).filter((w) => !isStopWord(w) && w.length > 1).length;

export function subQueries(question: string): string[] {
  const text = question.replace(/\s+/g, ' ').trim();
  const parts: string[] = [];
  // "difference between X and Y", "compare X with Y", "X vs Y": one query per side.
  const comparison =
    /\b(?:difference|differences|compare|comparing|comparison)\b(?:\s+(?:between|of))?\s+(.+?)\s+(?:and|with|to|versus|vs\.?)\s+(.+?)[?.!]*$/i.exec(text) ??
    /^(.+?)\s+(?:versus|vs\.?)\s+(.+?)[?.!]*$/i.exec(text);
  if (comparison) parts.push(comparison[1], comparison[2]);
  else {
    for (const piece of text.split(
      /[?;]+|\.\s+|\b(?:and also|as well as|additionally|and then|and how|and what|and why|and where|and when|and which|also)\b/i,
    )) {
      const trimmed = piece.replace(/^[\s,]*(?:and|or|but)\b/i, '').trim();
      if (trimmed) parts.push(trimmed);
    }
  }
  const keyOf = (value: string) => words(value).join(' ');
  const seen = new Set<string>([keyOf(text)]);
  const result = [text];
  for (const part of parts) {
    const key = keyOf(part);
    if (seen.has(key) || contentCount(part) < 1) continue;
    seen.add(key);
    result.push(part);
    if (result.length >= MAX_SUBQUERIES) break;
  }
  return result;
}
