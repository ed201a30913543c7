// HTML without landmarks: the whole page's text, not only the subtree
// Readability prefers; link lists and named chrome left out; heading paths
// that nest by level even without an <h1>.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '@/lib/ingest/formats/html';
import { SectionBuilder } from '@/lib/ingest/document';
import { linkListsOf } from '@/lib/ingest/formats/link-lists';
import { parseHTML } from 'linkedom';

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`, 'utf8');
const textOf = (html: string) =>
  parseHtml(html)
    .sections.flatMap((s) => s.paragraphs)
    .join('\n');

describe('parseHtml on a manual page split into sibling sections (no landmark)', () => {
  const parsed = parseHtml(fixture('manual-sections.html'));
  const text = parsed.sections.flatMap((s) => s.paragraphs).join('\n');

  it('keeps every section, not only the longest one Readability picks', () => {
    for (const lead of ['at low tide', 'every tide table entry', 'two flashes of the harbour beacon', 'a quay crane may lift']) expect(text).toContain(lead);
  });

  it('nests each <h3> under the page title, as siblings of each other', () => {
    const headingOf = (phrase: string) => parsed.sections.find((s) => s.paragraphs.some((p) => p.includes(phrase)))?.heading;
    expect(parsed.title).toBe('7.3. Harbour Settings');
    expect(headingOf('two flashes of the harbour beacon')).toEqual(['7.3. Harbour Settings', '7.3.3. Harbour lights']);
    expect(headingOf('a quay crane may lift')).toEqual(['7.3. Harbour Settings', '7.3.4. Cargo cranes']);
    expect(headingOf('These settings change how the harbour works')).toEqual(['7.3. Harbour Settings']);
  });

  it('leaves out the previous/next bars and the table of contents', () => {
    for (const chrome of ['Prev', 'Next', 'Home', 'Chapter 7. The Harbour', '7.3.2. Tide tables']) expect(text).not.toMatch(new RegExp(`^${chrome}$`, 'm'));
    expect(text).not.toContain('7.4. Ships');
  });
});

describe('parseHtml keeps what is not chrome', () => {
  it('an article page still comes from Readability, without the site chrome', () => {
    const text = textOf(fixture('blog.html'));
    expect(text).toContain('A healthy starter doubles in size');
    for (const chrome of ['Shop the starter kit', 'All rights reserved']) expect(text).not.toContain(chrome);
  });

  it('a page that is nothing but links keeps its links', () => {
    const html = `<html><head><title>Index</title></head><body><ul>${['Alpha guide', 'Beta guide', 'Gamma guide'].map((t) => `<li><a href="/${t}">${t}</a></li>`).join('')}</ul></body></html>`;
    expect(textOf(html)).toContain('Beta guide');
  });

  it('a sentence with one link, or a list of terms whose descriptions are prose, is not a link list', () => {
    const html = `<html><head><title>Terms</title></head><body>
      <p>Read <a href="/a">the setup guide</a> before you start.</p>
      <dl><dt><a href="/w">WAL</a></dt><dd>Write-ahead log: every change is written here before the data files.</dd>
      <dt><a href="/m">MVCC</a></dt><dd>Multiversion concurrency control: readers see a snapshot and never wait for writers.</dd></dl></body></html>`;
    const text = textOf(html);
    expect(text).toContain('Read the setup guide before you start.');
    expect(text).toContain('readers see a snapshot');
  });
});

describe('linkListsOf', () => {
  it('judges a block by its own text once the link lists inside it are left out', () => {
    const { document } = parseHTML(
      `<html><body><div id="outer"><ul id="menu"><li><a href="/1">One</a></li><li><a href="/2">Two</a></li><li><a href="/3">Three</a></li></ul><p>A short paragraph of prose.</p></div></body></html>`,
    );
    const lists = linkListsOf(document.body as never, new Set(['DIV', 'UL']));
    const ids = [...lists].map((n) => (n as unknown as Element).getAttribute('id'));
    expect(ids).toEqual(['menu']);
  });

  it('walks a deeply nested page without recursion', () => {
    const depth = 20_000;
    const { document } = parseHTML(`<html><body>${'<div>'.repeat(depth)}<a href="/x">x</a><a href="/y">y</a>${'</div>'.repeat(depth)}</body></html>`);
    expect(() => linkListsOf(document.body as never, new Set(['DIV']))).not.toThrow();
  });
});

describe('SectionBuilder heading paths', () => {
  it('closes the open headings of the same level and below', () => {
    const builder = new SectionBuilder();
    builder.heading(0, 'Guide');
    builder.heading(2, 'Guide');
    builder.paragraph('intro');
    builder.heading(3, 'Install');
    builder.paragraph('a');
    builder.heading(3, 'Configure');
    builder.paragraph('b');
    builder.heading(4, 'Ports');
    builder.paragraph('c');
    builder.heading(2, 'Reference');
    builder.paragraph('d');
    expect(builder.sections.map((s) => s.heading)).toEqual([
      ['Guide'],
      ['Guide', 'Install'],
      ['Guide', 'Configure'],
      ['Guide', 'Configure', 'Ports'],
      ['Guide', 'Reference'],
    ]);
  });
});
