// HTML: the main text found by Readability (no navigation, sidebars or
// footers), its title, and the heading path of every paragraph.
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { SectionBuilder, type ParsedDocument, type Section } from '../document';

const HEADING = /^H([1-6])$/;
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'NAV', 'BUTTON', 'FORM', 'IFRAME', 'SELECT']);
const LEAF_BLOCKS = new Set(['P', 'PRE', 'LI', 'DT', 'DD', 'BLOCKQUOTE', 'TD', 'TH', 'FIGCAPTION', 'CAPTION', 'ADDRESS']);
const BLOCKS = new Set(['P', 'PRE', 'UL', 'OL', 'DL', 'DIV', 'TABLE', 'SECTION', 'ARTICLE', 'BLOCKQUOTE', 'FIGURE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const CHROME = 'nav, header, footer, aside, script, style, noscript, form, [role=navigation], [role=banner], [role=contentinfo]';

type El = { tagName: string; childNodes: ArrayLike<NodeLike>; textContent: string | null; querySelector(s: string): unknown };
type NodeLike = { nodeType: number; textContent: string | null } & Partial<El>;

export function parseHtml(html: string): ParsedDocument {
  const { document } = parseHTML(html);
  const pageTitle = document.title?.trim() || null;
  const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  let sections: Section[];
  if (article?.content && (article.textContent ?? '').trim().length > 40) {
    // Readability drops the <h1> that repeats the title: put the title back as the top of the heading path.
    sections = sectionsFromHtml(article.content, cleanTitle(article.title ?? null));
  } else {
    // Readability found nothing it likes: take the body without its chrome.
    const { document: fresh } = parseHTML(html);
    for (const el of Array.from(fresh.querySelectorAll(CHROME))) (el as unknown as { remove(): void }).remove();
    sections = sectionsOf(fresh.body as unknown as El);
  }
  const title = cleanTitle(article?.title || pageTitle || firstHeading(sections));
  return { format: 'html', title, sections, qa: [] };
}

/** Sections of an HTML fragment (also used for the HTML mammoth makes of a DOCX). */
export function sectionsFromHtml(fragment: string, title: string | null = null): Section[] {
  const { document } = parseHTML(`<!doctype html><html><body>${fragment}</body></html>`);
  return sectionsOf(document.body as unknown as El, title);
}

function sectionsOf(root: El | null, title: string | null = null): Section[] {
  const builder = new SectionBuilder();
  if (title) builder.heading(1, title);
  if (root) walk(root, builder);
  return builder.sections;
}

function walk(el: El, builder: SectionBuilder): void {
  let loose = '';
  const flush = () => {
    builder.paragraph(loose);
    loose = '';
  };
  for (const node of Array.from(el.childNodes)) {
    if (node.nodeType === 3) {
      loose += node.textContent ?? '';
      continue;
    }
    if (node.nodeType !== 1 || !node.tagName) continue;
    const tag = node.tagName.toUpperCase();
    if (SKIP.has(tag)) continue;
    const level = HEADING.exec(tag);
    if (level) {
      flush();
      builder.heading(Number(level[1]), headingText(node.textContent ?? ''));
    } else if (LEAF_BLOCKS.has(tag) && !hasBlockChild(node as El)) {
      flush();
      builder.paragraph(tag === 'PRE' ? (node.textContent ?? '') : (node.textContent ?? '').replace(/\s+/g, ' '));
    } else if (BLOCKS.has(tag) || LEAF_BLOCKS.has(tag) || hasBlockChild(node as El)) {
      flush();
      walk(node as El, builder);
    } else {
      loose += node.textContent ?? '';
    }
  }
  flush();
}

function hasBlockChild(el: El): boolean {
  return Array.from(el.childNodes).some((n) => n.nodeType === 1 && !!n.tagName && (BLOCKS.has(n.tagName.toUpperCase()) || LEAF_BLOCKS.has(n.tagName.toUpperCase())));
}

/** Permalink markers such as Sphinx's ¶ are not part of a heading. */
const headingText = (text: string) => text.replace(/[¶#]\s*$/g, '').replace(/\s+/g, ' ').trim();

function cleanTitle(title: string | null): string | null {
  const clean = title?.replace(/\s+/g, ' ').trim();
  return clean ? clean.slice(0, 500) : null;
}

const firstHeading = (sections: Section[]) => sections.find((s) => s.heading.length)?.heading[0] ?? null;
