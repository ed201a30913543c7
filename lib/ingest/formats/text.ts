// Plain text, read for the structure its writers give it without markup.
// Blank lines part paragraphs and a paragraph's wrapped lines are joined. A
// line underlined (and maybe overlined) with one punctuation mark repeated is
// a heading — reStructuredText's sections, Markdown's setext headings, the
// way READMEs and text manuals are written — each mark a level in the order
// the file first uses it; a line in capitals standing alone is a heading too
// (a manual page's NAME, DESCRIPTION). The first heading before any text is
// the title. Tables drawn with rules are read a row to a paragraph. A
// reStructuredText file's directives are read for what they mean
// (restructured-text.ts): code as code, a function's description as an entry
// of its own, a note as a labelled box, a table of contents as nothing; the
// indented block after "::" is code, and so is a block of ">>>" lines or
// shell prompts.
import { SectionBuilder, joinedLines, type ParsedDocument } from '../document';
import { asciiDocAsMarkdown, isAsciiDoc } from './asciidoc';
import { parseMarkdown } from './markdown';
import { withPurpose } from './page-title';
import { argumentText, directiveOf, footnoteOf, inlineText, isExplicitMarkup, isModuleMember, roleOf, type Directive } from './restructured-text';

export function parseText(source: string): ParsedDocument {
  // (A reStructuredText directive says it is not AsciiDoc; its other marks, "``", AsciiDoc writes too.)
  if (isAsciiDoc(source) && !RST_DIRECTIVE.test(source)) {
    // AsciiDoc, read as the Markdown it means (asciidoc.ts); a manual page's NAME line completes its title, as in HTML.
    const doc = parseMarkdown(asciiDocAsMarkdown(source));
    return { ...doc, format: 'text', title: withPurpose(doc.title, doc.sections) };
  }
  const lines = source.replace(/\r\n?/g, '\n').split('\n').map(expandedIndent);
  const reader = new TextReader(RESTRUCTURED_TEXT.test(source));
  reader.read(lines, 0);
  // A file of headings and markup only (a page that includes another, a table of contents) is read as it is
  // written rather than refused as empty: every text file that imported before still does.
  const sections = reader.builder.sections.length ? reader.builder.sections : asParagraphs(source);
  return { format: 'text', title: reader.title, sections, qa: [] };
}

function asParagraphs(source: string) {
  const builder = new SectionBuilder();
  for (const paragraph of blankLineParagraphs(source.replace(/\r\n?/g, '\n'))) builder.paragraph(paragraph);
  return builder.sections;
}

/** Text as plain paragraphs: parted at blank lines, each one's wrapped lines joined. */
const blankLineParagraphs = (text: string) => text.split(/\n\s*\n/).map(joinedLines);

/**
 * Indented blocks nested deeper than this are read as plain paragraphs: each level is read again by the one
 * above it, so a file indenting every line one step more than the last would otherwise cost its length squared
 * (and a call a level).
 */
const MAX_DEPTH = 12;
/** Entries (a function's description) sit below every heading a text file can have. */
const ENTRY_LEVEL = 40;
const ENTRY_TITLE_CHARS = 120;
/** A heading is one line of at most this many characters. */
const HEADING_MAX_CHARS = 150;

