// Conversation context without a language model: deciding whether a question
// stands alone, continues the previous one ("and in reverse order?"), or is
// about the thread itself ("summarise your last answer"), and rewriting a
// follow-up into a standalone query. Pure: no database.
import { isStopWord, words } from '../text/words';

export type PreviousTurn = { question: string; standalone: string; answer: string };

export type Resolution =
  | { kind: 'standalone'; query: string }
  /**
   * `own`: set when the follow-up may name a subject of its own — only a
   * leading connector ties it to the thread and a whole question follows
   * ("and how are credits counted?"), or its pointer comes after words enough
   * to be its own subject's ("store a password for services without putting
   * it in the image"). `words`: the question without the connector; `thread`:
   * the previous turn's standalone query. topic.ts decides against the dataset.
   */
  | { kind: 'followup'; query: string; own?: { words: string; thread: string } }
  | { kind: 'context'; query: string };

// Verbs that act on what was already said, and words that only point at it.
const META_VERBS = new Set([
  'summarise',
  'summarize',
  'summary',
  'recap',
  'repeat',
  'rephrase',
  'reword',
  'shorten',
  'simplify',
  'tldr',
  'tl',
  'dr',
  'translate',
  'restate',
  'paraphrase',
  'condense',
]);
const META_WORDS = new Set([
  'answer',
  'answers',
  'reply',
  'response',
  'last',
  'previous',
  'above',
  'earlier',
  'again',
  'please',
  'briefly',
  'brief',
  'short',
  'shorter',
  'simpler',
  'simple',
  'words',
  'fewer',
  'sentence',
  'sentences',
  'explanation',
  'message',
  'said',
  'say',
  'wrote',
  'conversation',
  'point',
  'points',
  'bullet',
  'bullets',
  'key',
  'main',
  'version',
  'less',
  'technical',
  'plain',
  'english',
  'just',
  'told',
  'ok',
  'okay',
  'thanks',
]);
const CONNECTORS = /^(and|or|but|also|so|then|what about|how about|and what about|and how about|same for|same with|and if|what if)\b/;
const POINTERS = new Set(['it', 'its', 'that', 'this', 'those', 'these', 'them', 'they', 'their', 'one', 'ones', 'same', 'instead', 'there', 'other', 'else']);
/**
 * Pointers that almost never start a new subject: a question holding one
 * continues the thread however many words of its own it has ("what happens
 * to its data if the server crashes?"). "that", "this", "one" also serve as
 * relative pronouns or numbers ("a table that skips logging"), so they count
 * only in short questions.
 */
const STRONG_POINTERS = new Set(['it', 'its', 'them', 'they', 'their', 'those', 'these', 'there']);
/**
 * A whole question (a question word or an auxiliary first: "how are credits
 * counted") rather than a fragment that needs the previous one ("what about
 * spreadsheets", "with a default value", "for a whole database").
 */
const WHOLE_QUESTION = /^(?!(what|how) about\b|what if\b)(how|what|why|when|where|which|who|can|could|should|is|are|does|do|did|will|would)\b/;
/**
 * "that" and "this" after a verb or a preposition point at what was said ("can an index make that fast", "how do I
 * reverse that", "is this safe", "add a column to that table"); after a noun they open a clause ("a file that skips
 * buffering"), after "so", "such", "sure" they join one.
 */
const DEMONSTRATIVE =
  /\b(make|makes|do|does|did|use|is|was|are|with|for|about|like|than|to|into|on|of|from|get|undo|reverse|change|fix|avoid|stop|disable|enable|turn|run|keep|set|speed|apply) (that|this)\b/;
/**
 * A fragment that narrows what was just asked, opening with a restricting word or a preposition and holding no
 * question or verb of its own: "only the last 20 lines", "just the names", "without the header row", "for a
 * whole database", "in JSON". ("in python, how do I sort a list" is a whole question: WHOLE_QUESTION finds it.)
 */
const NARROWING = /^(only|just|even|without|with|for|in|on|from|by|using|via|except|excluding|including|not)\b/;
/**
 * Content words before a strong pointer that make the question one with a subject of its own, the pointer
 * then most likely pointing inside it ("store a password for services without putting it in the image": "it" is
 * the password). Fewer, and the pointer is what the question is about ("what happens to its data if…").
 */
const OWN_SUBJECT_WORDS = 4;
/** "is there", "are there": existential, not a pointer to a place. */
const EXISTENTIAL = /\b(is|are|was|were|isn t|aren t) there\b/g;

/** Content words: not stop words, not pointers. */
function contentWords(list: string[]): string[] {
  return list.filter((w) => !isStopWord(w) && !POINTERS.has(w) && (w.length > 1 || /\d/.test(w)));
}

/** Whether the question's words say OWN_SUBJECT_WORDS content words before their first strong pointer. */
function subjectBeforePointer(list: string[]): boolean {
  const pointer = list.findIndex((w) => STRONG_POINTERS.has(w));
  return pointer >= 0 && contentWords(list.slice(0, pointer)).length >= OWN_SUBJECT_WORDS;
}

export function isAboutThread(question: string): boolean {
  const all = words(question);
  const text = all.join(' ');
  if (/\bwhat (did|do) you (just )?(say|mean)\b/.test(text) || /\b(say|explain) (that|it) again\b/.test(text)) return true;
  if (!all.some((w) => META_VERBS.has(w))) return false;
  // Only meta words besides the verb: nothing new to look up.
  return contentWords(all).every((w) => META_VERBS.has(w) || META_WORDS.has(w));
}

export function resolveQuestion(question: string, previous: PreviousTurn[]): Resolution {
  const last = previous.at(-1);
  if (!last) return { kind: 'standalone', query: question };
  if (isAboutThread(question)) return { kind: 'context', query: last.standalone };
  const all = words(question);
  const content = contentWords(all);
  const text = all.join(' ');
  const connected = CONNECTORS.test(text);
  const narrows = NARROWING.test(text) && !all.some((w, i) => i > 0 && WHOLE_QUESTION.test(all.slice(i).join(' ')));
  const continues = connected || narrows || all.some((w) => POINTERS.has(w));
  // The question's words without "is there" / "are there", where "there" points at nothing.
  const pointing = words(text.replace(EXISTENTIAL, ' '));
  const pointsBack = connected || DEMONSTRATIVE.test(text) || pointing.some((w) => STRONG_POINTERS.has(w));
  // A follow-up adds a little to the previous question, or points back at
  // it; a question with its own subject and no pointer back starts afresh.
  if (content.length === 0 || pointsBack || (continues && content.length <= 3)) {
    const addition = question.trim().replace(/^(and|or|but|also|so|then)\b[\s,]*/i, '');
    const query = `${last.standalone.trim().replace(/[?.!\s]+$/, '')} ${addition}`.trim();
    // No pointer word, and a whole question after the connector: only the connector says "continue".
    const ownQuestion = connected && content.length > 0 && !all.some((w) => POINTERS.has(w)) && WHOLE_QUESTION.test(words(addition).join(' '));
    const ownSubject = !connected && subjectBeforePointer(pointing);
    return ownQuestion || ownSubject ? { kind: 'followup', query, own: { words: addition, thread: last.standalone } } : { kind: 'followup', query };
  }
  return { kind: 'standalone', query: question };
}
