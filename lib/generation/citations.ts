// A language model may cite a source that was not given to it ("[7]" with
// five sources). Such markers are removed from the answer before it is
// stored or shown; markers inside code (fenced blocks, `inline code`) and
// bracketed numbers that are part of an expression (lists[9]) are left as
// they are.

/**
 * A marker standing alone: after the start, a space, punctuation or a run of
 * such markers ("[2][9]"), and before an end, a space, punctuation or
 * another marker.
 */
const MARKER = /(^|[\s.,;:!?)"'’]|(?<=(?:^|[\s.,;:!?)"'’])(?:\[\d{1,3}\])+))\[(\d{1,3})\](?=$|[\s.,;:!?)"'’[])/g;
const FENCED_BLOCK = /(^(?:```|~~~)[^\n]*\n[\s\S]*?^(?:```|~~~)[ \t]*$)/m;

function cleanProse(text: string, sourceCount: number): string {
  // Odd pieces of a split on backtick spans are inline code.
  return text
    .split(/(`[^`\n]*`)/)
    .map((piece, i) =>
      i % 2 === 1
        ? piece
        : piece.replace(MARKER, (marker, before: string, n: string) => {
            if (Number(n) >= 1 && Number(n) <= sourceCount) return marker;
            // "text [7]." → "text.": the space before a dropped marker goes with it.
            return /\s/.test(before) ? '' : before;
          }),
    )
    .join('');
}

/** The answer without citation markers that name no source. */
export function withValidCitations(answer: string, sourceCount: number): string {
  return answer
    .split(FENCED_BLOCK)
    .map((part, i) => (i % 2 === 1 ? part : cleanProse(part, sourceCount)))
    .join('');
}
