// Citation markers in an answer's Markdown tree. A "[n]" becomes a citation
// only in prose text (code and inline code are separate node kinds and are
// never touched), only when it stands alone — not part of an expression
// such as lists[1] or [[3],[5]] — and only when source n exists.

type MdNode = { type: string; value?: string; children?: MdNode[]; url?: string; data?: Record<string, unknown> };

const MARKER = /\[(\d{1,2})\]/g;
/** What may come before a citation: nothing, a space or closing punctuation. */
const BEFORE = /(^|[\s.,;:!?)"'’])$/;
/** What may come after one: nothing, a space, punctuation or another marker. */
const AFTER = /^($|[\s.,;:!?)"'’[])/;

export const CITATION_PREFIX = '#cite-';

/** Splits a text value into text and citation-link nodes. */
export function splitCitations(value: string, sourceCount: number): MdNode[] {
  const out: MdNode[] = [];
  let last = 0;
  let citationEnd = -1;
  for (const match of value.matchAll(MARKER)) {
    const n = Number(match[1]);
    const start = match.index ?? 0;
    const end = start + match[0].length;
    // "[1][2]": a marker right after a citation is one too.
    const before = value.slice(0, start);
    // Inside an open bracket ("[[3],[5]]") it is part of an expression.
    const depth = (before.match(/\[/g) ?? []).length - (before.match(/\]/g) ?? []).length;
    const standsAlone = depth <= 0 && (BEFORE.test(before) || citationEnd === start);
    if (n < 1 || n > sourceCount || !standsAlone || !AFTER.test(value.slice(end))) continue;
    if (start > last) out.push({ type: 'text', value: value.slice(last, start) });
    out.push({ type: 'link', url: `${CITATION_PREFIX}${n}`, children: [{ type: 'text', value: String(n) }] });
    last = end;
    citationEnd = end;
  }
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out.length ? out : [{ type: 'text', value }];
}

function walk(node: MdNode, sourceCount: number): void {
  if (!node.children) return;
  // Links keep their own text: a citation inside a link would nest links.
  if (node.type === 'link') return;
  node.children = node.children.flatMap((child) =>
    child.type === 'text' && child.value ? splitCitations(child.value, sourceCount) : (walk(child, sourceCount), [child]),
  );
}

/** A remark plugin: citation markers of the answer become links to `#cite-n`. */
export function remarkCitations(options: { sourceCount: number }) {
  return (tree: MdNode) => walk(tree, options.sourceCount);
}
