// Hand-written HTML sometimes closes a heading with another level's end tag
// (SQLite's "<h2 align=center>Keyword Index</h1>"). A browser closes the open
// heading there — the HTML parsing algorithm takes any </h1>…</h6> as the end
// of the open heading — but the parser the import uses ignores an end tag it
// has no element for, so the rest of the page became part of the heading and
// the page had no text. One linear pass rewrites such an end tag to the open
// heading's own.

// The start of a heading tag only: where it ends is found with indexOf, so a
// page of "<h1 " without any ">" is read once, not once per tag.
const HEADING_TAG_START = /<(\/?)h([1-6])(?=[\s/>])/gi;

export function closeHeadingsAsBrowsersDo(html: string): string {
  let open: string | null = null;
  let out = '';
  let copied = 0;
  HEADING_TAG_START.lastIndex = 0;
  for (let m = HEADING_TAG_START.exec(html); m; m = HEADING_TAG_START.exec(html)) {
    const end = html.indexOf('>', m.index);
    if (end < 0) break;
    const [, slash, level] = m;
    if (!slash) open = level;
    else {
      if (open && open !== level) {
        out += `${html.slice(copied, m.index)}</h${open}>`;
        copied = end + 1;
      }
      open = null;
    }
    HEADING_TAG_START.lastIndex = end + 1;
  }
  return copied ? out + html.slice(copied) : html;
}
