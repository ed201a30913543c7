// Similar questions share a key: their content words' stems, sorted, so
// "How do I reset my password?" and "password reset, how?" meet, while
// "reset the database" does not. Pure.
import { queryTerms } from '../text/words';

export function questionKey(question: string): string {
  const stems = [...new Set(queryTerms(question, 20).map((t) => t.stem))].sort();
  return stems.length ? stems.join(' ') : question.trim().toLowerCase().replace(/\s+/g, ' ');
}
