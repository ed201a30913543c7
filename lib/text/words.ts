// Turning free text into search terms: lower case, accents folded, split on
// anything that is not a letter or digit (so FTS syntax such as quotes,
// NEAR, *, ^, column filters and SQL can never reach the index as syntax),
// English stop words dropped, Porter stems.
import { porterStem } from './stem';

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could ' +
    'did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in ' +
    'into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same ' +
    'she should so some such than that the their theirs them themselves then there these they this those through to too under until up ' +
    'very was we were what when where which while who whom why will with would you your yours yourself yourselves ' +
    'shall may might must also get got let lets please tell show explain give want need know like use using used one ones way ways ' +
    'something anything thing things make made does do doing done s t vs versus ' +
    // "don't" split at its apostrophe: PostgreSQL's English dictionary drops "don" where FTS5 keeps it, so a
    // question saying "don't" read differently on the two databases. The rest of its kind ("doesn", "isn") both
    // index, and they stay: an error quoted from the documents says "doesn't" as they do.
    'don'
  ).split(/\s+/),
);

/** Text that ends a clause: a full stop, question or exclamation mark, colon or semicolon, maybe inside quotes or brackets. */
export const CLAUSE_END = /[.!?:;]["'”’)\]]*$/;

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

const ASCII = /^[\x00-\x7f]*$/;

export function foldText(text: string): string {
  // Most text is ASCII: skip the (costly) decomposition when it cannot change anything.
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Every word of the text, folded, in order (stop words kept). */
export function words(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * `keyword`: an English stop word the question wrote in capitals (WHERE, HAVING, NOT): a keyword of the documents' language, kept.
 * `written`: the verb of the phrasal verb the term stands for ("turning" of "turning off" for "disable").
 */
export type QueryTerm = { word: string; stem: string; keyword?: boolean; written?: string };

/**
 * Stop words the question writes in capitals, as documentation writes
 * keywords ("WHERE and HAVING", "SELECT … FOR UPDATE"); none when the
 * whole question is in capitals (shouted, nothing set apart).
 */
function capitalisedStopWords(text: string): Set<string> {
  if (!/\p{Ll}/u.test(text)) return new Set();
  const capitals = (text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && /^[\p{Lu}\p{N}]+$/u.test(w) && /\p{Lu}/u.test(w));
  return new Set(capitals.map(foldText).filter(isStopWord));
}

/**
 * Letters the question writes as command-line options ("python -m pytest", "-O", "grep -i"), folded: a single
 * letter is no word, but an option is what the question asks about. One that is a stop word ("-a", "-i", "-s")
 * is kept as a keyword (see capitalisedStopWords).
 */
function optionLetters(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(/(?:^|\s)-(\p{L})(?=$|[\s.,;:?!)])/gu), (m) => foldText(m[1])));
}

/**
 * The distinct content words of a question, in order. Stop words go, unless
 * the question is made of nothing else ("what is this?") — then they stay —
 * or, with `keywords`, unless written in capitals as a keyword ("WHERE").
 * Capped at 12 terms: longer questions keep their first words. A phrasal
 * verb is the verb it means, unless `asWritten` (see withoutPhrasalVerbs).
 */
export function queryTerms(text: string, max = 12, options: { keywords?: boolean; asWritten?: boolean } = {}): QueryTerm[] {
  const { chosen, content, keywords, written } = chosenWords(text, options);
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  for (const word of chosen) {
    const stem = porterStem(word);
    if (seen.has(stem)) continue;
    seen.add(stem);
    const verb = written.get(word);
    terms.push(content.length && keywords.has(word) ? { word, stem, keyword: true } : verb ? { word, stem, written: verb } : { word, stem });
    if (terms.length >= max) break;
  }
  return terms;
}

/**
 * The stems of the words queryTerms chooses, in the question's order with repeats: which words the question
 * writes side by side ("order of columns … a multi-column index": _multi_ beside _column_, which the distinct
 * terms, first use only, no longer show).
 */
export function queryWordSequence(text: string, options: { keywords?: boolean } = {}): string[] {
  return chosenWords(text, options).chosen.map(cachedStem);
}

function chosenWords(text: string, options: { keywords?: boolean; asWritten?: boolean }) {
  const phrasal = options.asWritten ? { words: words(text), written: new Map<string, string>() } : withoutPhrasalVerbs(words(text));
  const all = askedWords(phrasal.words).filter((w) => w.length <= 40);
  const flags = optionLetters(text);
  const keywords = options.keywords ? new Set([...capitalisedStopWords(text), ...[...flags].filter(isStopWord)]) : new Set<string>();
  const isContent = (w: string) => w.length > 1 || /\d/.test(w) || flags.has(w);
  const content = all.filter((w) => !isStopWord(w) && isContent(w));
  // Keywords join other content words; a question of stop words alone keeps them all, as plain words.
  const chosen = !content.length ? all : keywords.size ? all.filter((w) => (!isStopWord(w) || keywords.has(w)) && isContent(w)) : content;
  return { chosen, content, keywords, written: phrasal.written };
}

/**
 * The words of a question without the frame that asks for a meaning: "what
 * does 'static mean", "what is meant by a superuser", "the meaning of
 * SQLSTATE 42P01" ask about what they name, and no page says "mean" where it
 * explains it. "mean" elsewhere ("the mean of a list") stays a word.
 */
