// AsciiDoc (git's manual pages, Asciidoctor, Spring's and many Java projects' documentation) comes as .adoc or as
// .txt. Read as plain text, its description lists' indented descriptions were code, its listing blocks' "----"
// lines underlined headings, and "linkgit:git-log[1]", "[verse]", "+" stood in the text. Its line-level syntax is
// rewritten here as the Markdown it means, which the Markdown reader then reads: sections ("== Title" and two-line
// titles), listing and literal blocks as code, description lists as a bold term over its description, block titles,
// lists, tables, admonitions as a label, and inline macros as their text; comments, attributes, anchors and
// preprocessor lines are nothing a reader sees.
import { asLabel, typeTitle } from '../../text/box-labels';
import { withoutClosingRun } from './markdown-lines';

/**
 * What only AsciiDoc writes: a block attribute line, a preprocessor or block macro, a cross reference or an inline
 * macro. Each part is bounded: a mark repeated and never closed is not scanned to the line's end at each repeat.
 */
const ASCIIDOC_MARKS = [
  /^\[(?:source|verse|listing|literal|quote|NOTE|TIP|IMPORTANT|WARNING|CAUTION|cols=[^\]\n]{0,300}|\[[\w-]+\])[^\]\n]{0,300}\]$/m,
  /^(?:include|ifdef|ifndef|endif|image|toc)::[^\n[]{0,300}\[[^\]\n]{0,300}\]$/m,
  /\b(?:linkgit|xref|link|kbd|footnote):[^\s[\]]{0,300}\[[^\]\n]{0,300}\]/,
  /<<[\w-]+(?:,[^>\n]{0,300})?>>/,
  /^[^\s:][^\n]{0,200}::$/m,
  /^:[\w-]+!?:(?: [^\n]*)?$/m,
];

/** Whether the text is AsciiDoc: it opens with "= Title", has two "== Section" titles, or writes two kinds of what only AsciiDoc writes. */
export function isAsciiDoc(source: string): boolean {
  const head = source.slice(0, 200_000);
  if (/^= \S[^\n]*\n/.test(head.trimStart())) return true;
  // Section titles ("== Usage") on two lines or more: only AsciiDoc writes them.
  if ((head.match(/^={2,6} \S/gm)?.length ?? 0) >= 2) return true;
  return ASCIIDOC_MARKS.filter((mark) => mark.test(head)).length >= 2;
}

/** Two-line titles' underline characters, by level ("=" the document's title). */
const UNDERLINES: Record<string, number> = { '=': 1, '-': 2, '~': 3, '^': 4, '+': 5 };
const ADMONITION = /^\[(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]$/;
/** A description list's term: "term::" (":::", "::::" or ";;" nested), its description on the line or below. */
const TERM = /^(\S.{0,300}?)(?::{2,4}|;;)(?:[ \t]+(.*))?$/;

/** The AsciiDoc source as Markdown. Read line by line, once. */
export function asciiDocAsMarkdown(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let block: { delimiter: string } | null = null;
  let comment = false;
  let terms: string[] = [];
  // Lines after a term, up to a blank line followed by what is not indented: its description, unindented.
  let inDescription = false;
  let label: string | null = null;
  // Terms read, their definition line still to come: the Markdown reader's definition list, "term" then ": text".
  let definitionPending = false;
  const endTerms = () => {
    if (!terms.length) return;
    out.push('', terms.join(', '));
    terms = [];
    definitionPending = true;
    inDescription = true;
    continued = false;
  };
  const openDefinition = () => {
    if (definitionPending) out.push(':');
    definitionPending = false;
  };
  // The description's first paragraph went out after ": "; the rest go out indented, as Markdown continues a definition.
  let continued = false;
  const emit = (text: string) => {
    out.push(definitionPending ? `: ${text}` : inDescription && continued ? `    ${text}` : text);
    definitionPending = false;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (comment) {
      if (trimmed === '////') comment = false;
      continue;
    }
    if (block) {
      if (trimmed === block.delimiter) {
        out.push('```');
        block = null;
      } else out.push(line);
      continue;
    }
    if (trimmed === '////') {
      comment = true;
      continue;
    }
    const next = lines[i + 1] ?? '';
    const level = underlineLevel(line, next);
    if (level) {
      endTerms();
      openDefinition();
      inDescription = false;
      out.push('', `${'#'.repeat(level)} ${inline(trimmed)}`, '');
      i++;
      continue;
    }
    if (/^(?:-{4,}|\.{4,})$/.test(trimmed)) {
      endTerms();
      openDefinition();
      if (label) out.push('', label, '');
      label = null;
      out.push('', '```');
      block = { delimiter: trimmed };
      continue;
    }
    // An example, sidebar, quote, passthrough or open block's delimiters show nothing; what they hold is read as the
    // rest is (a passthrough's HTML as the Markdown reader reads HTML blocks).
    if (/^(?:={4,}|\*{4,}|_{4,}|\+{4,}|--)$/.test(trimmed)) {
      endTerms();
      openDefinition();
      continue;
    }
    if (/^\|={3,}$/.test(trimmed)) {
      endTerms();
      openDefinition();
      i = table(lines, i + 1, out);
      continue;
    }
    const section = /^(={1,6})[ \t]+\S/.exec(line);
    if (section) {
      endTerms();
      openDefinition();
      inDescription = false;
      out.push('', `${'#'.repeat(section[1].length)} ${inline(withoutClosingRun(line.slice(section[1].length), '=').trim())}`, '');
      continue;
    }
    const admonition = ADMONITION.exec(trimmed);
    if (admonition) {
      label = asLabel(typeTitle(admonition[1].toLowerCase()));
      continue;
    }
    // Attribute lists, anchors, document attributes, preprocessor lines and comments show nothing.
    if (/^\[[^\]\n]*\]$/.test(trimmed) || /^:[\w-]+!?:/.test(trimmed) || /^(?:include|ifdef|ifndef|ifeval|endif)::/.test(trimmed)) continue;
    if (/^\/\/(?!\/)/.test(trimmed)) continue;
    if (trimmed === '+') {
      out.push('');
      continued = true;
      continue;
    }
    const term = !/^\s/.test(line) && !/^(?:https?|ftp|mailto|link|xref|image|include):/.test(trimmed) ? TERM.exec(trimmed) : null;
    if (term) {
      openDefinition();
      terms.push(inline(term[1]));
      if (term[2]) {
        endTerms();
        emit(inline(term[2]));
      }
      continue;
    }
    endTerms();
    if (!trimmed) {
      // A blank line between a term and its description parts nothing.
      if (definitionPending) continue;
      out.push('');
      // A description goes on past a blank line only with what is indented under its term.
      if (inDescription && !/^\s/.test(next)) inDescription = false;
      continued = true;
      continue;
    }
    const title = /^\.([^.\s].*)$/.exec(trimmed);
    if (title && !/^\s/.test(line)) {
      openDefinition();
      out.push('', `**${inline(title[1])}**`, '');
      continue;
    }
    if (label) {
      openDefinition();
      out.push('', label, '');
      label = null;
    }
    emit(inline(inDescription ? trimmed : listItem(line)));
  }
  if (block) out.push('```');
  endTerms();
  openDefinition();
  return out.join('\n');
}

