// HTML may leave out <html>, <head> and <body> (the standard allows it, and
// exported snippets and minimal pages do): a browser puts the content in a
// body it makes up. linkedom does not — it makes the first element the
// document's root and leaves the body empty — so such a page read as nothing,
// and Readability then walked the whole tree unbounded (a page of 10,000
// nested <div>s without a body took 10 s). The page is framed as a browser
// would frame it before it is parsed. Tags are found with indexOf, not with
// patterns that could scan the rest of a hostile page once per tag.

/** What a head holds, in a page that does not say where its head ends: one element at a time from the start. */
const HEAD_ELEMENT =
  /\s*(?:<!--[\s\S]*?-->|<title\b[^>]*>[\s\S]*?<\/title\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>|<script\b[^>]*>[\s\S]*?<\/script\s*>|<(?:meta|link|base)\b[^>]*>)/iy;
const DOCTYPE = /^\s*<!doctype[^>]*>/i;

/**
 * The page with <html>, <head> and <body> around what it holds, as a browser reads it; unchanged when it has a
 * <body> and either a <head> or nothing before its body (linkedom loses the body of "<html><title>…</title><body>":
 * SQLite's copyright page read as no text).
 */
export function withDocumentFrame(html: string): string {
  const lower = html.toLowerCase();
  const body = lower.search(/<body[\s>]/);
  if (body >= 0 && (/<head[\s>]/.test(lower) || !ELEMENT_OTHER_THAN_HTML.test(lower.slice(0, body)))) return html;
  const doctype = DOCTYPE.exec(html);
  const start = doctype ? doctype[0].length : 0;
  const [head, rest] = headAndRest(withoutTags(html.slice(start), 'html'));
  return `<!DOCTYPE html><html><head>${head}</head><body>${withoutTags(rest, 'body')}</body></html>`;
}

/** An element's start tag other than <html> (a doctype or comment starts with "!"). */
const ELEMENT_OTHER_THAN_HTML = /<(?!html[\s>])[a-z]/;

/** The text without every <name …> and </name> tag (each ends at the first ">" after it; an unended one ends the text). */
function withoutTags(text: string, name: string): string {
  const lower = text.toLowerCase();
  let out = '';
  let copied = 0;
  let from = 0;
  let open = lower.indexOf(`<${name}`);
  let close = lower.indexOf(`</${name}`);
  while (open >= 0 || close >= 0) {
    const isClose = close >= 0 && (open < 0 || close < open);
    const at = isClose ? close : open;
    const nameEnd = at + name.length + (isClose ? 2 : 1);
    // "<htmlfoo" is another tag.
    if (/[\s/>]/.test(lower[nameEnd] ?? '')) {
      const end = lower.indexOf('>', nameEnd);
      out += text.slice(copied, at);
      copied = end < 0 ? text.length : end + 1;
      if (end < 0) break;
    }
    from = Math.max(nameEnd, copied);
    if (open >= 0 && open < from) open = lower.indexOf(`<${name}`, from);
    if (close >= 0 && close < from) close = lower.indexOf(`</${name}`, from);
  }
  return out + text.slice(copied);
}

/** The head's content and the rest: a written <head>…</head>, else the head elements the page opens with. */
function headAndRest(page: string): [string, string] {
  const lower = page.toLowerCase();
  const open = lower.search(/<head[\s>]/);
  if (open >= 0) {
    const openEnd = lower.indexOf('>', open);
    const close = openEnd < 0 ? -1 : lower.indexOf('</head', openEnd);
    if (close >= 0) {
      const closeEnd = lower.indexOf('>', close);
      const after = closeEnd < 0 ? page.length : closeEnd + 1;
      return [page.slice(openEnd + 1, close), page.slice(0, open) + page.slice(after)];
    }
  }
  let at = 0;
  HEAD_ELEMENT.lastIndex = 0;
  for (let m = HEAD_ELEMENT.exec(page); m; m = HEAD_ELEMENT.exec(page)) at = HEAD_ELEMENT.lastIndex;
  return [page.slice(0, at), page.slice(at)];
}
