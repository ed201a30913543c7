// A passage that only lists terms — an index ("abort() (in module os)", "(asyncio.Barrier method)", …), a table of
// contents, a keyword cross-reference — holds many of a question's words, each once and in few words, and answers
// nothing: it names where the answer is. Told apart by its shape, not its page: a dozen paragraphs or more, nearly
// all of a few words with no sentence, no code and no table row among them.
import { CLAUSE_END } from '../text/words';
const MIN_PARAGRAPHS = 12;
const TERM_SHARE = 0.85;
const TERM_WORDS = 6;

export function listsTerms(text: string): boolean {
  if (text.includes('```')) return false;
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length < MIN_PARAGRAPHS) return false;
  const terms = paragraphs.filter((p) => !p.includes(' | ') && p.split(/\s+/).length <= TERM_WORDS && !CLAUSE_END.test(p)).length;
  return terms >= TERM_SHARE * paragraphs.length;
}
