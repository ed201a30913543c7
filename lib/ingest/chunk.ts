// Splits a parsed document into passages of bounded token size. Passages
// break on paragraph boundaries when they can, else on sentence boundaries,
// and only a sentence longer than a whole passage is cut between words.
// Consecutive passages of one section share their last/first sentences
// (the overlap) so an answer that straddles a break is still found whole.
// The heading path of a section goes with each of its passages, and its
// tokens count towards the bound because it is indexed too.
import type { ParsedDocument, Section } from './document';
import { fenceCode, isFenced, textBlocks } from '../text/code-blocks';
import { CLAUSE_END } from '../text/words';

export type ChunkOptions = { maxTokens: number; overlapTokens: number };
export type Chunk = { heading: string; text: string; answer: string; tokenCount: number };
export type TokenCounter = (text: string) => number;

const HEADING_SEPARATOR = ' › ';
const MAX_HEADING_CHARS = 300;

export function chunkDocument(doc: ParsedDocument, options: ChunkOptions, count: TokenCounter): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of packEntries(doc.sections, options, count)) chunks.push(...chunkSection(section, options, count));
  for (const row of doc.qa) {
    // A question–answer row is one passage whatever its length: splitting it would separate the answer from its question.
    chunks.push({ heading: '', text: row.question, answer: row.answer, tokenCount: count(row.question) + count(row.answer) });
  }
  return chunks;
}

/** Share of a passage that packed entries may fill, leaving room for the heading path. */
const PACKED_SHARE = 0.8;

/**
 * Consecutive reference entries of one parent (the methods of a class, the
 * settings of a section) share passages, each entry whole, as long as they
 * fit: a passage per one-line entry would be too small to answer from, and
 * BM25's length normalisation lets a tiny passage win on a single word. A
 * passage holding one entry keeps the entry's path; one holding several
 * takes their parent's, each entry's term still its first line.
 */
function packEntries(sections: Section[], options: ChunkOptions, count: TokenCounter): Section[] {
  const room = options.maxTokens * PACKED_SHARE;
  const packed: Section[] = [];
  let group: Section[] = [];
  let size = 0;
  const flush = () => {
    if (group.length === 1) packed.push(group[0]);
    else if (group.length > 1) packed.push({ heading: group[0].heading.slice(0, -1), paragraphs: group.flatMap((s) => s.paragraphs) });
    group = [];
    size = 0;
  };
  for (const section of sections) {
    const tokens = section.entry ? section.paragraphs.reduce((n, p) => n + count(p) + 1, 0) : Number.POSITIVE_INFINITY;
    const sibling = group.length > 0 && sameParent(group[0].heading, section.heading);
    if (!sibling || size + tokens > room) flush();
    if (tokens > room) packed.push(section);
    else {
      group.push(section);
      size += tokens;
    }
  }
  flush();
  return packed;
}

const sameParent = (a: string[], b: string[]) => a.length === b.length && a.slice(0, -1).every((x, i) => x === b[i]);

type Unit = { text: string; tokens: number; joiner: string };

function chunkSection(section: Section, options: ChunkOptions, count: TokenCounter): Chunk[] {
  const heading = headingOf(section.heading, count, options.maxTokens);
  const headingTokens = heading ? count(heading) : 0;
  const budget = Math.max(16, options.maxTokens - headingTokens);
  const overlap = Math.min(options.overlapTokens, Math.floor(budget / 2));
  const units = section.paragraphs.flatMap((p) => unitsOf(p, budget, count));
  const chunks: Chunk[] = [];
  let current: Unit[] = [];
  let size = 0;
  const emit = () => {
    const text = current.map((u, i) => (i === 0 ? u.text : u.joiner + u.text)).join('');
    chunks.push({ heading, text, answer: '', tokenCount: headingTokens + count(text) });
  };
  for (const unit of units) {
    const cost = unit.tokens + (current.length ? 1 : 0);
    if (current.length && size + cost > budget) {
      emit();
      current = tail(current, Math.max(overlap, introductionTokens(current, unit)), budget - unit.tokens - 1);
      size = current.reduce((sum, u, i) => sum + u.tokens + (i ? 1 : 0), 0);
    }
    size += unit.tokens + (current.length ? 1 : 0);
    current.push(unit);
  }
  if (current.length) emit();
  return chunks.flatMap((chunk) => fit(chunk, options.maxTokens, headingTokens, count));
}

