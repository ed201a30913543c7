// A Markdown line's text as a renderer shows it: links and images as their text, badges as nothing, code spans as
// written, tags, emphasis, list and quotation markers off, entities decoded.
import { decodeHTMLStrict } from 'entities';

/**
 * A badge: an image that links somewhere, "[![npm version](…svg)](…)" or by reference "[![Build Status][travis-img]][travis-url]".
 * It shows a picture, no text: its alt text ran into the page's title ("dotenv NPM version downloads").
 */
export const BADGE = /\[!\[[^[\]]*\](?:\((?:[^()]|\([^()]*\))*\)|\[[^[\]]*\])\](?:\((?:[^()]|\([^()]*\))*\)|\[[^[\]]*\])/g;
/** A line of badges and nothing else (a badge row under a list item): no line at all. */
const BADGE_LINE = new RegExp(`^[ \\t]*(?:${BADGE.source}[ \\t]*)+(?:\\n|$)`, 'gm');
/** An image in a heading (a logo beside the name): shown as a picture, not as its alt text. */
export const IMAGE = /!\[[^[\]]*\](?:\((?:[^()]|\([^()]*\))*\)|\[[^[\]]*\])/g;

/** A "back to top" link of an arrow or a sign to the page's own anchor ("[⬆](#contents)" after each of ExcelJS' headings). */
const IN_PAGE_ARROW = /\[[^\p{L}\p{N}[\]]{1,4}\]\(#[^()\s]*\)/gu;

export function inline(text: string): string {
  // No pattern can scan past the next bracket it would open again ("[^[\]]", "[^<>]"): a text repeating an
  // opening without its close ("<p <p <p …", "[a]( [a]( …") would otherwise cost time growing with its square.
  const unlinked = text
    .replace(BADGE_LINE, '')
    .replace(BADGE, '')
    .replace(IN_PAGE_ARROW, '')
    .replace(/!\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
    .replace(/\[([^[\]]+)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
    .replace(/\[([^[\]]+)\]\[[^[\]]*\]/g, '$1')
    // Line starts first: a list item's "*" is no emphasis ("* `maxBuffer` … `1024 * 1024`" kept its words, lost its bullet).
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '• ')
    // An item that held only a badge shows nothing.
    .replace(/^• *(?:\n|$)/gm, '')
    // A kramdown span or block attribute list ("Warning {:.warning}") sets a style, shows nothing; nor does a JSX comment.
    .replace(/\{:[^{}\n]*\}/g, '')
    .replace(/\{\/\*[^{}]*?\*\/\}/g, '');
  // Code spans are shown as written: no tag, emphasis, underscore or entity inside one is markup ("`*args`",
  // "`<details>`", "`&amp;`"). They stand aside as numbered marks while the rest loses its markup: emphasis may
  // enclose one ("**Call `config()` yourself**" kept its asterisks when each side was read alone).
  const spans: string[] = [];
  const marked = codeSpansApart(unlinked.replaceAll(SPAN_MARK, ''))
    .map((part, i) => {
      if (i % 2 === 0) return withoutTags(part);
      spans.push(part);
      return `${SPAN_MARK}${spans.length - 1}${SPAN_MARK}`;
    })
    .join('');
  return withoutEmphasis(marked)
    .split(SPAN_MARKS)
    .map((part, i) => (i % 2 ? (spans[Number(part)] ?? '') : decodeHTMLStrict(part)))
    .join('')
    .trim();
}

/** Stands for a code span while the text around it loses its markup: a private-use character, no markup itself. */
const SPAN_MARK = '\uE000';
const SPAN_MARKS = /\uE000(\d+)\uE000/;

/** Tags out of text outside code spans: a line break or a block tag parts words ("one<br>two" is two words); inline tags go. */
const withoutTags = (text: string) =>
  text.replace(/<(?:br|hr|\/?(?:p|div|li|tr|td|th|table|ul|ol|h[1-6]))\b[^<>]*>/gi, ' ').replace(/<\/?[a-zA-Z][^<>]*>/g, '');

const withoutEmphasis = (text: string) => text.replace(/(\*\*|__)(.+?)\1/g, '$2').replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2');

/** A code span's content is read up to this many characters: an opening run never closed is not scanned to the end. */
const MAX_SPAN_CHARS = 1_000;

/**
 * The text split into prose and code spans, alternately (prose first). A span opens with a run of backticks and
 * closes with the next run of as many ("`` a`b ``", "```sql`…` ```": CommonMark's rule, so a span may hold
 * backticks); a run no equal run closes is text. One space inside each end goes, as a renderer drops it.
 */
function codeSpansApart(text: string): string[] {
  const parts: string[] = [];
  let at = 0;
  let from = 0;
  for (let open = text.indexOf('`', from); open >= 0; open = text.indexOf('`', from)) {
    const length = runLength(text, open);
    const close = closingRun(text, open + length, length, open + length + MAX_SPAN_CHARS);
    if (close < 0) {
      from = open + length;
      continue;
    }
    const code = text.slice(open + length, close);
    parts.push(text.slice(at, open), code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() ? code.slice(1, -1) : code);
    at = from = close + length;
  }
  parts.push(text.slice(at));
  return parts;
}

const runLength = (text: string, at: number) => {
  let end = at;
  while (text[end] === '`') end++;
  return end - at;
};

/** Where the next run of exactly `length` backticks starts, from `from` and before `limit`, or -1. */
function closingRun(text: string, from: number, length: number, limit: number): number {
  for (let k = text.indexOf('`', from); k >= 0 && k < limit; k = text.indexOf('`', k)) {
    const run = runLength(text, k);
    if (run === length) return k;
    k += run;
  }
  return -1;
}
