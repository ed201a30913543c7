// The boxes Markdown dialects set apart — notes, tips, warnings and content tabs — rewritten as the plain Markdown
// they show: a label line, then the box's text. MkDocs (Python-Markdown's `!!! note "Title"`, pymdownx's `??? tip`
// and `=== "Tab"`) indents the box's text four spaces, so read as CommonMark its second paragraph was code, and an
// answer showed prose in a code block; Docusaurus fences it with `:::note` … `:::`, GitHub writes `> [!WARNING]`, and
// both markers stood in the text. The label reads as the HTML reader writes a box's title ("Note:", html.ts).
import { asLabel, typeTitle } from '../../text/box-labels';

// Each marker's line is matched in two steps, the marker and then the rest trimmed: one pattern with spaces allowed
// before and after an optional part retries every split of a long run of spaces.
/** `!!! note "Title"`, `??? tip`, `???+ warning ""`, `=== "Linux"`: a marker, then a type (none for a tab) and a title. */
const MKDOCS_MARKER = /^( {0,3})(!!!|\?\?\?\+?|===)[ \t]/;
const MKDOCS_REST = /^([\w-]+)?[ \t]*(?:"([^"\n]*)")?$/;
/** `:::note`, `:::tip Pro tip`, `:::info[Title]`, and the `:::` that closes one (more colons for nested boxes). */
const DOCUSAURUS_MARKER = /^ {0,3}:{3,}/;
const DOCUSAURUS_REST = /^([\w-]+)(?:\[([^\]\n]*)\]|[ \t]+(.*))?$/;
/** GitHub's alert: `> [!NOTE]` alone on the quotation's first line. */
const GITHUB_ALERT = /^( {0,3}>[ \t]?)\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*$/i;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Boxes nest in boxes; deeper than this their text is read as it is written. */
const MAX_DEPTH = 8;

/** The page's lines with each box's markers turned into a label line and its text unindented. */
export function withBoxesUnwrapped(lines: string[], depth = 0): string[] {
  // Most pages hold no box: they are not rewritten.
  if (depth > MAX_DEPTH || !lines.some((line) => /^ {0,3}(?:!!!|\?\?\?|===|:::|>[ \t]?\[!)/.test(line))) return lines;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      // Code is shown as written, markers and all.
      out.push(line);
      for (i++; i < lines.length && !lines[i].trimStart().startsWith(fence[1]); i++) out.push(lines[i]);
      if (i < lines.length) out.push(lines[i]);
      continue;
    }
    const alert = GITHUB_ALERT.exec(line);
    if (alert) {
      out.push(`${alert[1]}${asLabel(typeTitle(alert[2].toLowerCase()))}`);
      continue;
    }
    const mkdocs = mkdocsBox(line);
    if (mkdocs) {
      const indent = mkdocs.indent.length + 4;
      const body: string[] = [];
      let end = i + 1;
      for (let k = i + 1; k < lines.length; k++) {
        if (!lines[k].trim()) body.push('');
        else if (indentOf(lines[k]) >= indent) {
          body.push(withSpacesForTabs(lines[k]).slice(indent));
          end = k + 1;
        } else break;
      }
      if (mkdocs.title.trim()) out.push(mkdocs.indent + asLabel(mkdocs.title), '');
      out.push(...withBoxesUnwrapped(body.slice(0, end - i - 1), depth + 1).map((l) => (l ? mkdocs.indent + l : l)), '');
      i = end - 1;
      continue;
    }
    const docusaurus = DOCUSAURUS_MARKER.exec(line);
    const rest = docusaurus ? line.slice(docusaurus[0].length).trim() : '';
    const opening = docusaurus && rest ? DOCUSAURUS_REST.exec(rest) : null;
    if (opening) {
      const title = opening[2] ?? opening[3] ?? typeTitle(opening[1]);
      if (title.trim()) out.push(asLabel(title), '');
      continue;
    }
    if (docusaurus && !rest) {
      // The `:::` that closes a box.
      out.push('');
      continue;
    }
    out.push(line);
  }
  return out;
}

/** A MkDocs box's marker line: its indentation and title (its type capitalised when it has no title of its own), or null. */
function mkdocsBox(line: string): { indent: string; title: string } | null {
  const marker = MKDOCS_MARKER.exec(line);
  const rest = marker ? MKDOCS_REST.exec(line.slice(marker[0].length).trim()) : null;
  if (!marker || !rest || (rest[1] === undefined && rest[2] === undefined)) return null;
  return { indent: marker[1], title: rest[2] ?? typeTitle(rest[1] ?? '') };
}

/** Columns of leading whitespace, a tab counting to the next multiple of four. */
function indentOf(line: string): number {
  let column = 0;
  for (const ch of line) {
    if (ch === ' ') column++;
    else if (ch === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** The line's leading tabs as the spaces they stand for. */
function withSpacesForTabs(line: string): string {
  const lead = /^[ \t]*/.exec(line)?.[0] ?? '';
  return lead.includes('\t') ? ' '.repeat(indentOf(line)) + line.slice(lead.length) : line;
}