/**
 * A code block that opens a passage without the words that introduce it reads as a listing of unknown purpose
 * ("When you are in the middle of massive changes … use git stash push --staged" stood at the end of one
 * passage, its example opened the next): before a code block, the paragraph just before it — with the short
 * label above it, if any ("Saving unrelated changes for future use") — is carried into the next passage whole,
 * past the overlap, as long as both fit. What that takes, in `tail`'s count; 0 when the next unit is no code.
 */
function introductionTokens(current: Unit[], next: Unit): number {
  if (!isFenced(next.text) || !current.length || isFenced(current[current.length - 1].text)) return 0;
  let start = current.length - 1;
  while (start > 0 && current[start].joiner !== '\n\n') start--;
  const label = current[start - 1];
  if (label && !isFenced(label.text) && isLabel(label.text)) start--;
  return current.slice(start).reduce((sum, u) => sum + u.tokens + 1, 0);
}

/** A short line that names what follows: a few words, no sentence. */
const isLabel = (text: string) => text.split(/\s+/).length <= 12 && !CLAUSE_END.test(text.trim());

/** Trailing units of the passage just emitted, up to `overlap` tokens and never so many that the next unit would not fit. */
function tail(units: Unit[], overlap: number, room: number): Unit[] {
  const limit = Math.min(overlap, room);
  const kept: Unit[] = [];
  let size = 0;
  for (let i = units.length - 1; i >= 0; i--) {
    const cost = units[i].tokens + 1;
    if (size + cost > limit) break;
    kept.unshift(units[i]);
    size += cost;
  }
  // The first kept unit now starts a passage: a paragraph joiner would leave it hanging.
  return kept.map((u, i) => (i === 0 ? { ...u, joiner: '' } : u));
}

/**
 * A paragraph as one unit, or as sentences (or word runs) when it alone passes the budget. Its lines (a list's
 * items, a table's rows) stay lines: sentences are joined by a space within a line only — joined across lines,
 * a long list read as one run-on line and a table's rows as one row.
 */
function unitsOf(paragraph: string, budget: number, count: TokenCounter): Unit[] {
  const tokens = count(paragraph);
  if (tokens <= budget) return [{ text: paragraph, tokens, joiner: '\n\n' }];
  if (isFenced(paragraph)) return codeUnits(paragraph, budget, count);
  const units: Unit[] = [];
  for (const line of paragraph.split('\n')) {
    sentencesOf(line).forEach((sentence, i) => {
      const joiner = i > 0 ? ' ' : units.length ? '\n' : '\n\n';
      const n = count(sentence);
      if (n <= budget) units.push({ text: sentence, tokens: n, joiner });
      else wordRuns(sentence, budget, count).forEach((run, j) => units.push({ ...run, joiner: j === 0 ? joiner : ' ' }));
    });
  }
  return units;
}

/**
 * A code block over the budget: runs of whole lines, each fenced again, so
 * every passage holds well-formed code with its indentation.
 */
function codeUnits(paragraph: string, budget: number, count: TokenCounter): Unit[] {
  const [block] = textBlocks(paragraph);
  const lines = block?.text.split('\n') ?? [];
  const units: Unit[] = [];
  let run: string[] = [];
  let runTokens = 0;
  const emit = () => {
    if (!run.length) return;
    const text = fenceCode(run.join('\n'));
    units.push({ text, tokens: count(text), joiner: '\n\n' });
    run = [];
    runTokens = 0;
  };
  const fenceTokens = count(fenceCode(''));
  for (const line of lines) {
    // Line by line (+1 for its line break): linear in the block's length.
    const lineTokens = count(line) + 1;
    if (run.length && runTokens + lineTokens + fenceTokens > budget) emit();
    // A single line longer than the budget is cut between words like prose.
    if (lineTokens + fenceTokens > budget) {
      wordRuns(line, Math.max(8, budget - fenceTokens), count).forEach((part) => {
        run = [part.text];
        emit();
      });
      continue;
    }
    run.push(line);
    runTokens += lineTokens;
  }
  emit();
  return units;
}

