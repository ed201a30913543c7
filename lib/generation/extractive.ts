// The embedded answer provider: no language model, so the answer is one
// coherent excerpt — the best passage's most relevant contiguous
// paragraph(s), code kept verbatim as fenced Markdown — cited [1], followed
// by pointers to other documents that also match. The answer holds only the
// answer: that it is extractive is said by the response (answer kind), not
// by a sentence in the text.
import { countTokens } from '../text/tokens';
import { queryTerms, sentences, stemsOf, words } from '../text/words';
import { likeliestNeighbour, mayBeMisspelt, oneSlipAway, stopWordMeant } from '../text/slips';
import { porterStem } from '../text/stem';
import { isBoxLabel } from '../text/box-labels';
import { fenceCode, textBlocks, type TextBlock } from '../text/code-blocks';
import type { GenerationInput, GenerationProvider, GenerationResult, SourcePassage } from './provider';
import { briefTitle } from '../search/passage-title';
import { questionParts } from '../search/subqueries';

// Said to anyone, including visitors of a public smartpage: plain words, and what to try next.
export const NO_ANSWER = "I couldn't find an answer to that in these documents. Try asking with other words, or name the product, feature or error you mean.";

/** About a screenful: enough for a paragraph and its example. */
const EXCERPT_CHARS = 900;
/** A prose block longer than this is cut to its relevant sentences. */
const LONG_PROSE = 600;
/** Passages whose best excerpt is weighed against the first one's. */
const CANDIDATE_PASSAGES = 3;
const SEE_ALSO = 2;
/** A see-also source's retrieval score, at least this share of the best source's. */
const SEE_ALSO_SHARE = 0.6;
/** A prose block of at most this many words without a full stop is a label (a term, a heading). */
const LABEL_WORDS = 12;
/** Share of the question's term weight a question–answer row's question must hold to be the answer. */
const FAQ_FIRST_SHARE = 0.5;
const FAQ_OTHER_SHARE = 0.75;

type Weights = Map<string, number>;
/** Words of a block, as whitespace separates them. */
const wordCount = (block: TextBlock) => block.text.trim().split(/\s+/).length;
/**
 * A short announcement of an example ("For example:", "Example subscriber:", "For instance:"): it shows what was
 * just said. Other short ones start another matter ("Running without options:", "Response:").
 */
const introducesExample = (block: TextBlock) => wordCount(block) <= 6 && /\b(?:examples?|instance)\b/i.test(block.text);

/** Each question term weighs by how rare it is among the sources (a word in every source tells little). */
function termWeights(question: string, passages: SourcePassage[]): Weights {
  // The words as written count too: a source may say "turning off fsync" where the question's "turn off" is
  // searched as "disable".
  const terms = [...queryTerms(question, undefined, { keywords: true }), ...queryTerms(question, undefined, { keywords: true, asWritten: true })];
  const sets = passages.map((p) => new Set(stemsOf(`${p.title} ${p.text}`)));
  const held = (stem: string) => sets.some((set) => set.has(stem));
  const stems = new Set<string>();
  for (const t of new Map(terms.map((t) => [t.stem, t])).values()) {
    if (held(t.stem) || !mayBeMisspelt(t)) stems.add(t.stem);
    // A word no source holds may be a slip that retrieval read as its neighbour ("contaner"): weigh the word the
    // sources write. A stop word mistyped ("whihc") is left out, as retrieval leaves it out (lib/search/spelling.ts).
    else if (!stopWordMeant(t.word)) stems.add(spelledAsSources(t.word, passages) ?? t.stem);
  }
  const weights: Weights = new Map();
  for (const stem of stems) {
    const holding = sets.filter((s) => s.has(stem)).length;
    weights.set(stem, Math.log(1 + (passages.length + 1) / (holding + 0.5)));
  }
  return weights;
}

