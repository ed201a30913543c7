// The embedded answer's "nothing found" reply, recognised in the browser so
// the console shows it as no answer rather than as a quoted one. The text is
// lib/generation/extractive.ts's NO_ANSWER (that module is server code, not
// for the browser bundle); a unit test keeps the two the same.
export const NO_ANSWER_TEXT =
  "I couldn't find an answer to that in these documents. Try asking with other words, or name the product, feature or error you mean.";

/** Whether a finished answer is the "nothing found" reply. */
export function isNoAnswer(answer: string): boolean {
  return answer.trim() === NO_ANSWER_TEXT;
}