/** The level of the two-line title `line` underlined by `next` (as long as it, give or take two), or 0. */
function underlineLevel(line: string, next: string): number {
  const title = line.trim();
  const under = next.trim();
  if (!title || under.length < 2 || /^[=\-~^+.|*_/[]/.test(title) || !(under[0] in UNDERLINES)) return 0;
  if (under !== under[0].repeat(under.length) || Math.abs(under.length - title.length) > 2) return 0;
  return UNDERLINES[under[0]];
}

/** "* item", "** nested", ". step" as Markdown's list items. */
function listItem(line: string): string {
  const bullet = /^[ \t]*(\*{1,5}|-)[ \t]+(.*)$/.exec(line);
  if (bullet) return `${'  '.repeat(bullet[1] === '-' ? 0 : bullet[1].length - 1)}- ${bullet[2]}`;
  const numbered = /^[ \t]*(\.{1,5})[ \t]+(.*)$/.exec(line);
  return numbered ? `${'  '.repeat(numbered[1].length - 1)}1. ${numbered[2]}` : line;
}

/**
 * The table from line `start` to its closing "|===" as a Markdown pipe table: cells in order, as many a row as its
 * first line holds. Returns the index of the closing line.
 */
function table(lines: string[], start: number, out: string[]): number {
  const cells: string[] = [];
  let width = 0;
  let i = start;
  for (; i < lines.length && !/^\|={3,}$/.test(lines[i].trim()); i++) {
    const line = lines[i].trim();
    if (!line.startsWith('|')) {
      // A cell's text goes on over the next lines.
      if (line && cells.length) cells[cells.length - 1] += ` ${line}`;
      continue;
    }
    const row = line
      .slice(1)
      .split(/(?<!\\)\|/)
      .map((cell) => inline(cell.trim()));
    if (!width) width = row.length;
    cells.push(...row);
  }
  if (width) {
    out.push('');
    for (let r = 0; r * width < cells.length; r++) {
      const row = cells.slice(r * width, (r + 1) * width).map((cell) => cell.replace(/\|/g, '\\|') || '—');
      out.push(`| ${row.join(' | ')} |`);
      if (r === 0) out.push(`|${' --- |'.repeat(width)}`);
    }
    out.push('');
  }
  return i;
}

/**
 * A line's inline macros as their text (labels read up to 300 characters: a macro never closed is not scanned to the
 * line's end at each of its repeats): "linkgit:git-log[1]" → "git-log(1)", "link:url[text]" → "text", "<<id,text>>" →
 * "text"; and "<file>", which is text in AsciiDoc, escaped so the Markdown reader shows it rather than take it for a tag.
 */
function inline(text: string): string {
  return text
    .replace(/<<([\w-]+)(?:,\s*([^>\n]{1,300}))?>>/g, (_, id: string, label?: string) => label ?? id)
    .replace(/\blinkgit:([\w.-]+)\[(\d\w*)\]/g, '$1($2)')
    .replace(/\b(?:link|xref|mailto):([^\s[\]]+)\[([^\]\n]{0,300})\]/g, (_, target: string, label: string) => label.replace(/\^$/, '') || target)
    .replace(/\b((?:https?|ftp):\/\/[^\s[\]]+)\[([^\]\n]{0,300})\]/g, (_, url: string, label: string) => label.replace(/\^$/, '') || url)
    .replace(/\b(?:kbd|btn):\[([^\]\n]{0,300})\]/g, '$1')
    .replace(/\bfootnote:\[([^\]\n]{0,300})\]/g, ' ($1)')
    .split(/(`[^`\n]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;')))
    .join('');
}
