// Hand-written HTML sometimes closes a heading with another level's end tag
// (SQLite's "<h2 align=center>Keyword Index</h1>"). A browser closes the open
// heading there — the HTML parsing algorithm takes any </h1>…</h6> as the end
// of the open heading — but the parser the import uses ignores an end tag it
// has no element for, so the rest of the page became part of the heading and
// the page had no text. One linear pass rewrites such an end tag to the open
// heading's own.
const HEADING_TAG = /<(\/?)h([1-6])(?=[\s/>])[^>]*>/gi;

export function closeHeadingsAsBrowsersDo(html: string): string {
  let open: string | null = null;
  return html.replace(HEADING_TAG, (tag: string, slash: string, level: string) => {
    if (!slash) {
      open = level;
      return tag;
    }
    const closing = open;
    open = null;
    return closing && closing !== level ? `</h${closing}>` : tag;
  });
}
