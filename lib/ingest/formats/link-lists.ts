// Link lists on a page without landmarks: menus, tables of contents and
// "previous / up / next" bars are blocks whose text is mostly the text of
// their links. Found in one pass over the tree (text and linked text summed
// bottom-up), without recursion, so a deeply nested page cannot overflow
// the stack.

type Node = { nodeType: number; textContent: string | null; tagName?: string; firstChild: Node | null; nextSibling: Node | null };

/** A block is a link list when at least this share of its letters are inside links… */
export const LINKED_SHARE = 0.7;
/** …and it holds at least this many links (a sentence that is one link is not a menu). */
const MIN_LINKS = 2;

/**
 * `unlinked`: the text outside links while it is short (null past NAV_TEXT_CHARS) — a bar whose only words of its
 * own name the links ("Next: Thread Safety, Previous: The Closure API, Up: Using libffi [Index]", GNU Texinfo's
 * header over every section) is navigation, though its labels keep the links under LINKED_SHARE.
 */
type Tally = { text: number; linked: number; links: number; inPage: number; unlinked: string | null };
const NAV_TEXT_CHARS = 120;
const NAV_LABELS = /^(?:[\s\p{P}|]|next|previous|prev|up|top|home|contents|index)*$/iu;
/** A table of contents lists a few sections at least; a "see also" sentence or list of two names is none. */
const MIN_CONTENTS_LINKS = 5;
const append = (text: string | null, more: string | null) =>
  text === null || more === null || text.length + more.length > NAV_TEXT_CHARS ? null : text + more;
/** A definition list whose terms are less linked than this share is a glossary, whatever its definitions link to. */
const GLOSSARY_LINKED_TERMS = 0.5;

/**
 * The elements among `tags` (upper-case tag names) under `root` that are link lists; `root` itself never is.
 * `withinPage`: only those that lead around the page itself (most links to its own anchors: a table of contents)
 * and navigation bars — what is left in an article already told from its page's chrome, where a list of links to
 * other pages with a few words each ("keep-canonical-history-correct by Junio C Hamano") is its content.
 */
export function linkListsOf(root: Node, tags: ReadonlySet<string>, { withinPage = false } = {}): Set<Node> {
  const lists = new Set<Node>();
  const tallies = new Map<Node, Tally>();
  // Post-order without recursion: a node is tallied after all its children.
  const stack: { node: Node; open: boolean }[] = [{ node: root, open: false }];
  while (stack.length) {
    const top = stack.pop()!;
    if (!top.open) {
      stack.push({ node: top.node, open: true });
      for (let child = top.node.firstChild; child; child = child.nextSibling) if (child.nodeType === 1) stack.push({ node: child, open: false });
      continue;
    }
    const node = top.node;
    const tally: Tally = { text: 0, linked: 0, links: 0, inPage: 0, unlinked: '' };
    // The terms of a definition list: a glossary whose definitions are links ("ANSI" → a link to what it stands
    // for) is content, a table of contents (its terms are the links) is not.
    const terms = { text: 0, linked: 0 };
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        tally.text += letters(child.textContent);
        tally.unlinked = append(tally.unlinked, child.textContent);
      }
      const sub = tallies.get(child);
      if (!sub) continue;
      tally.unlinked = append(tally.unlinked, sub.unlinked);
      if (child.tagName?.toUpperCase() === 'DT') {
        terms.text += sub.text;
        terms.linked += sub.linked;
      }
      tally.text += sub.text;
      tally.linked += sub.linked;
      tally.links += sub.links;
      tally.inPage += sub.inPage;
      tallies.delete(child);
    }
    const tag = node.tagName?.toUpperCase() ?? '';
    if (tag === 'A') {
      tally.linked = tally.text;
      tally.links += 1;
      if ((node as Node & { getAttribute?(name: string): string | null }).getAttribute?.('href')?.startsWith('#')) tally.inPage += 1;
      tally.unlinked = '';
    }
    const glossary = tag === 'DL' && terms.text > 0 && terms.linked < GLOSSARY_LINKED_TERMS * terms.text;
    if (glossary) {
      // Content for the blocks around it too (DocBook wraps it in div.variablelist).
      tally.linked = terms.linked;
      tally.links = 0;
      tally.inPage = 0;
    }
    const navigationBar = tally.unlinked !== null && /\p{L}/u.test(tally.unlinked) && NAV_LABELS.test(tally.unlinked);
    const contents = tag !== 'P' && tally.links >= MIN_CONTENTS_LINKS && 2 * tally.inPage >= tally.links;
    const linkedEnough = navigationBar || (tally.linked >= LINKED_SHARE * tally.text && (!withinPage || contents));
    if (node !== root && tags.has(tag) && !glossary && tally.links >= MIN_LINKS && linkedEnough) {
      lists.add(node);
      // Its text no longer counts towards the blocks around it.
      tallies.set(node, { text: 0, linked: 0, links: 0, inPage: 0, unlinked: '' });
    } else tallies.set(node, tally);
  }
  return lists;
}

export const letters = (text: string | null) => (text ? text.replace(/\s+/g, '').length : 0);