/** The stem of the sources' word one slip from `word` that they write most often, or null. */
function spelledAsSources(word: string, passages: SourcePassage[]): string | null {
  const near = new Set(oneSlipAway(word));
  const counts = new Map<string, number>();
  for (const p of passages) for (const w of words(`${p.title} ${p.text}`)) if (near.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const best = likeliestNeighbour(
    [...counts.keys()].map((w) => ({ word: w })),
    (n) => counts.get(n.word) ?? 0,
  );
  return best ? porterStem(best.word) : null;
}

function coverage(text: string, weights: Weights): number {
  let total = 0;
  for (const stem of new Set(stemsOf(text))) total += weights.get(stem) ?? 0;
  return total;
}

/** A block's relevance: the question's terms it holds, damped for length; code counts a little less than prose that explains it. */
function blockScore(block: TextBlock, weights: Weights): number {
  const found = coverage(block.text, weights);
  if (found === 0) return 0;
  const words = block.text.split(/\s+/).length;
  return (found / (1 + Math.log1p(words / 80))) * (block.code ? 0.8 : 1);
}

/** A sentence or two sending the reader elsewhere: "See also …", "See the Foo section.", "Refer to bar(1)." — not one announcing what follows ("See the example below:"). */
const POINTER = /^(?:see also\b|see\s|refer to\s)/i;
const POINTER_WORDS = 30;
const pointsElsewhere = (block: TextBlock) => {
  const text = block.text.trim();
  return !block.code && POINTER.test(text) && !text.endsWith(':') && text.split(/\s+/).length <= POINTER_WORDS;
};

/** score: its blocks' relevance summed (the question's words, each as often as a block holds it); covered: the question's weight it holds, each term once. */
/** named: it quotes the entry of the one code name the question writes. */
/** elsewhere: the name of a listing its prose names that its passage does not hold ("Listing 5-12"). */
type Excerpt = {
  blocks: TextBlock[];
  score: number;
  covered: number;
  named: boolean;
  elsewhere: string | null;
  /** The excerpt ends where its passage was cut after announcing what the next passage opens with. */
  cut: CutAnnouncement | null;
};

/**
 * The passage's best contiguous run of blocks: the best block, the prose
 * that introduces it when it is code, the code that illustrates it when it
 * is prose, then following blocks while they still match and fit.
 */
function bestExcerpt(passage: SourcePassage, weights: Weights, name: string | null = null): Excerpt | null {
  const { blocks, cut } = withoutCutAnnouncement(textBlocks(passage.text));
  const scores = blocks.map((b) => blockScore(b, weights));
  // The reference entry the question names ("what does changes() return") is the answer, not its neighbour
  // that holds the same words more often (total_changes()). An entry is a term with a description after it
  // (an index lists terms after terms: "seed() (in module random)").
  const described = (i: number) => !!blocks[i + 1] && !introducesNext(blocks[i + 1]);
  const named = name ? blocks.findIndex((b, i) => introducesNext(b) && isEntryOf(entryName(b.text), name) && described(i)) : -1;
  if (named >= 0) scores[named] = Math.max(0, ...scores) + 1;
  // A caption names what is next to it ("Table 28.40. pg_stat_progress_vacuum View"): it holds the question's words
  // in few, but the answer is in the text around it. It is the best block only when nothing else matches.
  const beats = (i: number, j: number) => (isCaption(blocks[i]) === isCaption(blocks[j]) ? scores[i] > scores[j] : !isCaption(blocks[i]));
  // Nor is a pointer elsewhere ("See also CMAKE_SYSTEM_PREFIX_PATH, CMAKE_INCLUDE_PATH…"): it holds the question's
  // words in few and answers nothing. It is the best block only when nothing else matches; it may still follow.
  const beatsPointer = (i: number, j: number) => (pointsElsewhere(blocks[i]) === pointsElsewhere(blocks[j]) ? beats(i, j) : !pointsElsewhere(blocks[i]));
  let best = -1;
  scores.forEach((s, i) => {
    if (s > 0 && (best < 0 || beatsPointer(i, best))) best = i;
  });
  if (best < 0) return null;
  let from = best;
  let to = best;
  const size = () => blocks.slice(from, to + 1).reduce((n, b) => n + b.text.length, 0);
  /** Whether the excerpt still holds at most `limit` characters with `block` added; a little more (1.5×) for context it needs. */
  const fits = (block: TextBlock, limit = EXCERPT_CHARS) => size() + block.text.length <= limit;
  if (blocks[best].code && best > 0 && !blocks[best - 1].code) from = best - 1;
  // A caption is quoted with what it names: the code before it ("Listing 4-9: …" follows its listing), else what follows it.
  if (isCaption(blocks[best])) {
    if (blocks[best - 1]?.code) from = best - 1;
    else if (best + 1 < blocks.length) to = best + 1;
  }
  // A term or a signature is never quoted alone: what it introduces comes with it, matching or not
  // ("awaitable asyncio.gather(*aws, …)" and then what gather does).
  if (introducesNext(blocks[best]) && best + 1 < blocks.length && !blocks[best + 1].code) to = best + 1;
  if (!blocks[best].code && blocks[best + 1]?.code && (/:\s*$/.test(blocks[best].text) || scores[best + 1] > 0)) to = best + 1;
  // The entry the question names ends where the next entry starts.
  const nextEntry = (i: number) => named >= 0 && best === named && introducesNext(blocks[i]) && entryName(blocks[i].text) !== null;
  while (to + 1 < blocks.length && scores[to + 1] > 0 && !nextEntry(to + 1) && fits(blocks[to + 1])) to++;
  // A sentence the excerpt leaves open goes on, matching or not: code inside a sentence ("…specifying:"
  // code "is equivalent to specifying:" code) is followed by the rest of it, and that rest brings the code
  // it announces in turn. (A new sentence announcing code, "To drop a column:", is dropped below instead.)
  const goesOn = (i: number) =>
    (i > 0 && announces(blocks[i - 1], blocks[i]) && continuesSentence(blocks[i + 1])) || (continuesSentence(blocks[i]) && announces(blocks[i], blocks[i + 1]));
  while (to + 1 < blocks.length && fits(blocks[to + 1]) && goesOn(to)) to++;
  // What a colon announces comes with it, matching or not: the rows of the table or the items of the list after
  // "The table below shows what command is executed …:" — quoted alone, that sentence promises what it leaves out.
  const announced = (b: TextBlock | undefined) => !!b && (isRow(b) || isListItem(b));
  let opener = to;
  while (opener > from && announced(blocks[opener])) opener--;
  if (announcesSomething(blocks[opener])) {
    while (announced(blocks[to + 1]) && fits(blocks[to + 1], EXCERPT_CHARS * 1.5)) to++;
  }
  // A label or an introduction ("checkpoint_completion_target (floating point)", "Select the next number:")
  // belongs to what follows it: it does not end an excerpt that leaves that out, and the one just
  // before the excerpt (a reference entry's term, "subprocess.run(args, …)") opens it.
  // A caption right after its code stays: it names that code (mdBook's "Listing 4-9: …" follows its listing).
  const namesCode = (i: number) => isCaption(blocks[i]) && !!blocks[i - 1]?.code;
  // Nor does a table's first row end it alone: that is the header of rows it leaves out.
  const loneRow = (i: number) => isRow(blocks[i]) && !isRow(blocks[i - 1]);
  // A few words after a field's label are its value ("Exit code 5:" "No tests were collected"), not a label.
  const isFieldValueAt = (i: number) => i > 0 && isFieldLabel(blocks[i - 1]) && isFieldValue(blocks[i]);
  while (to > best && !namesCode(to) && !isFieldValueAt(to) && (introducesNext(blocks[to]) || isCaption(blocks[to]) || loneRow(to))) to--;
  // Nor does it end promising code it leaves out ("For example, consider this code:"): the code comes, with a label
  // that stands between them ("Filename: src/main.rs"); when that is too long, the announcing sentence goes.
  const announcedCode = announcedCodeAfter(blocks, to);
  if (announcedCode.length && fits({ code: true, text: announcedCode.map((i) => blocks[i].text).join('') }, EXCERPT_CHARS * 1.5)) {
    to = announcedCode.at(-1)!;
  }
  // Prose alone whose passage goes straight on to announce code — in the question's words ("Environment variables
  // can be set in the shell before starting the server:" and the commands), or as an example ("For example:",
  // "Example subscriber:") — takes both: the code shows what the prose said. (A longer announcement of none of
  // them opens another matter: "Note that a reference's scope…", "For example, Listing 17-10 shows what happens if…".)
  const next = to + 1;
  const nextCode = next < blocks.length ? announcedCodeAfter(blocks, next) : [];
  // The example does not count in the excerpt's score: it never decides which source is quoted.
  let example = 0;
  if (
    nextCode.length &&
    announcedCode.length === 0 &&
    !range(from, to).some((i) => blocks[i].code) &&
    (scores[next] > 0 || introducesExample(blocks[next])) &&
    fits({ code: true, text: [next, ...nextCode].map((i) => blocks[i].text).join('') }, EXCERPT_CHARS * 1.5)
  ) {
    to = nextCode.at(-1)!;
    example = to - next + 1;
  }
  // (An announcement that is all the excerpt says stays: it is better than nothing.)
  const promisesCode = announcedCode.length > 0 && to < announcedCode[0] && (to > from || withoutAnnouncement(blocks[to]) !== null);
  // (The entry the question names opens it itself.) A few words after another few words are the last item of a list
  // of names ("Ninja Multi-Config", "Visual Studio Generators", "Xcode"), not the term of what follows; a signature
  // or an option after another (an option's aliases, a table's rows of functions) still is.
  const lastOfList = (i: number) => i > 0 && isPlainLabel(blocks[i]) && isPlainLabel(blocks[i - 1]);
  if (from > 0 && from !== named && introducesNext(blocks[from - 1]) && !lastOfList(from - 1) && fits(blocks[from - 1])) from--;
  // An excerpt never opens with the caption of code it leaves out.
  if (from < to && isCaption(blocks[from]) && blocks[from - 1]?.code) {
    if (fits(blocks[from - 1])) from--;
    else from++;
  }
  // Nor in the middle of a sentence its code example interrupted ("… then run" code "which will replace the old
  // commit …"): it opens with the code and the words that run into it — as often as the sentence was interrupted
  // ("if the server configuration sets:" code "and a .htaccess file contains:" code "then FollowSymLinks …").
  while (continuesSentence(blocks[from]) && blocks[from - 1]?.code && fits(blocks[from - 1], EXCERPT_CHARS * 1.5)) {
    from--;
    const lead = blocks[from - 1];
    if (lead && !lead.code && !SENTENCE_END.test(lead.text.trim()) && fits(lead, EXCERPT_CHARS * 1.5)) from--;
  }
  // Nor with a sentence that points back at the one before it ("This allows developers to …", "They include the
  // algorithm …", "But you decided …"): read alone, it says something about nothing. The prose before it comes
  // too, as context only: it does not count in the excerpt's score, so it never decides which source is quoted.
  let context = from > 0 && pointsBack(blocks[from]) && isProse(blocks[from - 1]) && fits(blocks[from - 1], EXCERPT_CHARS * 1.5) ? 1 : 0;
  // Prose that explains the code just before it ("The first command creates a new directory…", "This code
  // prints…", "This converts the list into a set…") comes with that code, and with the sentence announcing it
  // ("run the following:"): the code is what the question asked how to do. So does prose that points back
  // ("That will cause all existing rows…", "This allows …") at code a sentence announced ("To add a column of
  // type varchar to a table:" `ALTER TABLE … ADD COLUMN`) or at one block of code; after code that follows other
  // code (a test run's output after the test), "This is so because…" is about the prose before them.
  // (Code a sentence announced is one such block: the announcement is prose.)
  const codeAloneAt = (i: number) => i > 0 && !!blocks[i]?.code && !blocks[i - 1].code;
  const followsCode = refersToCode(blocks[from]) || saysWhatCodeDoes(blocks[from]) || (pointsBack(blocks[from]) && codeAloneAt(from - 1));
  if (!context && !blocks[from].code && followsCode && blocks[from - 1]?.code && fits(blocks[from - 1], EXCERPT_CHARS * 1.5)) {
    context = 1;
    // The sentence that leads into the code, with a colon or running into it without a full stop ("If all
    // elements are hashable this is often faster" `mylist = list(set(mylist))`).
    const lead = blocks[from - 2];
    const leadsIn = !!lead && (announces(lead, blocks[from - 1]) || (isProse(lead) && !SENTENCE_END.test(lead.text.trim()) && wordCount(lead) >= LEAD_WORDS));
    if (leadsIn && size() + blocks[from - 1].text.length + lead.text.length <= EXCERPT_CHARS * 1.5) context = 2;
  }
  from -= context;
  // Rows quoted from the middle of a table come under the table's header row (its first row).
  const header = tableHeaderAbove(blocks, from);
  const announcedAt = tableAnnouncement(blocks, from);
  const announcement = announcedAt >= 0 && size() + blocks[announcedAt].text.length <= EXCERPT_CHARS * 1.5 ? blocks[announcedAt] : null;
  const quoted = (b: TextBlock) => quote(b, weights);
  // A listing the excerpt names ("as shown in Listing 7-16", "The code in Listing 12-1 allows…") comes with it
  // when the passage shows it elsewhere: its code and caption, where they stand when next to the excerpt, else
  // after it. It does not count in the excerpt's score.
  const listed = listingNameIn(blocks, from, to);
  const listingAt = listed ? listingBlocks(blocks, listed) : [];
  const shown = listingAt.some((j) => j >= from && j <= to) ? [] : listingAt;
  const listing = size() + shown.reduce((n, i) => n + blocks[i].text.length, 0) <= EXCERPT_CHARS * 1.5 ? shown : [];
  const before = listing.length > 0 && listing.at(-1) === from - 1 ? listing : [];
  const after = before.length ? [] : listing;
  const excerpt = [...before, ...range(from, to), ...after].map((i) => (i === to && promisesCode ? withoutAnnouncement(blocks[i]) : blocks[i]));
  const chosen = [...(announcement ? [quoted(announcement)] : []), ...(header ? [quoted(header)] : []), ...excerpt.filter((b) => b !== null).map(quoted)];
  // The title counts too: an excerpt from a page about the question is better than a passing mention.
  const titled = 0.5 * coverage(passage.title, weights);
  const score = scores.slice(from + context, to + 1 - example).reduce((a, b) => a + b, 0) + titled;
  // And what it covers of the question, each term once (see composeExtractive).
  const covered =
    coverage(
      blocks
        .slice(from + context, to + 1 - example)
        .map((b) => b.text)
        .join('\n'),
      weights,
    ) + titled;
  // A listing the passage does not hold may be in the passage next to it (composeExtractive looks).
  const elsewhere = listed && captionOf(blocks, listed) < 0 ? listed : null;
  // (Whether what is left of the announcement ends it or the announcement went whole, the excerpt reaches the cut at the last block.)
  const endsAtCut = !!cut && to === blocks.length - 1 && !after.length;
  return { blocks: chosen, score, covered, named: named >= 0 && best === named, elsewhere, cut: endsAtCut ? cut : null };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

/** "Listing 12-1", "Example 9.3": a numbered listing named in prose. */
const LISTING_NAME = /\b(Listing|Example) ((?:[A-Z]-?)?\d+(?:[.-]\d+)+)\b/;

/** The first listing the prose of blocks[from..to] names ("Listing 12-1"), or null. */
function listingNameIn(blocks: TextBlock[], from: number, to: number): string | null {
  for (let i = from; i <= to; i++) {
    const block = blocks[i];
    if (block.code || isCaption(block)) continue;
    const named = LISTING_NAME.exec(block.text);
    if (named) return `${named[1]} ${named[2]}`;
  }
  return null;
}

/** Where the caption of listing `name` is among the blocks ("Listing 5-12: …"), or -1. */
const captionOf = (blocks: TextBlock[], name: string) =>
  blocks.findIndex((b) => isCaption(b) && b.text.trim().startsWith(name) && /^[:.]\s/.test(b.text.trim().slice(name.length)));

/** The blocks of listing `name` (its code and caption, in order), or [] when the blocks do not show it. */
function listingBlocks(blocks: TextBlock[], name: string): number[] {
  const caption = captionOf(blocks, name);
  if (caption < 0) return [];
  const code = blocks[caption - 1]?.code ? caption - 1 : blocks[caption + 1]?.code ? caption + 1 : -1;
  return code < 0 ? [] : [code, caption].sort((a, b) => a - b);
}

/** A block as an answer quotes it: code verbatim, prose trimmed to its relevant sentences without footnote marks. */
const quote = (block: TextBlock, weights: Weights): TextBlock =>
  block.code ? block : { ...block, text: withoutFootnoteMarks(trimProse(block.text, weights)) };

/**
 * The code `announcement` announced, from the passage after source `used` in the same document when it is among
 * the sources: the code (after a label, if any) that opens it — or that follows the announcement there, when the
 * passage repeats the end of the one before it.
 */
function codeAnnouncedNextDoor(passages: SourcePassage[], used: number, announcement: TextBlock): TextBlock[] {
  const source = passages[used];
  if (source.position === undefined) return [];
  const next = passages.find((p) => p.document === source.document && p.position === source.position! + 1);
  if (!next) return [];
  const blocks = textBlocks(next.text);
  const start = blocks.findIndex((b) => !b.code && b.text.trim() === announcement.text.trim()) + 1;
  if (blocks[start]?.code) return [blocks[start]];
  return isLabel(blocks[start]) && blocks[start + 1]?.code ? [blocks[start], blocks[start + 1]] : [];
}

/**
 * The listing an excerpt names that its passage does not hold, from the passage just before or after it in the
 * same document when that one is among the sources (a book's passage often ends "…as shown in Listing 5-12."
 * and the next one opens with the listing).
 */
function listingNextDoor(passages: SourcePassage[], used: number, name: string): TextBlock[] {
  const source = passages[used];
  if (source.position === undefined) return [];
  for (const neighbour of passages) {
    if (neighbour.document !== source.document || neighbour.position === undefined || Math.abs(neighbour.position - source.position) !== 1) continue;
    const blocks = textBlocks(neighbour.text);
    const shown = listingBlocks(blocks, name);
    if (shown.length) return shown.map((i) => blocks[i]);
  }
  return [];
}

/**
 * The one name of code the question writes — a call ("changes()", "lower(name)"), a dotted or underscored name
 * ("os.path.join", "sqlite3_open") — lower case, without the call's parentheses; null when it writes none, or
 * several (it compares them, and their words decide).
 */
function codeNameIn(question: string): string | null {
  // A comparison ("synchronous_commit vs fsync", "the difference between …") is about more than the name it writes.
  if (COMPARISON.test(question)) return null;
  const names = new Set<string>();
  // One token at a time, with the parenthesis after it if any: no pattern here backtracks over a long word.
  for (const m of question.matchAll(/[A-Za-z_][\w.]*(\s*\()?/g)) {
    const word = m[1] ? m[0].slice(0, -m[1].length) : m[0];
    let end = word.length;
    while (end > 0 && word[end - 1] === '.') end--;
    const token = word.slice(0, end);
    if (m[1] || /\w[._]\w/.test(token)) names.add(token.toLowerCase());
  }
  return names.size === 1 ? [...names][0] : null;
}

const COMPARISON = /\b(?:vs|versus|or|differen\w*|compar\w*|between|better|safer|faster|instead)\b/i;

/**
 * The name an entry's term gives, or null: "changes()" → changes, "os.path.join(path, *paths)" → os.path.join,
 * and the last word before the parameters where a kind, a type or a decorator comes first ("class
 * random.SystemRandom([seed])", "@functools.lru_cache(user_function)", "int sqlite3_busy_timeout(sqlite3*, int ms);").
 */
function entryName(term: string): string | null {
  // At most three words before the parameters: a sentence with a parenthesis is no term.
  const words = term.trim().split('(')[0].trim().split(/\s+/);
  const name = words.length <= 3 ? (words.at(-1) ?? '').replace(/^[@*&]+/, '').toLowerCase() : '';
  return /^[\w.]+$/.test(name) ? name : null;
}

/** Whether an entry's name is the one the question asks about, whole or by its last dotted parts (os.path.join for "path.join" or "join()"). */
const isEntryOf = (entry: string | null, asked: string) => !!entry && (entry === asked || entry.endsWith(`.${asked}`));

/** A paragraph that goes on with a sentence: it starts with a lower-case word ("is equivalent to…"), not a name ("f.write(…)"). */
const continuesSentence = (block: TextBlock | undefined) => !!block && !block.code && /^[a-z]+[\s,]/.test(block.text.trim());

/**
 * Prose that opens by pointing back: a pronoun or demonstrative standing alone as the subject ("This allows …",
 * "That will cause …", "They include …"; not "This command …", whose noun names what it means), or a connective
 * that continues an argument ("But", "However", "Therefore", "Also").
 */
const pointsBack = (block: TextBlock) => !block.code && POINTS_BACK.test(block.text.trim());
/** Prose that ends with a colon: it announces what follows it (a table, a list, code). */
const announcesSomething = (block: TextBlock) => isProse(block) && /:\s*$/.test(block.text);
/** An item of a list, as parsers write them ("• …", "1. …"). */
const isListItem = (block: TextBlock) => !block.code && /^(?:•|\d+[.)])\s/.test(block.text.trim());
/**
 * A passage that ends announcing something ("… in a table format you can use:") was cut before it: what it
 * announces opens the next passage, which repeats the announcement. Quoted, it would promise what it leaves
 * out, so the announcing sentence goes — with its paragraph when it is all the paragraph says.
 */
function withoutCutAnnouncement(all: TextBlock[]): { blocks: TextBlock[]; cut: CutAnnouncement | null } {
  // A label of what was cut may stand after the announcement ("…functionality:" then "Filename: src/main.rs").
  const end = all.length >= 2 && isLabel(all.at(-1)) && announcesSomething(all.at(-2)!) ? all.length - 1 : all.length;
  const last = all[end - 1];
  if (!last || !announcesSomething(last)) return { blocks: all, cut: null };
  const kept = withoutAnnouncement(last);
  // A passage that is nothing but the announcement keeps it: it is all there is to quote.
  if (!kept && end < 2) return { blocks: all.slice(0, end), cut: { announcement: last, replaced: true } };
  const blocks = kept ? [...all.slice(0, end - 1), kept] : all.slice(0, end - 1);
  return { blocks, cut: { announcement: last, replaced: !!kept } };
}

/** The paragraph a passage was cut after, and whether the blocks end with what is left of it (else without it). */
type CutAnnouncement = { announcement: TextBlock; replaced: boolean };

/** A short line that names what follows it, not a sentence nor a caption ("Filename: src/main.rs"). */
const isLabel = (block: TextBlock | undefined) => !!block && introducesNext(block) && !isCaption(block) && !announcesSomething(block);

/** A paragraph without the sentence it ends announcing with; null when that sentence is all it says. */
function withoutAnnouncement(block: TextBlock): TextBlock | null {
  const said = sentences(block.text);
  const at = said.length > 1 ? block.text.lastIndexOf(said.at(-1)!) : -1;
  // (The sentences are read with their spaces made one: a sentence wrapped over lines is not found as written.)
  const kept = said.length < 2 ? '' : at > 0 ? block.text.slice(0, at).trim() : said.slice(0, -1).join(' ');
  return kept ? { ...block, text: kept } : null;
}

/**
 * The code a paragraph ending with a colon announces, when code is what follows it: that block, or a short label
 * ("Filename: src/main.rs") and the code under it. Empty when the paragraph announces nothing or no code follows.
 */
function announcedCodeAfter(blocks: TextBlock[], at: number): number[] {
  if (!announcesSomething(blocks[at])) return [];
  if (blocks[at + 1]?.code) return [at + 1];
  return isLabel(blocks[at + 1]) && blocks[at + 2]?.code ? [at + 1, at + 2] : [];
}

/** A paragraph of prose: no code, no table row. */
const isProse = (block: TextBlock) => !block.code && !isRow(block);
const POINTS_BACK =
  /^(?:(?:This|That|These|Those|They|It) (?:is|are|was|were|will|would|can|could|may|might|must|should|has|have|had|does|do|did|means|allows|lets|makes|causes|gives|ensures|prevents|requires|includes|include|works|happens|also|only|not)\b|(?:But|However|Therefore|Thus|Hence|Also|Otherwise)\b)/;

/**
 * Prose that opens by naming code as the thing just shown: "The first command creates…", "This code prints…",
 * "In this example, …", "The output shows…", "Here, …". Read without that code, it explains nothing. ("This
 * command …" alone is not one: a manual page says so of the command it documents, after its synopsis.)
 */
const ORDINAL = '(?:first|second|third|last|previous|above|preceding|two|three)';
const CODE_BACK = new RegExp(
  `^(?:(?:The|This|These|That|Those) (?:${ORDINAL} )?(?:code|examples?|listings?|output|lines?|snippets?|programs?|scripts?|statements?|calls?|queries|query|configuration|invocation)\\b|(?:The|These|Those) (?:${ORDINAL} )?commands\\b|The ${ORDINAL} command\\b|In (?:this|the above|the previous|that) (?:example|code|listing|command)\\b|Here(?:,| we)\\b)`,
);
const refersToCode = (block: TextBlock) => !block.code && CODE_BACK.test(block.text.trim());
/**
 * Prose that opens with "This", "That" or "It" doing something ("This converts the list into a set…", "It
 * prints…"): right after code, it says what that code does. (Its verb ends in "s"; a noun such as "class" or
 * "status" does not count, nor "This is…", which may be about the prose before the code: `pointsBack`.)
 */
const DOES_BACK = /^(?:This|That|It) [a-z]*[^\Wsu]s\b/;
/** A sentence running into code without a colon has at least this many words ("Or," alone leads into nothing). */
const LEAD_WORDS = 4;
const saysWhatCodeDoes = (block: TextBlock) => !block.code && !pointsBack(block) && DOES_BACK.test(block.text.trim());

/** Whether `block` is prose ending with a colon and `next` the code it introduces. */
const announces = (block: TextBlock, next: TextBlock | undefined) => !block.code && !!next?.code && /:\s*$/.test(block.text);

/** A finished sentence's last characters: a full stop, question or exclamation mark, maybe inside quotes or brackets. */
const SENTENCE_END = /[.!?]["'”’)\]]*$/;

/** A short prose block that is not a finished sentence (a term, a heading), or one that ends with a colon. */
function introducesNext(block: TextBlock): boolean {
  // A table's row is no label of the row after it, nor a list's item of what follows the list.
  if (block.code || isRow(block) || isListItem(block)) return false;
  const text = block.text.trim();
  return /:$/.test(text) || isSignature(text) || (!SENTENCE_END.test(text) && text.split(/\s+/).length <= LABEL_WORDS);
}

/** "Listing 4-9: …", "Table 9.5. Mathematical Functions", "Figure 2: …": the caption of a listing, table or figure next to it. */
const CAPTION = /^(?:Listing|Figure|Fig\.|Table|Example|Exhibit) (?:[A-Z]-?)?\d+(?:[.-]\d+)*[:.]\s/;
const isCaption = (block: TextBlock | undefined) => !!block && !block.code && block.text.length <= SIGNATURE_CHARS && CAPTION.test(block.text.trim());

/**
 * A source's own footnote marks ("PurePath.relative_to() [2]", "says about that [7]:") go: the footnote is not
 * quoted, and in the answer "[2]" reads as a citation of the second source.
 */
const withoutFootnoteMarks = (text: string) => text.replace(/ \[\d{1,3}\](?=[\s.,;:!?)]|$)/g, '');

/** A long paragraph keeps the sentences from the first relevant one, up to LONG_PROSE characters. */
function trimProse(text: string, weights: Weights): string {
  if (text.length <= LONG_PROSE) return text;
  const all = sentences(text);
  const first = Math.max(
    0,
    all.findIndex((s) => coverage(s, weights) > 0),
  );
  const kept: string[] = [];
  for (const sentence of all.slice(first)) {
    if (kept.length && kept.join(' ').length + sentence.length > LONG_PROSE) break;
    kept.push(sentence);
  }
  const excerpt = kept.join(' ');
  return excerpt.length > LONG_PROSE * 1.5 ? `${excerpt.slice(0, LONG_PROSE).replace(/\s+\S*$/, '')} …` : excerpt;
}

/**
 * A lone line that reads as the name of an API rather than a sentence: a
 * call signature ("subprocess.run(args, *, stdin=None, …)", "class
 * collections.Counter([iterable-or-mapping])", "abs ( numeric ) → numeric")
 * or a dotted name ("os.sep"), as reference entries begin.
 */
const SIGNATURE =
  /^(?:(?:class|async|awaitable|coroutine|exception|abstractmethod|classmethod|staticmethod) )*@?[A-Za-z_][\w.]*\s*(?:\(.*\)(?:\s*(?:->|→)\s*[^.\s][^.]*)?|(?:\.[A-Za-z_]\w*)+)$/;
const SIGNATURE_CHARS = 300;

const isSignature = (text: string) => text.length <= SIGNATURE_CHARS && !text.includes('\n') && !CELL.test(text) && SIGNATURE.test(text);

/** A signature line as inline code (fenced with more backticks than it holds), other prose as it is. */
function prose(text: string): string {
  if (isSignature(text)) return inlineCode(text);
  // Import writes a Markdown list's items as lines opening with "• " (markdown.ts); as Markdown again they are a
  // list — left as they were, the lines of a paragraph, a browser ran them together into one line.
  return literalEmphasis(text).replace(/^•[ \t]+/gm, '- ');
}

/**
 * Prose shown as written: a star ("*args", "**kwargs") and an underscore at a word's edge ("__init__", "_private")
 * would open emphasis in Markdown — "stored in __doc__" read "stored in **doc**". An underscore inside a word
 * ("snake_case") opens nothing and stays as it is.
 */
const literalEmphasis = (text: string) => text.replace(/\*|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\$&');

/** Text as inline code, fenced with more backticks than it holds. */
function inlineCode(text: string): string {
  const ticks = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  return ticks.length > 1 ? `${ticks} ${text} ${ticks}` : `${ticks}${text}${ticks}`;
}

/**
 * A term or a title over what follows (introducesNext: never a list item or a table row), not already set apart:
 * no colon (a field or an announcement), no signature (inline code), no caption, and not a piece of running text
 * (sentences inside, or a comma, "and" or "or" at its end; a semicolon ends code too).
 */
const isTermLabel = (block: TextBlock) => {
  const text = block.text.trim();
  return (
    introducesNext(block) &&
    !/(?:[:,]|\b(?:and|or))$/.test(text) &&
    !(text.endsWith(';') && !looksLikeCode(text)) &&
    !/[.!?]\s/.test(text) &&
    !isSignature(text) &&
    !isCaption(block) &&
    !text.includes('\n')
  );
};

/** At most four words ending with a colon, not code ("Exit code 5:"): longer, it announces ("There are two formats …:"). */
const FIELD_LABEL_WORDS = 4;
const isFieldLabel = (block: TextBlock) =>
  !block.code && !isRow(block) && /^[^:]+:$/.test(block.text.trim()) && wordCount(block) <= FIELD_LABEL_WORDS && !looksLikeCode(block.text.trim());
/** A few words, no sentence, not written as code (introducesNext: never code, a table row or a list item). */
const isPlainLabel = (block: TextBlock) => introducesNext(block) && !looksLikeCode(block.text.trim());
/** A few words that are no sentence, no label and no code: the value after a field's label. */
const isFieldValue = (block: TextBlock) => isPlainLabel(block) && !/:$/.test(block.text.trim()) && !isSignature(block.text.trim());

/**
 * A label written as code: an option ("--force"), a command line with placeholders ("git diff [<options>]"), a
 * call, or a few words one of which is a name with dots or underscores ("ON_ERROR_STOP", "branch.<name>.remote") —
 * not a phrase that mentions a file name ("The original format used by … send_lots_of_email.pl script").
 */
const looksLikeCode = (label: string) => /^-|[<>[\]{}=~|$]|\.\.|\w\(/.test(label) || (/\w[._/]\w/.test(label) && label.split(/\s+/).length <= 4);

/** Text as it reads, whatever Markdown would make of its punctuation ("__init__", "edit*", "<name>"). */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]<>#|~]/g, '\\$&');

/** Blocks as Markdown with the citation at the end: after the last sentence, or on its own line after closing code (never inside it). */
type Rendered = { text: string; closedByBlock: boolean };

/** The excerpt as Markdown, and whether it ends with code or a table (a citation cannot follow on the same line). */
function render(blocks: TextBlock[]): Rendered {
  const parts: { text: string; closed: boolean }[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const fields = fieldRowsFrom(blocks, i);
    if (fields.length) {
      // One field is a line of prose; several, a list (the citation after it, not inside its last item).
      if (fields.length === 1) parts.push({ text: `**${fields[0][0]}** ${fields[0][1]}`, closed: false });
      else parts.push({ text: fields.map(([label, value]) => `- **${label}** ${value}`).join('\n'), closed: true });
      i += fields.length - 1;
      continue;
    }
    // A box's label ("Note", "Warning") leads the prose it labels: "**Note:** You can use…", not a line of its own.
    if (isAdmonitionLabel(blocks[i]) && blocks[i + 1] && isProse(blocks[i + 1])) {
      parts.push({ text: `**${blocks[i].text.trim()}:** ${prose(blocks[i + 1].text)}`, closed: false });
      i++;
      continue;
    }
    // A field's label and its few words of value read as one line ("**Exit code 5:** No tests were collected").
    if (isFieldLabel(blocks[i]) && blocks[i + 1] && isFieldValue(blocks[i + 1])) {
      parts.push({ text: `**${escapeMarkdown(blocks[i].text.trim())}** ${prose(blocks[i + 1].text)}`, closed: false });
      i++;
      continue;
    }
    // A term or a short title over what it introduces reads as one ("**gc**" over "Clean up unnecessary files…"),
    // not as a stray word in a paragraph of its own.
    if (isTermLabel(blocks[i]) && blocks[i + 1]) {
      const label = blocks[i].text.trim();
      parts.push({ text: looksLikeCode(label) ? inlineCode(label) : `**${escapeMarkdown(label)}**`, closed: false });
      continue;
    }
    const rows = tableRowsFrom(blocks, i);
    if (rows.length >= 2) {
      parts.push({ text: markdownTable(rows), closed: true });
      i += rows.length - 1;
    } else parts.push({ text: blocks[i].code ? fenceCode(blocks[i].text) : prose(blocks[i].text), closed: blocks[i].code });
  }
  return { text: parts.map((p) => p.text).join('\n\n'), closedByBlock: parts.at(-1)?.closed ?? false };
}

/** The rendered excerpt with its citation: after code or a table on its own line (inside, it would be code or a cell). */
function cited({ text, closedByBlock }: Rendered, citation: string): string {
  return closedByBlock ? `${text}\n\n${citation}` : `${text} ${citation}`;
}

/** The first row of the table holding row `index`, when it is above `index` and the table starts in this passage. */
function tableHeaderAbove(blocks: TextBlock[], index: number): TextBlock | undefined {
  const first = tableStart(blocks, index);
  // A passage that opens with rows holds the rest of a table cut at a passage's end: its first row is no header.
  return first >= 0 && first < index && first > 0 ? blocks[first] : undefined;
}

/** The first row of the table whose row is blocks[index] (rows of as many cells before it), or -1 when it is no row. */
function tableStart(blocks: TextBlock[], index: number): number {
  const cellsOf = (b: TextBlock | undefined) => (b && isRow(b) ? b.text.split(CELL).length : 0);
  const width = cellsOf(blocks[index]);
  if (!width) return -1;
  let first = index;
  while (first > 0 && cellsOf(blocks[first - 1]) === width) first--;
  return first;
}

/**
 * The sentence announcing the table or the list an excerpt opens in ("We have four ways to set user memory usage:"
 * over Docker's table of memory options, "Doctests can be run from two places:" over an item of its list), when the
 * excerpt leaves it out: rows or an item alone do not say what they list.
 */
function tableAnnouncement(blocks: TextBlock[], from: number): number {
  let first = tableStart(blocks, from);
  if (first < 0 && isListItem(blocks[from])) for (first = from; first > 0 && isListItem(blocks[first - 1]); ) first--;
  return first > 0 && announcesSomething(blocks[first - 1]) ? first - 1 : -1;
}

/** The cells of the table rows that follow one another from `start`, each with as many cells as the first. */
function tableRowsFrom(blocks: TextBlock[], start: number): string[][] {
  const rows: string[][] = [];
  for (let i = start; i < blocks.length && isRow(blocks[i]); i++) {
    const cells = blocks[i].text.split(CELL);
    if (rows.length && cells.length !== rows[0].length) break;
    rows.push(cells);
  }
  return rows;
}

/** The title of a documentation box (Sphinx's admonitions, GitHub's alerts) as import keeps it: a block of its own. */
const isAdmonitionLabel = (block: TextBlock) => !block.code && isBoxLabel(block.text);

/** A label of a field: a few words ending with a colon ("Default:", "Context:", "Return type:"). */
const FIELD_LABEL = /^[^|*`\n]{1,40}:$/;

/**
 * The rows from `start` of a box of labelled fields — two cells, a label and its value, as the Apache manual
 * describes each directive ("Syntax: | KeepAliveTimeout num[ms]", "Default: | KeepAliveTimeout 5"). As a table
 * the first field was its header; as a list each reads as what it is.
 */
function fieldRowsFrom(blocks: TextBlock[], start: number): [string, string][] {
  const fields: [string, string][] = [];
  for (let i = start; i < blocks.length && isRow(blocks[i]); i++) {
    const cells = blocks[i].text.split(CELL);
    if (cells.length !== 2 || !FIELD_LABEL.test(cells[0].trim()) || !cells[1].trim()) break;
    fields.push([cells[0].trim(), cells[1].trim()]);
  }
  return fields;
}

/** Rows as a Markdown table, the first as its header ("|" in a cell escaped, so "||" stays one cell). */
function markdownTable(rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(rows[0]), line(rows[0].map(() => '---')), ...rows.slice(1).map(line)].join('\n');
}

/**
 * Whether the excerpt of the source at `rank` (0-based) replaces the one chosen so far: it holds at least as
 * much of the question, and scores clearly higher — or says a sentence or shows code where the other does
 * neither (a caption and a table's header row). An excerpt quoting the entry the question names wins over one
 * that does not, whatever their words.
 */
const replaces = (next: Excerpt, current: Excerpt, rank: number) =>
  next.named !== current.named
    ? next.named
    : next.covered >= current.covered && (next.score > current.score * (1.5 + 0.25 * rank) || (!says(current.blocks) && says(next.blocks)));

/** Whether blocks show code or say a sentence (more than a label, a caption or a table's row). */
const says = (blocks: TextBlock[]) => blocks.some((b) => b.code || isSentence(b.text.split(CELL).at(-1) ?? '')) || blocks.filter(isRow).length >= 2;
/**
 * Between the cells of a table's row as import writes it. Rows say something when their last cell is a sentence,
 * or when there are several of them: one row alone may be the table's header ("Operator | Example | Overloadable?").
 */
const CELL = / \| /;
const isRow = (block: TextBlock | undefined) => !!block && !block.code && CELL.test(block.text);
const isSentence = (text: string) => SENTENCE_END.test(text.trim()) && text.trim().split(/\s+/).length >= 3;

/** Whether a passage says something in sentences: an index or a table of contents (terms and titles only) is no reading to point to. */
const holdsProse = (text: string) => textBlocks(text).some((b) => !b.code && isSentence(b.text));

/** Other documents among the sources than those quoted (`used`) that also match, by their first passage: "[n] Title". */
function seeAlso(passages: SourcePassage[], used: number[], weights: Weights): string {
  // Pointed to only when it matched well beside the best source: the sources further down are listed with the
  // sources, not recommended. Over the six question sets this left out 104 of 764 pointers, one of them to an
  // expected page (bench/quality/results.md).
  const best = passages[0]?.score;
  const closeToBest = (p: SourcePassage) => best === undefined || p.score === undefined || p.score >= SEE_ALSO_SHARE * best;
  const documents = new Set(used.map((i) => passages[i].document));
  const more: string[] = [];
  passages.forEach((p, i) => {
    if (more.length >= SEE_ALSO || documents.has(p.document) || !closeToBest(p) || coverage(`${p.title} ${p.text}`, weights) === 0 || !holdsProse(p.text))
      return;
    documents.add(p.document);
    more.push(`[${i + 1}] ${briefTitle(p.title)}`);
  });
  return more.length ? `\n\nSee also: ${more.join('; ')}.` : '';
}

export function composeExtractive(input: GenerationInput): string {
  if (input.contextOnly) {
    const last = input.thread.at(-1);
    if (!last) return 'There is no earlier answer in this conversation to work from.';
    const prose = textBlocks(last.answer).filter((b) => !b.code && !b.text.startsWith('See also:'));
    const first = sentences(prose.map((b) => b.text).join(' '))
      .slice(0, 2)
      .join(' ');
    return `In short, my last answer (to "${last.question}") said: ${first}`;
  }
  const { passages } = input;
  if (!passages.length) return NO_ANSWER;
  const weights = termWeights(input.question, passages);
  const name = codeNameIn(input.question);
  // A question–answer row (an imported FAQ, a curated answer) is the answer, quoted whole, when its
  // question asks what was asked: most of the question's weight (half for the best source, three
  // quarters further down). Sharing a word is not enough: "how are credits counted?" must not be
  // answered by "can unused credits be refunded?".
  const total = [...weights.values()].reduce((a, b) => a + b, 0) || 1;
  const faq = passages
    .slice(0, CANDIDATE_PASSAGES)
    .findIndex((p, i) => p.answer && coverage(p.text, weights) / total >= (i === 0 ? FAQ_FIRST_SHARE : FAQ_OTHER_SHARE));
  if (faq >= 0) return `${passages[faq].answer} [${faq + 1}]${seeAlso(passages, [faq], weights)}`;
  // The first source, unless one of the next two has a clearly better excerpt (ranking is not perfect).
  let used = -1;
  let excerpt: Excerpt | null = null;
  let usedPointers = false;
  passages.slice(0, CANDIDATE_PASSAGES).forEach((passage, i) => {
    const candidate = bestExcerpt(passage, weights, name);
    if (!candidate) return;
    // Another source wins with a clearly better excerpt that misses none of the question's weight the first
    // one holds: a run of blocks that each repeat one word ("auto_explain.log_…" for "make a column auto
    // increment") must not outweigh the passage that holds every word. A section of pointers elsewhere is
    // quoted only when no other source has an excerpt.
    const pointers = isPointerSection(passage.title);
    if (!excerpt || (usedPointers && !pointers) || (usedPointers === pointers && replaces(candidate, excerpt, i))) {
      excerpt = candidate;
      used = i;
      usedPointers = pointers;
    }
  });
  if (!excerpt || used < 0) return NO_ANSWER;
  const chosen = excerpt as Excerpt;
  const nextDoor = chosen.elsewhere ? listingNextDoor(passages, used, chosen.elsewhere) : [];
  const size = (blocks: TextBlock[]) => blocks.reduce((n, b) => n + b.text.length, 0);
  let blocks = nextDoor.length && size(chosen.blocks) + size(nextDoor) <= EXCERPT_CHARS * 1.5 ? [...chosen.blocks, ...nextDoor] : chosen.blocks;
  // The code the passage announced before it was cut, from the next passage when it is among the sources.
  const announced = chosen.cut && !nextDoor.length ? codeAnnouncedNextDoor(passages, used, chosen.cut.announcement) : [];
  if (chosen.cut && announced.length) {
    const said = [...(chosen.cut.replaced ? blocks.slice(0, -1) : blocks), quote(chosen.cut.announcement, weights), ...announced];
    if (size(said) <= EXCERPT_CHARS * 1.5) blocks = said;
  }
  const first = cited(render(blocks), `[${used + 1}]`);
  const other = answerToOtherPart(input.question, first, passages);
  // A document the answer quotes for the question's other part is not pointed to again.
  return `${first}${other?.text ?? ''}${seeAlso(passages, other ? [used, other.index] : [used], weights)}`;
}

/**
 * A section whose last heading says it lists other works ("Flaky tests › Resources", "Further reading"): its
 * lines are titles, authors and years ("… Flaky Tests and How to Deal with Them by Brian Okken, 2018"). They
 * hold the question's words, and answer nothing.
 */
const POINTER_SECTION =
  /^(?:resources|additional resources|references|further reading|more reading|research|external links|bibliography|related (?:reading|links|resources)|learn more)$/i;
const isPointerSection = (title: string) => POINTER_SECTION.test(title.split('›').at(-1)?.trim() ?? '');

/** Share of a part's term weight an excerpt must hold to answer it. */
const PART_COVERED = 0.5;

/**
 * A question that asks two things ("How do I request a refund and how many days do I have?") gets a second
 * excerpt for the first part that the excerpt chosen for the whole question leaves out: the best excerpt of the
 * first sources for that part's words, when it holds at least half of their weight and is not already quoted.
 * Before, the answer quoted where to request a refund, and the number of days the user asked for was in a
 * source they had to open. One part at most: an answer is an excerpt, not a digest.
 */
function answerToOtherPart(question: string, answer: string, passages: SourcePassage[]): { text: string; index: number } | null {
  for (const part of questionParts(question)) {
    const weights = termWeights(part, passages);
    const total = [...weights.values()].reduce((a, b) => a + b, 0);
    if (!total || coverage(answer, weights) >= PART_COVERED * total) continue;
    let best: { excerpt: Excerpt; index: number } | null = null;
    passages.slice(0, CANDIDATE_PASSAGES).forEach((passage, index) => {
      if (isPointerSection(passage.title)) return;
      const excerpt = bestExcerpt(passage, weights);
      if (excerpt && excerpt.covered >= PART_COVERED * total && (!best || excerpt.score > best.excerpt.score)) best = { excerpt, index };
    });
    if (!best) continue;
    const { excerpt, index } = best as { excerpt: Excerpt; index: number };
    // Already quoted (the excerpt for the whole question opens the same way): nothing to add.
    const rendered = render(excerpt.blocks);
    if (answer.includes(rendered.text.trim().slice(0, 60))) return null;
    return { text: `\n\n${cited(rendered, `[${index + 1}]`)}`, index };
  }
  return null;
}

async function usage(input: GenerationInput, content: string): Promise<GenerationResult> {
  const promptTokens = await countTokens(input.userPrompt);
  const completionTokens = await countTokens(content);
  return { content, promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

export const extractiveProvider: GenerationProvider = {
  kind: 'extractive',
  async generate(input) {
    return usage(input, composeExtractive(input));
  },
  async stream(input, onDelta) {
    const content = composeExtractive(input);
    // A few words at a time (whitespace kept, so code keeps its lines), the way a model streams.
    for (const piece of content.match(/(?:\S+\s*){1,6}|\s+/g) ?? []) onDelta(piece);
    return usage(input, content);
  },
};
