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

type Tally = { text: number; linked: number; links: number };
/** A definition list whose terms are less linked than this share is a glossary, whatever its definitions link to. */
const GLOSSARY_LINKED_TERMS = 0.5;

/** The elements among `tags` (upper-case tag names) under `root` that are link lists; `root` itself never is. */
export function linkListsOf(root: Node, tags: ReadonlySet<string>): Set<Node> {
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
    const tally: Tally = { text: 0, linked: 0, links: 0 };
    // The terms of a definition list: a glossary whose definitions are links ("ANSI" → a link to what it stands
    // for) is content, a table of contents (its terms are the links) is not.
    const terms = { text: 0, linked: 0 };
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) tally.text += letters(child.textContent);
      const sub = tallies.get(child);
      if (!sub) continue;
      if (child.tagName?.toUpperCase() === 'DT') {
        terms.text += sub.text;
        terms.linked += sub.linked;
      }
      tally.text += sub.text;
      tally.linked += sub.linked;
      tally.links += sub.links;
      tallies.delete(child);
    }
    const tag = node.tagName?.toUpperCase() ?? '';
    if (tag === 'A') {
      tally.linked = tally.text;
      tally.links += 1;
    }
    const glossary = tag === 'DL' && terms.text > 0 && terms.linked < GLOSSARY_LINKED_TERMS * terms.text;
    if (glossary) {
      // Content for the blocks around it too (DocBook wraps it in div.variablelist).
      tally.linked = terms.linked;
      tally.links = 0;
    }
    if (node !== root && tags.has(tag) && !glossary && tally.links >= MIN_LINKS && tally.linked >= LINKED_SHARE * tally.text) {
      lists.add(node);
      // Its text no longer counts towards the blocks around it.
      tallies.set(node, { text: 0, linked: 0, links: 0 });
    } else tallies.set(node, tally);
  }
  return lists;
}

export const letters = (text: string | null) => (text ? text.replace(/\s+/g, '').length : 0);