const RST_DIRECTIVE = /^\.\. [\w:-]+::/m;
/** What only reStructuredText writes: a directive, a role, an inline literal. */
const RESTRUCTURED_TEXT = /^\.\. [\w:-]+::|:[\w-]+:`[^`]|``[^`\s]/m;

class TextReader {
  readonly builder = new SectionBuilder();
  title: string | null = null;
  /** Heading styles ("=" underlined, "=" over- and underlined, capitals) in the order the file first uses them: their level. */
  private readonly styles = new Map<string, number>();
  private textSeen = false;
  /** The module a reStructuredText file documents (`.. module:: os.path`): its functions are named with it. */
  private module: string | null = null;

  /**
   * `restructured`: the file is reStructuredText, where a line indented right under a one-line paragraph is that
   * term's definition; in other text it goes on with the paragraph (a wrapped line, a hanging indent).
   */
  constructor(private readonly restructured: boolean) {}

  read(lines: string[], depth: number): void {
    let block: string[] = [];
    // The paragraph just read ended with "::": the indented block after it is code.
    let literalNext = false;
    const flush = () => {
      if (!block.length) return;
      literalNext = this.paragraph(block);
      block = [];
    };
    for (let i = 0; i < lines.length; ) {
      const line = lines[i];
      if (!line.trim()) {
        flush();
        i++;
        continue;
      }
      if (indentOf(line) > 0) {
        if (block.length && (isListItem(block[0]) || !this.restructured || block.length > 1)) {
          // A list item's wrapped lines are indented under its text; so may a paragraph's be.
          block.push(line);
          i++;
          continue;
        }
        // A term directly above an indented block is a definition list's term; the block is its definition.
        flush();
        const end = indentedEnd(lines, i);
        this.indented(dedented(lines.slice(i, end)), literalNext, depth);
        literalNext = false;
        i = end;
        continue;
      }
      if (!block.length) literalNext = false;
      if (this.restructured && isExplicitMarkup(line)) {
        flush();
        const end = indentedEnd(lines, i + 1);
        this.explicitMarkup(line, dedented(lines.slice(i + 1, end)), depth);
        i = end;
        continue;
      }
      if (!block.length) {
        const next = lines[i + 1] ?? '';
        if (isTableRule(line)) {
          i = this.table(lines, i);
          continue;
        }
        if (isAdornment(line) && (lines[i + 1] ?? '').trim() && isAdornment(lines[i + 2] ?? '') && lines[i + 2].trim()[0] === line.trim()[0]) {
          this.heading(`${line.trim()[0]}${line.trim()[0]}`, lines[i + 1]);
          i += 3;
          continue;
        }
        if (underlines(next, line)) {
          this.heading(next.trim()[0], line);
          i += 2;
          continue;
        }
        if (isCapitalsHeading(line) && (!next.trim() || indentOf(next) > 0)) {
          this.heading('capitals', line);
          i++;
          continue;
        }
      }
      // A rule on its own (a transition), or under a paragraph of several lines: no text.
      if (isAdornment(line)) {
        flush();
        i++;
        continue;
      }
      block.push(line);
      i++;
    }
    flush();
  }

  /** Text as a reader sees it: a reStructuredText file's inline markup out; other text as it is written ("<|endoftext|>"). */
  private shown(text: string): string {
    return this.restructured ? inlineText(text) : text;
  }

  /** Adds a paragraph; returns whether it ends with "::" (the next indented block is code). */
  private paragraph(lines: string[]): boolean {
    if (/^>>>\s/.test(lines[0].trim())) {
      this.code(lines);
      return false;
    }
    // Fields before any text or heading are the file's metadata (":orphan:", ":tocdepth: 2").
    if (!this.textSeen && this.title === null && lines.every((line) => /^:[\w -]+:(?:\s|$)/.test(line))) return false;
    const text = joinedParagraph(lines);
    const literal = this.restructured && text.endsWith('::');
    // "Example::" reads "Example:"; a lone "::" and a final " ::" are no text.
    const shown = literal ? withoutLiteralMark(text) : text;
    if (shown.trim()) {
      this.builder.paragraph(this.shown(shown));
      this.textSeen = true;
    }
    return literal;
  }

  private code(lines: string[]): void {
    this.builder.code(lines.join('\n'));
    this.textSeen = true;
  }

  private heading(style: string, line: string): void {
    // Sphinx shows "---" between words as a dash (":mod:`os.path` --- Common pathname manipulations").
    const text = this.shown(line.trim()).replace(/ --- /g, ' — ');
    let level = this.styles.get(style);
    if (level === undefined) {
      level = this.styles.size + 1;
      this.styles.set(style, level);
    }
    // The file's title: its first heading before any text (not a manual's NAME in capitals, which names a section).
    if (this.title === null && !this.textSeen && style !== 'capitals') this.title = text;
    this.builder.heading(level, text);
  }

  /** An indented block: code after "::" or when it opens with a prompt, else text (a quotation, a definition) read as the file is. */
  private indented(lines: string[], literal: boolean, depth: number): void {
    const first = lines[0]?.trim() ?? '';
    if (literal || /^(?:>>>|\$|%)\s/.test(first)) this.code(lines);
    else this.nested(lines, depth);
  }

  private nested(lines: string[], depth: number): void {
    if (depth < MAX_DEPTH) {
      this.read(lines, depth + 1);
      return;
    }
    for (const paragraph of blankLineParagraphs(lines.join('\n'))) this.builder.paragraph(this.shown(paragraph));
    this.textSeen = true;
  }

  /** `..` and what is indented under it: a directive, a footnote, or a comment (nothing). */
  private explicitMarkup(line: string, body: string[], depth: number): void {
    const footnote = footnoteOf(line);
    if (footnote !== null) {
      this.nested([footnote, ...body], depth);
      return;
    }
    const directive = directiveOf(line);
    if (directive) this.directive(directive, body, depth);
  }

  private directive(directive: Directive, body: string[], depth: number): void {
    const { head, content } = splitDirectiveBody(body);
    const role = roleOf(directive);
    switch (role.kind) {
      case 'silent':
        return;
      case 'module':
        this.module = directive.argument.split(/\s/)[0] || null;
        return;
      case 'code': {
        // Code written right under the directive, without the blank line reStructuredText asks for, is code still.
        const code = content.length ? content : head;
        if (code.length) this.code(dedented(code));
        return;
      }
      case 'entry': {
        const signatures = signaturesOf([directive.argument, ...head]);
        if (!signatures.length) {
          // An entry that names nothing is its text alone.
          this.nested(dedented(content), depth);
          return;
        }
        const level = ENTRY_LEVEL + depth;
        // At the top of a module's page its functions and classes are named with it, as Sphinx shows them ("os.path.join(path, *paths)").
        const qualified = depth === 0 && this.module && isModuleMember(directive);
        const named = signatures.map((s) => (qualified && !/^\w+\./.test(s) ? `${this.module}.${s}` : s));
        this.builder.entry(level, named[0].slice(0, ENTRY_TITLE_CHARS), named.join('\n'));
        this.textSeen = true;
        this.nested(dedented(content), depth);
        this.builder.close(level);
        return;
      }
      case 'text': {
        if (role.label) this.builder.paragraph(this.shown(role.label));
        const lead = argumentText(directive);
        this.nested([...(lead ? [lead, ...head] : head), ...(head.length || lead ? [''] : []), ...content], depth);
        return;
      }
    }
  }

  /** A table drawn with rules ("=====  =====", "+----+----+"): each row one paragraph of its cells, as HTML tables are read. */
  private table(lines: string[], start: number): number {
    let i = start;
    for (; i < lines.length && lines[i].trim(); i++) {
      const line = lines[i].trim();
      if (isTableRule(line) || isAdornment(line)) continue;
      const cells = (line.startsWith('|') ? line.replace(/^\||\|$/g, '').split('|') : line.split(/\s{2,}/)).map((c) => c.trim()).filter(Boolean);
      if (cells.length) this.builder.paragraph(this.shown(cells.join(' | ')));
    }
    this.textSeen = true;
    return i;
  }
}

/**
 * A paragraph ending with "::" without the mark, as reStructuredText shows it: "Example::" reads "Example:", and a
 * lone "::" or one after a space ("the code ::") is no text. Sliced, not matched: a pattern of optional spaces before
 * the mark was retried at every space of a long run.
 */
function withoutLiteralMark(text: string): string {
  const before = text.slice(0, -2);
  return /\s$/.test(before) || !before ? before.trimEnd() : `${before}:`;
}

/** An entry's signatures, one a line; a line ending with a backslash goes on in the next (a long signature). */
function signaturesOf(lines: string[]): string[] {
  const signatures: string[] = [];
  let continued = false;
  for (const line of lines) {
    const text = line.trim();
    if (!text) continue;
    const part = text.endsWith('\\') ? text.slice(0, -1).trimEnd() : text;
    if (continued && signatures.length) signatures[signatures.length - 1] += ` ${part}`;
    else signatures.push(part);
    continued = text.endsWith('\\');
  }
  return signatures;
}

/**
 * A directive's lines after its first: its head (up to the first blank line: options, which are no text, and
 * for an entry more signatures) and its content.
 */
function splitDirectiveBody(body: string[]): { head: string[]; content: string[] } {
  const blank = body.findIndex((line) => !line.trim());
  const head = (blank < 0 ? body : body.slice(0, blank)).filter((line) => !/^\s*:[\w -]+:(?:\s|$)/.test(line));
  return { head, content: blank < 0 ? [] : body.slice(blank + 1) };
}

const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)]|#\.|\(\d{1,3}\))\s+/;
const isListItem = (line: string) => LIST_ITEM.test(line);
/** A field of a field list (":param path: …", ":returns: …"): a line of its own. */
const FIELD = /^\s*:[\w ().,-]{1,60}:(?:\s|$)/;

/**
 * A paragraph's lines as one text. A list item and a field start a line of their own, an unordered item's
 * marker written "• " as the Markdown parser writes it (the answer shows it as a Markdown list again).
 */
function joinedParagraph(lines: string[]): string {
  let text = '';
  for (const line of lines) {
    const item = LIST_ITEM.exec(line);
    if (item) {
      const marker = item[0].trim();
      text += `${text ? '\n' : ''}${/^\d/.test(marker) ? marker.replace(')', '.') : '•'} ${line.slice(item[0].length).trim()}`;
    } else text += `${text ? (FIELD.test(line) ? '\n' : ' ') : ''}${line.trim()}`;
  }
  return text;
}

/** A line of one punctuation mark repeated (at least three): a heading's underline or overline, or a transition. */
function isAdornment(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= 3 && /^([=\-~^"'`#*+:._])\1*$/.test(trimmed) && !/^\s/.test(line);
}

