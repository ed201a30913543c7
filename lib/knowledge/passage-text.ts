// A content's passages back into one text, for the editors' "Edit text":
// each heading path becomes Markdown headings where it changes, and the
// overlap a passage shares with the one before it in its section (the
// chunker repeats whole trailing sentences, lines or paragraphs:
// lib/ingest/chunk.ts) is left out, so saving the text unchanged splits it
// into the same passages and keeps every row. Inline markup the parser
// removed (links, emphasis) does not come back.
import { CLAUSE_END } from '../text/words';

const HEADING_SEPARATOR = ' › ';

type PassageText = { heading: string; text: string; answer: string };

export function textOfPassages(passages: PassageText[]): string {
  let out = '';
  const add = (text: string, joiner = PARAGRAPH) => {
    const clean = text.trim();
    if (clean) out += (out ? joiner : '') + clean;
  };
  let path: string[] = [];
  let previous: PassageText | null = null;
  for (const p of passages) {
    if (previous && p.heading === previous.heading && !previous.answer) {
      const { rest, joiner } = withoutOverlap(previous.text, p.text);
      add(rest, joiner);
    } else {
      const heading = p.heading ? p.heading.split(HEADING_SEPARATOR) : [];
      let same = 0;
      while (same < path.length && same < heading.length && path[same] === heading[same]) same++;
      // A shorter path (back to a parent) restates its last heading, so the text lands under it again.
      if (same === heading.length && heading.length > 0) same--;
      for (let level = same; level < heading.length; level++) add(`${'#'.repeat(Math.min(level + 1, 6))} ${heading[level]}`);
      path = heading;
      add(p.text);
    }
    if (p.answer) add(p.answer);
    previous = p;
  }
  return out;
}

const PARAGRAPH = '\n\n';

/**
 * `next` without the start it repeats from the end of `before`: the longest
 * such start that ends where a unit of `next` ends (a space or line break)
 * and begins where a unit of `before` begins (after a line break, or after a
 * sentence's end). What follows the repeated start says how the two passages
 * join: a space (one paragraph cut between sentences), a line break or a
 * blank line. Nothing repeated: `next` whole, as a paragraph of its own.
 */
export function withoutOverlap(before: string, next: string): { rest: string; joiner: string } {
  const longest = Math.min(before.length - 1, next.length - 1);
  for (let k = longest; k > 0; k--) {
    const end = next[k];
    if (end !== ' ' && end !== '\n') continue;
    const start = before.length - k;
    if (!startsUnit(before, start) || !before.endsWith(next.slice(0, k))) continue;
    const rest = next.slice(k);
    const joiner = /^\s*/.exec(rest)![0];
    return { rest: rest.trimStart(), joiner: joiner.includes('\n\n') ? PARAGRAPH : joiner.includes('\n') ? '\n' : ' ' };
  }
  return { rest: next, joiner: PARAGRAPH };
}

function startsUnit(text: string, at: number): boolean {
  const before = text[at - 1];
  if (before === '\n') return true;
  return before === ' ' && CLAUSE_END.test(text.slice(Math.max(0, at - 40), at - 1));
}
