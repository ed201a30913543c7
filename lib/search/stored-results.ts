// What an interaction records of the passages its answer used (the
// `results` of its `search` column), and reading it back. Besides the
// passage id and score, each result keeps what the answer was given to read
// — the passage's text and FAQ answer, at most CITED_CHARS each, the same
// bound the prompt puts on a passage — and the passage's hash: a re-import
// may change or delete the passage later, and the thread view must still
// show what was cited (lib/console/sources.ts).
import { passageHash } from '../knowledge/passages';
import { resultEntries } from './recorded-results';

/** The prompt shows at most 2,000 characters of a passage (lib/generation/prompt.ts). */
export const CITED_CHARS = 2_000;

export type StoredResult = {
  passage_id: number;
  content_id: number;
  /** The content's name at answer time. */
  content: string;
  score: number;
  /** Hash of the passage as cited; absent in interactions recorded before it was kept. */
  hash?: string;
  context?: string;
  answer?: string;
  /** The passage's `date` as the search response gave it. */
  date?: string;
};

const cut = (text: string) => (text.length > CITED_CHARS ? `${text.slice(0, CITED_CHARS)}…` : text);

export function storedResult(
  p: { passageId: number; contentId: number; content: { name: string }; score: number; heading: string; body: string; answer: string },
  date: string,
): StoredResult {
  return {
    passage_id: p.passageId,
    content_id: p.contentId,
    content: p.content.name,
    score: p.score,
    hash: passageHash({ heading: p.heading, text: p.body, answer: p.answer }),
    context: cut(p.body),
    answer: cut(p.answer),
    date,
  };
}

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The well-formed results of a stored `search` value (anything else is skipped). */
export function storedResults(search: unknown): StoredResult[] {
  return resultEntries(search)
    .filter((r) => Number.isInteger(r.passage_id) && typeof r.score === 'number')
    .map((r) => ({
      passage_id: r.passage_id as number,
      content_id: Number.isInteger(r.content_id) ? (r.content_id as number) : 0,
      content: String(r.content ?? ''),
      score: r.score as number,
      hash: optionalString(r.hash),
      context: optionalString(r.context),
      answer: optionalString(r.answer),
      date: optionalString(r.date),
    }));
}
