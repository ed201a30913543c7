// What reStructuredText writes that a reader never sees, and what its
// directives mean for the text they hold. Sphinx documentation is written so
// (Python, CMake, Flask, pytest, Linux), and its sources are plain text files
// (`.rst`, or `_sources/*.rst.txt` beside every Sphinx site): imported as bare
// paragraphs, every function's description stood under no heading and read
// ":func:`os.path.join`", and the code after "Example::" was prose.

/** A directive's first line: `.. name:: argument`, the name with an optional domain (`py:function`, `c:macro`). */
const DIRECTIVE = /^\.\.\s+(?:[\w-]+:)?([\w-]+)::(?:\s+(.*))?$/;

export type Directive = { name: string; argument: string };

/** The directive a line opens, or null (a comment, a link target `.. _name:` and a substitution `.. |x| …` are no directive). */
export function directiveOf(line: string): Directive | null {
  const match = DIRECTIVE.exec(line.trim());
  return match ? { name: match[1].toLowerCase(), argument: (match[2] ?? '').trim() } : null;
}

/** A footnote or a citation: `.. [1] text`, `.. [#] text`, `.. [RFC2616] text` — text a reader sees. */
export function footnoteOf(line: string): string | null {
  return /^\.\.\s+\[[^\]\s]{1,40}\]\s+(.*)$/.exec(line.trim())?.[1] ?? null;
}

/** Whether a line opens explicit markup (a directive, a comment, a target, a footnote): `..` then a space or nothing. */
export const isExplicitMarkup = (line: string) => /^\.\.(?:\s|$)/.test(line);

/** Objects a module holds, which Sphinx names with the module they are documented under (not an option or a variable). */
const MODULE_MEMBERS = new Set(['function', 'class', 'exception', 'data', 'decorator', 'attribute']);

export const isModuleMember = (directive: Directive) => MODULE_MEMBERS.has(directive.name);

/** Directives whose content is code, shown as written. */
const CODE = new Set(['code-block', 'code', 'sourcecode', 'doctest', 'testcode', 'testoutput', 'productionlist', 'parsed-literal']);

/**
 * Directives that describe an object a reader looks up — Sphinx's domains (Python, C, C++, JavaScript), its
 * generic `describe`/`option`/`envvar`, and the object types projects add (Django's settings and template tags,
 * pytest's fixtures and ini options): each is an entry of its own, as the HTML these sources build is read
 * (html.ts: an anchored definition term).
 */
const ENTRY = new Set([
  ...['function', 'method', 'class', 'attribute', 'data', 'exception', 'decorator', 'decoratormethod', 'classmethod'],
  ...['staticmethod', 'property', 'type', 'member', 'macro', 'struct', 'union', 'enum', 'enumerator', 'var'],
  ...['describe', 'object', 'option', 'cmdoption', 'envvar', 'confval', 'setting', 'templatetag', 'templatefilter'],
  ...['django-admin', 'fixture', 'hook', 'opcode', 'pdbcommand', '2to3fixer', 'index-entry', 'signal', 'role-directive'],
  // autodoc's: the description is generated from the code's docstrings, which the source does not hold; the name is
  // still the entry's ("pytest.PytestUnknownMarkWarning" is named nowhere else in pytest's reference).
  ...['autoclass', 'autofunction', 'automethod', 'autodata', 'autoattribute', 'autoexception', 'autodecorator', 'automodule'],
]);

/** Directives that say nothing a reader reads: a table of contents, index terms, an included file, an image, raw output. */
const SILENT = new Set([
  ...['toctree', 'index', 'include', 'literalinclude', 'image', 'raw', 'contents', 'sectnum', 'highlight', 'default-role'],
  ...['role', 'meta', 'title', 'tabularcolumns', 'moduleauthor', 'sectionauthor', 'codeauthor', 'program', 'cmake-module'],
  ...['namespace', 'namespace-push', 'namespace-pop', 'spelling'],
]);

/** Boxes set apart from the text, and the label their title shows (html.ts writes an admonition's title so too). */
const LABELS: Record<string, string> = {
  note: 'Note:',
  warning: 'Warning:',
  tip: 'Tip:',
  hint: 'Hint:',
  important: 'Important:',
  caution: 'Caution:',
  attention: 'Attention:',
  danger: 'Danger:',
  error: 'Error:',
  seealso: 'See also:',
  availability: 'Availability:',
  todo: 'To do:',
  'impl-detail': 'CPython implementation detail:',
};