function askedWords(all: string[]): string[] {
  const n = all.length;
  if (n > 2 && all[0] === 'what' && (all[1] === 'does' || all[1] === 'do') && all[n - 1] === 'mean') return all.slice(0, -1);
  // "how does write-ahead logging work" asks how it is done: pages explaining it rarely say "work".
  if (n > 3 && all[0] === 'how' && (all[1] === 'does' || all[1] === 'do') && all[n - 1] === 'work') return all.slice(0, -1);
  const meant = all.findIndex((w, i) => w === 'meant' && all[i + 1] === 'by' && ['is', 'was', 'are'].includes(all[i - 1]));
  if (meant > 0) return all.filter((_, i) => i !== meant);
  const meaning = all.findIndex((w, i) => w === 'meaning' && all[i + 1] === 'of' && all[i - 1] === 'the');
  if (meaning > 0) return all.filter((_, i) => i !== meaning);
  return all;
}

/** Verbs that a particle turns into another verb: "turn off" is "disable", and its "turn" is no word of it. */
const PHRASAL_VERBS: Record<string, Record<string, string>> = {
  turn: { off: 'disable', on: 'enable' },
  switch: { off: 'disable', on: 'enable' },
  shut: { off: 'disable' },
};
const PHRASAL_FORMS = new Map(
  Object.keys(PHRASAL_VERBS).flatMap((verb) => [verb, `${verb}s`, `${verb}es`, `${verb}ed`, `${verb}ing`, `${verb}ting`].map((form) => [form, verb])),
);

/**
 * The question with a phrasal verb written as the one verb it means ("turn off a plugin" asks to disable one,
 * "get rid of duplicates" to remove them), and the verb as written for each. Left as they are, "turn" found every
 * passage that turns anything, and the particles are stop words. The verb as written stays a paraphrase of the
 * term: "turning off fsync" is how the PostgreSQL manual says it.
 */
function withoutPhrasalVerbs(all: string[]): { words: string[]; written: Map<string, string> } {
  const out: string[] = [];
  const written = new Map<string, string>();
  for (let i = 0; i < all.length; i++) {
    const verb = PHRASAL_FORMS.get(all[i]);
    const meant = verb ? PHRASAL_VERBS[verb][all[i + 1]] : all[i] === 'get' && all[i + 1] === 'rid' && all[i + 2] === 'of' ? 'remove' : undefined;
    if (!meant) {
      out.push(all[i]);
      continue;
    }
    out.push(meant);
    written.set(meant, verb ? all[i] : 'rid');
    i += verb ? 1 : 2;
  }
  return { words: out, written };
}

/** Letters after which Porter2 takes a final "ly" for an adverb's ending (its "valid li-endings"). */
const ADVERB_ENDING = /[cdeghkmnrt]ly$/;
/** Words with that ending that are not an adjective + "ly" (Porter2's own exceptions). */
const NOT_ADVERBS = new Set(['gently', 'singly', 'early', 'only', 'ugly', 'idly']);

/**
 * The adjective an adverb is made of ("strictly" → "strict", "exactly" → "exact"), or null. The original
 * Porter stemmer, which FTS5 applies, keeps the two apart (strictli / strict) where its successor Porter2
 * joins them, so "make column types strictly enforced" never met the page on STRICT tables. Null too when
 * Porter already stems both alike ("automatically", "nicely").
 */
export function adverbRoot(word: string): string | null {
  if (word.length < 6 || !ADVERB_ENDING.test(word) || NOT_ADVERBS.has(word)) return null;
  const root = word.slice(0, -2);
  return porterStem(root) === porterStem(word) ? null : root;
}

// Stemming is the re-ranker's main cost and a corpus repeats its words:
// remember stems, dropping the memory when it grows past a bound.
const STEM_CACHE_LIMIT = 100_000;
const stemCache = new Map<string, string>();

export function cachedStem(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stem = porterStem(word);
    stemCache.set(word, stem);
  }
  return stem;
}

/** Stems of every word of a text, in order, for the re-ranker. */
export function stemsOf(text: string): string[] {
  return words(text).map(cachedStem);
}

/** An FTS5 string literal: the word in double quotes, quotes doubled. */
export function ftsLiteral(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

/**
 * Abbreviations that end with a full stop inside a sentence: "(i.e. [1] was seen)", "e.g. The", "see Fig. 3",
 * "vs. MySQL". A sentence may still end with one ("… and so on, etc."), but splitting after it cut answers
 * mid-parenthesis ("… would see order as an empty list (i.e.").
 */
const ABBREVIATION = /\b(?:i\.e|e\.g|cf|vs|viz|approx|incl|resp|Mr|Mrs|Ms|Dr|St|Fig|Figs|No|Nos|Vol|Eq|Sec|Ch)\.$/;

/** Splits text into sentences: after a full stop, question or exclamation mark and before a capital, a digit, a quote or a bracket. */
export function sentences(text: string): string[] {
  const pieces = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'([])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  // A piece that ends with an abbreviation goes on in the next one.
  const joined: string[] = [];
  for (const piece of pieces) {
    const last = joined.at(-1);
    if (last !== undefined && ABBREVIATION.test(last)) joined[joined.length - 1] = `${last} ${piece}`;
    else joined.push(piece);
  }
  return joined;
}
