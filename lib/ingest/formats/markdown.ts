// Markdown: ATX and setext headings give the heading path; paragraphs,
// lists and code blocks become paragraphs; inline markup is removed.
import { SectionBuilder, type ParsedDocument } from '../document';

export function parseMarkdown(source: string): ParsedDocument {
  const lines = source
    .replace(/\r\n?/g, '\n')
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .split('\n');
  const builder = new SectionBuilder();
  let title: string | null = null;
  let block: string[] = [];
  const flush = () => {
    builder.paragraph(block.map(inline).join('\n'));
    block = [];
  };
  const heading = (level: number, text: string) => {
    flush();
    const clean = inline(withoutClosingHashes(text));
    if (level === 1 && !title) title = clean;
    builder.heading(level, clean);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) code.push(lines[i]);
      builder.code(code.join('\n'));
      continue;
    }
    const atx = /^\s{0,3}(#{1,6})\s+(.*)$/.exec(line);
    if (atx) {
      heading(atx[1].length, atx[2]);
      continue;
    }
    const next = lines[i + 1] ?? '';
    if (line.trim() && block.length === 0 && /^\s{0,3}(=+|-+)\s*$/.test(next) && !/^\s*[-*+]\s/.test(line)) {
      heading(next.trim().startsWith('=') ? 1 : 2, line);
      i++;
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      continue;
    }
    block.push(line);
  }
  flush();
  return { format: 'markdown', title, sections: builder.sections, qa: [] };
}

/**
 * "## Title ##" → "Title": the closing run of # after a space goes. Read from the end, as a pattern
 * (/\s+#+\s*$/) retried at every space of a heading line of 100,000 spaces took seconds.
 */
function withoutClosingHashes(text: string): string {
  const trimmed = text.trimEnd();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '#') end--;
  return end < trimmed.length && end > 0 && /\s/.test(trimmed[end - 1]) ? trimmed.slice(0, end).trimEnd() : trimmed;
}

function inline(text: string): string {
  // No pattern can scan past the next bracket it would open again ("[^[\]]", "[^<>]"): a text repeating an
  // opening without its close ("<p <p <p …", "[a]( [a]( …") would otherwise cost time growing with its square.
  return (
    text
      .replace(/!\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
      .replace(/\[([^[\]]+)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
      .replace(/\[([^[\]]+)\]\[[^[\]]*\]/g, '$1')
      // A line break or a block tag parts words ("one<br>two" is two words); inline tags go.
      .replace(/<(?:br|hr|\/?(?:p|div|li|tr|td|th|table|ul|ol|h[1-6]))\b[^<>]*>/gi, ' ')
      .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
      .replace(/`([^`]+)`/g, '$1')
      .replace(/^\s{0,3}>\s?/gm, '')
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '• ')
      .trim()
  );
}
