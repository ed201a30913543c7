// Pages written without heading tags for their smaller parts title them with
// a paragraph that is nothing but bold text: an FAQ's questions ("(19) INSERT
// is really slow"), a list of build options ("SQLITE_ENABLE_SESSION") each
// followed by its explanation. Read as text, the explanations of a whole page
// ran together under the page's title, and a passage started in the middle of
// one; read as titles, each part is a section of its own.
import { isBoxLabel } from '../../text/box-labels';

type Node = { nodeType: number; textContent: string | null; tagName?: string; firstChild: Node | null; nextSibling: Node | null };

/** Longer bold text is emphasis, not a title. */
const MAX_TITLE_CHARS = 150;
/**
 * Ends that say the bold text is not a title: a label ("Inheritance:", "Note:") that its paragraph goes on
 * from, or a sentence set in bold for emphasis ("Never run this as root.").
 */
const NOT_A_TITLE_END = /[:.;,]$/;
/** A field and its version or number ("Deprecated in Release: v20.10", Docker's deprecation notes): a fact, no title. */
const FIELD_WITH_NUMBER = /:\s*v?\d[\w.+-]*$/;
/** Numbered captions ("Table 53.7. pg_attribute Columns") belong to what they caption (the answer composer keeps them with it). */
const CAPTION = /^(table|figure|example|listing)\s+[\dA-Z]+(\.\d+)*[.:]/i;
const BOLD = new Set(['B', 'STRONG']);
const BLOCK_AFTER = new Set(['P', 'BLOCKQUOTE', 'PRE', 'UL', 'OL', 'DL', 'DIV', 'TABLE']);

const isElement = (node: Node | null): node is Node & { tagName: string } => !!node && node.nodeType === 1 && !!node.tagName;
const isBlank = (node: Node) => node.nodeType === 3 && !(node.textContent ?? '').trim();

/**
 * The title a paragraph sets in bold, or null when it is not one: `<p><b>SQLITE_ENABLE_SESSION</b></p>` then
 * its text. `isProse` tells a block of text from a link list: a bold "Table of Contents" over the list it
 * labels titles nothing.
 */
export function boldTitleOf<N extends Node>(paragraph: N, isProse: (block: N) => boolean): string | null {
  const title = boldTextOf(paragraph);
  if (!title || !readsAsTitle(title)) return null;
  const next = blockAfter(paragraph);
  return next === 'text' || (next !== null && isProse(next as N)) ? title : null;
}

/**
 * Whether bold text set alone as a paragraph may title what follows it (HTML's `<p><b>…</b></p>`, Markdown's
 * `**…**`): short, no label or sentence, no caption. A box's label in bold ("**Warning**" opening a blockquote, as
 * Docker's pages write their notes) titles nothing after the box: as a title, the rest of its section ran on under
 * "Warning".
 */
export function readsAsTitle(title: string): boolean {
  const notTitle = NOT_A_TITLE_END.test(title) || FIELD_WITH_NUMBER.test(title) || CAPTION.test(title) || isBoxLabel(title);
  return title.length <= MAX_TITLE_CHARS && !notTitle;
}

/** The paragraph's text when all of it is one bold element. */
function boldTextOf(paragraph: Node): string | null {
  let bold: Node | null = null;
  for (let child = paragraph.firstChild; child; child = child.nextSibling) {
    if (isBlank(child)) continue;
    if (bold || !isElement(child) || !BOLD.has(child.tagName.toUpperCase())) return null;
    bold = child;
  }
  return (bold?.textContent ?? '').replace(/\s+/g, ' ').trim() || null;
}

/** What follows the paragraph when it may be what a title titles: loose text, or a block that is not another bold paragraph. */
function blockAfter(paragraph: Node): Node | 'text' | null {
  let next = paragraph.nextSibling;
  while (next && !isElement(next)) {
    if (!isBlank(next)) return 'text';
    next = next.nextSibling;
  }
  if (!isElement(next) || !BLOCK_AFTER.has(next.tagName.toUpperCase())) return null;
  return next.tagName.toUpperCase() === 'P' && boldTextOf(next) !== null ? null : next;
}
