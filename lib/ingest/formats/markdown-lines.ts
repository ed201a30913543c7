// What a Markdown page's lines hold that a renderer never shows, or shows otherwise: a static site generator's front
// matter and Liquid tags, HTML comments, link reference definitions, a heading's closing hashes.
import { inline } from './markdown-inline';

/** A static site generator's metadata block at the very start: YAML between `---` lines, or TOML between `+++`. */
export const FRONT_MATTER = /^(---|\+\+\+)\n([\s\S]*?)\n\1[ \t]*(?:\n|$)/;

/** Liquid's `{% raw %}` and `{% endraw %}`, as a line of their own (with its line break) or inside a line. */
const LIQUID_RAW_LINE = /^[ \t]*\{%-?\s*(?:end)?raw\s*-?%\}[ \t]*\n/gm;
const LIQUID_RAW = /\{%-?\s*(?:end)?raw\s*-?%\}/g;

/**
 * A page with YAML front matter is a Jekyll page: Liquid reads it before Markdown does, and its `{% raw %}` …
 * `{% endraw %}` only keep what they enclose from Liquid (Docker's `--format '{{.ID}}'`). The site never shows the
 * tags; imported as text they stood in code and answers ("{% raw %}{{ log stream }}{% endraw %}").
 */
export function withoutLiquidRaw(body: string): string {
  // Most pages hold no Liquid tag: they are not scanned line by line.
  return body.includes('{%') ? body.replace(LIQUID_RAW_LINE, '').replace(LIQUID_RAW, '') : body;
}

/** The block's `title: …` (YAML) or `title = "…"` (TOML), unquoted; null when it has none. */
export function declaredTitle(block: string): string | null {
  const line = /^title\s*[:=][ \t]*(.*)$/m.exec(block);
  const value = line?.[1]
    .trim()
    .replace(/^(["'])(.*)\1$/, '$2')
    .trim();
  return value ? inline(value).slice(0, 500) : null;
}

/** "[label]: destination", optionally with a title: defines a link, shows nothing (CommonMark). */
export const LINK_DEFINITION = /^\s{0,3}\[[^\[\]]+\]:\s*\S+(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?\s*$/;

/**
 * The line without its HTML comments; `open`: a comment goes on past its end. Read with indexOf, so a line of
 * many "<!--" costs one pass. Fenced code never gets here with a comment open: a fence inside a comment is
 * comment, and code is kept as written (the fence loop reads its lines itself).
 */
export function withoutComments(line: string, open: boolean): { text: string; open: boolean } {
  if (!open && !line.includes('<!--')) return { text: line, open };
  let text = '';
  let at = 0;
  let inside = open;
  while (at < line.length) {
    if (inside) {
      const end = line.indexOf('-->', at);
      if (end < 0) return { text, open: true };
      at = end + 3;
      inside = false;
    } else {
      const start = line.indexOf('<!--', at);
      if (start < 0) break;
      text += line.slice(at, start);
      at = start + 4;
      inside = true;
    }
  }
  return { text: text + line.slice(at), open: inside };
}

/**
 * "## Title ##" → "Title" (`mark` "#"), AsciiDoc's "== Usage ==" → "Usage" (`mark` "="): the closing run of marks
 * after a space goes. Read from the end, as a pattern (/\s+#+\s*$/) retried at every space of a heading line of
 * 100,000 spaces took seconds.
 */
export function withoutClosingRun(text: string, mark: string): string {
  const trimmed = text.trimEnd();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === mark) end--;
  return end < trimmed.length && end > 0 && /\s/.test(trimmed[end - 1]) ? trimmed.slice(0, end).trimEnd() : trimmed;
}