/**
 * Whether `rule` underlines the one-line heading `line`: a run of one mark about as long as the text (RST asks
 * for at least its length; writers are a character or two short), or any run of "=" or "-" (Markdown's setext).
 */
function underlines(rule: string, line: string): boolean {
  if (!isAdornment(rule)) return false;
  const text = line.trim();
  if (!text || text.length > HEADING_MAX_CHARS || isListItem(line) || isAdornment(line) || isExplicitMarkup(line)) return false;
  const mark = rule.trim()[0];
  return mark === '=' || mark === '-' || rule.trim().length >= text.length - 2;
}

/** "=====  =====" (a simple table's rule, columns apart) or "+-----+-----+" (a grid table's). */
const isTableRule = (line: string) => /^\s*(?:=+(?: +=+)+|\+(?:[-=]+\+)+)\s*$/.test(line);

/** A line in capitals standing alone: a text manual's section ("DESCRIPTION", "SEE ALSO", "EXIT STATUS"). */
function isCapitalsHeading(line: string): boolean {
  const text = line.trim();
  return text.length <= 60 && /^[A-Z][A-Z0-9 ,&/()'-]*[A-Z0-9)]:?$/.test(text) && (text.match(/[A-Z]/g)?.length ?? 0) >= 3;
}

/** Leading tabs as spaces (to the next multiple of 8), so indentation compares as columns. */
function expandedIndent(line: string): string {
  if (!/^ *\t/.test(line)) return line;
  let column = 0;
  let at = 0;
  for (; at < line.length && (line[at] === ' ' || line[at] === '\t'); at++) column = line[at] === '\t' ? column + 8 - (column % 8) : column + 1;
  return ' '.repeat(column) + line.slice(at);
}

function indentOf(line: string): number {
  let n = 0;
  while (n < line.length && line[n] === ' ') n++;
  return n;
}

/** The index after the block of lines from `start` that are indented (or blank between indented ones); trailing blank lines are not in it. */
function indentedEnd(lines: string[], start: number): number {
  let end = start;
  for (let i = start; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    if (indentOf(lines[i]) === 0) break;
    end = i + 1;
  }
  return end;
}

/** The lines without the indentation they all share. */
function dedented(lines: string[]): string[] {
  let common = Number.POSITIVE_INFINITY;
  for (const line of lines) if (line.trim()) common = Math.min(common, indentOf(line));
  if (!Number.isFinite(common) || common === 0) return lines;
  return lines.map((line) => line.slice(Math.min(common, indentOf(line))));
}