const ABBREVIATIONS = /(?:^|\s)(?:Dr|Mr|Mrs|Ms|Prof|St|Sr|Jr|vs|etc|e\.g|i\.e|Fig|No|Vol|approx|cf)\.$/i;

/** Sentence ends: . ! ? … (and CJK full stops) followed by space; initials, decimals and common abbreviations are not ends. */
export function sentencesOf(text: string): string[] {
  // Two letters before the mark, not "two or more": the lookbehind then never walks back over a whole run
  // ("ab!ab!ab!…" without a space took 14 s for 300,000 characters).
  const parts = text.split(/(?<=(?:[^\s.]{2}|\d)[.!?…]["')\]]?)\s+(?=\S)|(?<=[。！？])/u);
  // Parts of each sentence, joined once at the end: a sentence that keeps growing ("x Dr. x Dr. …") was
  // tested whole, and rebuilt, at every abbreviation.
  const sentences: string[][] = [];
  for (const part of parts.map((s) => s.trim()).filter(Boolean)) {
    const last = sentences.at(-1);
    // A sentence ends where its last part ends: only that part can end with an abbreviation.
    if (last && ABBREVIATIONS.test(last[last.length - 1])) last.push(part);
    else sentences.push([part]);
  }
  return sentences.map((s) => s.join(' '));
}

function wordRuns(sentence: string, budget: number, count: TokenCounter): Omit<Unit, 'joiner'>[] {
  const words = sentence.split(/\s+/).filter(Boolean);
  const runs: Omit<Unit, 'joiner'>[] = [];
  let run: string[] = [];
  for (const word of words) {
    const candidate = [...run, word].join(' ');
    if (run.length && count(candidate) > budget) {
      const text = run.join(' ');
      runs.push({ text, tokens: count(text) });
      run = [word];
    } else run.push(word);
  }
  if (run.length) {
    const text = run.join(' ');
    runs.push({ text, tokens: count(text) });
  }
  // A single "word" longer than the budget (a base64 blob, a long URL) is cut by characters.
  return runs.flatMap((r) => (r.tokens <= budget ? [r] : hardCut(r.text, budget, count)));
}

function hardCut(text: string, budget: number, count: TokenCounter): Omit<Unit, 'joiner'>[] {
  const out: Omit<Unit, 'joiner'>[] = [];
  let rest = text;
  while (rest) {
    let end = Math.min(rest.length, budget * 2);
    while (end > 1 && count(rest.slice(0, end)) > budget) end = Math.floor(end * 0.8);
    out.push({ text: rest.slice(0, end), tokens: count(rest.slice(0, end)) });
    rest = rest.slice(end);
  }
  return out;
}

function headingOf(path: string[], count: TokenCounter, maxTokens: number): string {
  let heading = path.join(HEADING_SEPARATOR);
  if (heading.length > MAX_HEADING_CHARS) heading = `…${heading.slice(-MAX_HEADING_CHARS)}`;
  // A heading may take at most a quarter of a passage.
  while (heading && count(heading) > maxTokens / 4) heading = `…${heading.slice(Math.ceil(heading.length / 4))}`;
  return heading;
}

/** Joining units can merge tokens differently from counting them apart: split the rare passage that ends up over the bound in two. */
function fit(chunk: Chunk, maxTokens: number, headingTokens: number, count: TokenCounter): Chunk[] {
  if (chunk.tokenCount <= maxTokens || chunk.text.length < 2) return [chunk];
  const middle = Math.floor(chunk.text.length / 2);
  const space = chunk.text.lastIndexOf(' ', middle);
  const at = space > 0 ? space : middle;
  return [chunk.text.slice(0, at).trim(), chunk.text.slice(at).trim()]
    .filter(Boolean)
    .flatMap((text) => fit({ ...chunk, text, tokenCount: headingTokens + count(text) }, maxTokens, headingTokens, count));
}
