// Deep search: splitting a complex question into the sub-questions it asks.
// Pure. The whole question stays the first sub-query, so nothing is lost
// when a split is wrong; each part must carry content words of its own.
import { isStopWord, words } from '../text/words';

const MAX_SUBQUERIES = 4;

const contentCount = (text: string) => words(text).filter((w) => !isStopWord(w) && w.length > 1).length;

/**
 * The parts of a question that asks several things in clauses ("how do I request a refund and how many days do I
 * have?"), without the whole question; none for a question of one clause or a comparison (its sides are not
 * questions of their own).
 */
export function questionParts(question: string): string[] {
  const text = question.replace(/\s+/g, ' ').trim();
  if (comparisonOf(text)) return [];
  const parts = text
    // A question mark ends a question where it ends a word ("what is WAL? is it safe…"); "the ? placeholders" is a
    // placeholder.
    .split(/(?<=\S)\?+(?=\s|$)|,?\s+and\s+(?=(?:how|what|why|where|when|which|who|can|could|should|do|does|is|are)\b)/i)
    .map((part) => part.trim())
    .filter((part) => contentCount(part) >= 1);
  return parts.length >= 2 ? parts.slice(0, MAX_SUBQUERIES - 1) : [];
}

const comparisonOf = (text: string) =>
  /\b(?:difference|differences|compare|comparing|comparison)\b(?:\s+(?:between|of))?\s+(.+?)\s+(?:and|with|to|versus|vs\.?)\s+(.+?)[?.!]*$/i.exec(text) ??
  /^(.+?)\s+(?:versus|vs\.?)\s+(.+?)[?.!]*$/i.exec(text);

export function subQueries(question: string): string[] {
  const text = question.replace(/\s+/g, ' ').trim();
  const parts: string[] = [];
  // "difference between X and Y", "compare X with Y", "X vs Y": one query per side.
  const comparison = comparisonOf(text);
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