/** What a directive's content is read as. */
export type DirectiveRole =
  | { kind: 'code' }
  | { kind: 'entry' }
  | { kind: 'silent' }
  | { kind: 'module' }
  /** A label paragraph (possibly none), then the content as text. */
  | { kind: 'text'; label: string | null };

/** Version boxes: their argument opens with the version(s), then may hold the box's first words. */
const VERSIONED: Record<string, (versions: string[]) => string> = {
  versionadded: ([version]) => `New in version ${version}.`,
  versionchanged: ([version]) => `Changed in version ${version}:`,
  deprecated: ([version]) => `Deprecated since version ${version}:`,
  'deprecated-removed': ([deprecated, removed]) => `Deprecated since version ${deprecated}, removed in version ${removed}:`,
};

/** Boxes whose argument is their title, not text. */
const TITLED = new Set(['admonition', 'rubric', 'topic', 'sidebar']);

/** Directives whose argument is no text at all (an image's file, a figure's). */
const ARGUMENT_NOT_TEXT = new Set(['figure', 'image', 'only', 'ifconfig', 'table', 'list-table', 'csv-table', 'glossary']);

export function roleOf(directive: Directive): DirectiveRole {
  const { name, argument } = directive;
  if (CODE.has(name)) return { kind: 'code' };
  if (ENTRY.has(name)) return { kind: 'entry' };
  if (name === 'module' || name === 'currentmodule') return { kind: 'module' };
  if (SILENT.has(name)) return { kind: 'silent' };
  const versioned = VERSIONED[name];
  if (versioned) return { kind: 'text', label: versioned(argument.split(/\s+/, 2)) };
  if (TITLED.has(name)) return { kind: 'text', label: argument ? labelOf(argument) : null };
  return { kind: 'text', label: LABELS[name] ?? null };
}

/** The text a directive's argument holds for a box read as text: a note's first words, what a version box says after its version. */
export function argumentText(directive: Directive): string {
  const { name, argument } = directive;
  if (VERSIONED[name])
    return argument
      .split(/\s+/)
      .slice(name === 'deprecated-removed' ? 2 : 1)
      .join(' ');
  return TITLED.has(name) || ARGUMENT_NOT_TEXT.has(name) ? '' : argument;
}

const labelOf = (title: string) => (/[:.!?]$/.test(title) ? title : `${title}:`);

/**
 * Inline markup out: a role shows its text (`:func:`os.path.join`` → "os.path.join", `:ref:`the tutorial
 * <tut>`` → "the tutorial", `:meth:`~str.split`` → "split", as Sphinx shows them), a hyperlink its text,
 * literals and emphasis their words (as the Markdown parser leaves them), a substitution its name, an escaped
 * character itself. Every pattern stops at the next backtick or star it would open, so no text is scanned more
 * than a few times.
 */
export function inlineText(text: string): string {
  return (
    text
      .replace(/:(?:[\w-]+:)?([\w+.-]+):`([^`]+)`/g, (_, role: string, content: string) => roleText(role, content))
      // Greedy up to the "<", trimmed after: a lazy run followed by optional spaces was retried at every space of a long run.
      .replace(/`([^`<]*)<[^<>`]*>`__?/g, (_, title: string) => title.trimEnd())
      .replace(/``([^`]+)``/g, '$1')
      .replace(/`([^`]+)`(?:__?)?/g, '$1')
      .replace(/\*\*([^*]+)\*\*/g, '$1')
      .replace(/(^|[\s("'])\*([^*\s][^*]*)\*(?=[\s)"'.,;:!?]|$)/g, '$1$2')
      .replace(/(?<![\w<|])\|(\w[\w-]*)\|_{0,2}(?![\w>|])/g, '$1')
      .replace(/\\(.)/g, '$1')
  );
}

/**
 * A role's text as Sphinx shows it: the title of "title <target>", the last name of "~a.b.c", without a leading
 * "!". A document named by its path (":doc:`/cli`", ":doc:`python:library/pdb`", another project's) reads as its
 * file's name: its title is in the other file.
 */
function roleText(role: string, content: string): string {
  const titled = /^([^<]*)<[^<>]*>$/.exec(content);
  if (titled?.[1].trim()) return titled[1].trimEnd();
  if (role === 'doc') return content.split(/[/:]/).at(-1) || content;
  const target = content.replace(/^!/, '');
  return target.startsWith('~') ? (target.slice(1).split('.').at(-1) ?? target) : target;
}
