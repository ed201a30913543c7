// HTML in an answer's Markdown is shown as the text it is. Documentation
// writes placeholders in angle brackets ("git diff --cached [<commit>]",
// "relative to the named <commit>"), which Markdown parses as inline HTML:
// dropped, the sentence lost its words ("relative to the named ."); rendered,
// a quoted document could inject markup. As text, neither.

type MdNode = { type: string; value?: string; children?: MdNode[] };

/** Nodes that hold phrasing content: an html node inside them is inline text, elsewhere a paragraph of its own. */
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'tableCell']);

function walk(node: MdNode): void {
  if (!node.children) return;
  const inline = PHRASING_PARENTS.has(node.type);
  node.children = node.children.map((child) => {
    if (child.type !== 'html') {
      walk(child);
      return child;
    }
    const text: MdNode = { type: 'text', value: child.value ?? '' };
    return inline ? text : { type: 'paragraph', children: [text] };
  });
}

/** A remark plugin: every raw HTML node becomes a text node with the same characters. */
export function remarkHtmlAsText() {
  return (tree: MdNode) => walk(tree);
}
