// HTML without landmarks: the whole page's text, not only the subtree
// Readability prefers; link lists and named chrome left out; heading paths
// that nest by level even without an <h1>.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '@/lib/ingest/formats/html';
import { closeHeadingsAsBrowsersDo } from '@/lib/ingest/formats/heading-tags';
import { withDocumentFrame } from '@/lib/ingest/formats/document-frame';
import { MAX_NESTING, nestingDepth } from '@/lib/ingest/formats/nesting';
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

  it("ends a site's heading where the page's own heading, which repeats the title, begins (Sphinx's classic theme)", () => {
    const builder = new SectionBuilder();
    builder.heading(0, 'Pagination');
    builder.heading(1, 'Django documentation');
    builder.paragraph('Home | Table of contents | Index | Modules');
    builder.heading(1, 'Pagination');
    builder.paragraph('Django provides high-level and low-level ways to help you manage paginated data.');
    builder.heading(2, 'The Paginator class');
    builder.paragraph('Under the hood, all methods of pagination use the Paginator class.');
    expect(builder.sections.map((s) => s.heading)).toEqual([['Pagination', 'Django documentation'], ['Pagination'], ['Pagination', 'The Paginator class']]);
  });
});

describe('parseHtml on reference entries (definition terms with an id)', () => {
  // Sphinx's API entries (a class with its methods nested inside), a DocBook
  // setting, and an index whose terms are links: the shapes public manuals use.
  const page = `<!doctype html><html><head><title>paths — Path helpers</title></head><body><div role="main">
    <h1>paths — Path helpers</h1>
    <p>This module joins and splits paths.</p>
    <dl class="py function">
      <dt class="sig sig-object py" id="paths.join">paths.join(<em>first</em>, <em>*rest</em>)<a class="headerlink" href="#paths.join">¶</a></dt>
      <dd><p>Join one or more path components with the separator of the running system.</p><p>An absolute component restarts the path.</p></dd>
    </dl>
    <dl class="py class">
      <dt class="sig sig-object py" id="paths.Walker">class paths.Walker(root)</dt>
      <dd><p>Visits every folder below root, parents before children.</p>
        <dl class="py method">
          <dt class="sig sig-object py" id="paths.Walker.skip">skip(name)</dt>
          <dd><p>Leaves out every folder called name from the rest of the walk.</p></dd>
        </dl>
        <p>Walkers can be reused after a walk has finished.</p>
      </dd>
    </dl>
    <p>Paths on Windows keep their drive letter.</p>
    <h2>Settings</h2>
    <dl class="variablelist">
      <dt id="GUC-PATH-DEPTH"><span class="term"><code class="varname">path_depth</code> (<code class="type">integer</code>)</span></dt>
      <dd><p>How many folders deep a walk goes before it stops. The default is 64.</p></dd>
      <dt id="short">tiny</dt><dd>Too short.</dd>
    </dl>
    <h2>Index</h2>
    <dl><dt id="ientry-1">join, <a href="#paths.join">paths.join, the function that builds paths</a></dt><dd><dl><dt>abs, <a href="#x">Absolute paths of every kind</a></dt></dl></dd>
      <dt id="ientry-2">walk_depth</dt><dd><dl><dt>configuration parameter, <a href="#a">Walking settings of the module</a></dt><dt>method argument, <a href="#b">Walker methods</a></dt></dl></dd></dl>
  </div></body></html>`;
  const parsed = parseHtml(page);
  const headingOf = (phrase: string) => parsed.sections.find((s) => s.paragraphs.some((p) => p.includes(phrase)))?.heading;

  it('gives each entry its own heading under the page heading, nested entries under their class', () => {
    expect(headingOf('Join one or more path components')).toEqual(['paths — Path helpers', 'paths.join(first, *rest)']);
    expect(headingOf('Visits every folder below root')).toEqual(['paths — Path helpers', 'class paths.Walker(root)']);
    expect(headingOf('Leaves out every folder called name')).toEqual(['paths — Path helpers', 'class paths.Walker(root)', 'skip(name)']);
    expect(headingOf('How many folders deep')).toEqual(['paths — Path helpers', 'Settings', 'path_depth (integer)']);
  });

  it('keeps the term as the first line of its entry, without the permalink mark', () => {
    const entry = parsed.sections.find((s) => s.heading.at(-1) === 'paths.join(first, *rest)');
    expect(entry?.paragraphs[0]).toBe('paths.join(first, *rest)');
  });

  it('ends an entry with its list: what follows belongs to the heading above again', () => {
    expect(headingOf('Walkers can be reused')).toEqual(['paths — Path helpers', 'class paths.Walker(root)']);
    expect(headingOf('keep their drive letter')).toEqual(['paths — Path helpers']);
  });

  it('leaves terms with a short description, and index terms that are mostly a link, in the text around them (a term ends the entry before it)', () => {
    expect(headingOf('Too short.')).toEqual(['paths — Path helpers', 'Settings']);
    expect(headingOf('the function that builds paths')).toEqual(['paths — Path helpers', 'Index']);
    // An index term whose description is only sub-terms (no prose of its own) is no entry either.
    expect(headingOf('walk_depth')).toEqual(['paths — Path helpers', 'Index']);
  });
});

describe('parseHtml page names without the site name', () => {
  const page = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
  const main = (h1: string) =>
    `<div role="main"><h1>${h1}<a class="headerlink" href="#x">¶</a></h1><p>Functions that take paths apart and put them back together.</p></div>`;

  it('names the page by its <h1> when the title adds the site after or before a separator', () => {
    expect(parseHtml(page('os.path — Path helpers — Python 3.11 documentation', main('os.path — Path helpers'))).title).toBe('os.path — Path helpers');
    expect(parseHtml(page('Acme Docs | Install guide', main('Install guide'))).title).toBe('Install guide');
    expect(parseHtml(page('Install guide - Acme', main('Install guide'))).title).toBe('Install guide');
  });

  it('names the page by its <h1> when the <h1> says more around the name the title gives before the site', () => {
    // Sphinx's viewcode pages: the title names only the module; "Source code for" tells what kind of page it is.
    expect(parseHtml(page('_pytest.capture — pytest documentation', main('Source code for _pytest.capture'))).title).toBe('Source code for _pytest.capture');
    expect(parseHtml(page('Download — Python 3.11.2 documentation', main('Download Python 3.11.2 Documentation'))).title).toBe(
      'Download Python 3.11.2 Documentation',
    );
    // Not a part of a word: "capture" is not extended by "Recapture".
    expect(parseHtml(page('capture — pytest documentation', main('Recapture'))).title).toBe('capture — pytest documentation');
  });

  it('never takes the site name for the page name: an <h1> in the header or a menu bar, or a link home', () => {
    const headerOnly = '<header><h1>Acme</h1></header><main><h2>Install guide</h2><p>Run the installer and follow the steps it shows.</p></main>';
    expect(parseHtml(page('Install guide | Acme', headerOnly)).title).toBe('Install guide');
    // Sphinx themes: the site's <h1> links home, the page's <h1> carries a permalink.
    const sphinx =
      '<div class="header"><h1><a href="../index.html">Django documentation</a></h1></div><div class="body"><h1>Making queries<a class="headerlink" href="#q">¶</a></h1><p>Once you have created your data models, Django gives you a query API.</p></div>';
    expect(parseHtml(page('Making queries — Django documentation', sphinx)).title).toBe('Making queries');
    // mdBook: the book's <h1> sits in the menu bar, the chapter is an <h2> linking to itself; the page has a sidebar class.
    const mdbook =
      '<div class="menu-bar"><h1 class="menu-title">The Book</h1></div><main><h2 id="v"><a class="header" href="#v">Storing Lists</a></h2><p>Vectors store more than one value in a single data structure.</p></main>';
    const parsed = parseHtml(page('Storing Lists - The Book', mdbook).replace('<html>', '<html class="sidebar-visible">'));
    expect(parsed.title).toBe('Storing Lists');
  });

  it("cuts the site's name off a title that writes the page's name otherwise than its heading", () => {
    const mdbook = (heading: string) =>
      `<div class="menu-bar"><h1 class="menu-title">The Book</h1></div><main><h2 id="v"><a class="header" href="#v">${heading}</a></h2><p>Ownership is a set of rules that govern how a program manages memory.</p></main>`;
    // Other capitals or punctuation than the heading: the heading names the page.
    expect(parseHtml(page('What is Ownership? - The Book', mdbook('What Is Ownership?'))).title).toBe('What Is Ownership?');
    expect(parseHtml(page('Test Driven Development - The Book', mdbook('Test-Driven Development'))).title).toBe('Test-Driven Development');
    // The heading says what is left of the title, and more.
    expect(parseHtml(page('A - Keywords - The Book', mdbook('Appendix A: Keywords'))).title).toBe('Appendix A: Keywords');
    // A heading that is about something else does not: the rest of the title names the page.
    expect(parseHtml(page('Installing - The Book', mdbook('Getting Started'))).title).toBe('Installing');
    // The site's name from its metadata.
    const meta =
      '<!doctype html><html><head><title>Acme Cloud · Billing FAQ</title><meta property="og:site_name" content="Acme Cloud"></head><body><main><p>Invoices are sent on the first day of each month.</p></main></body></html>';
    expect(parseHtml(meta).title).toBe('Billing FAQ');
  });

  it('keeps the title when it is not a heading plus a name', () => {
    expect(parseHtml(page('Installing Acme on Linux', main('Install'))).title).toBe('Installing Acme on Linux');
    expect(parseHtml(page('Install guide', main('Install guide'))).title).toBe('Install guide');
  });
});

describe('parseHtml page names on a page without landmarks (read through Readability)', () => {
  // The Apache httpd manual's shape: the site's name in a header paragraph, a language bar, no <main>.
  const paragraphs = Array.from(
    { length: 6 },
    (_, i) =>
      `<h2 id="s${i}">Part ${i}</h2><p>The server reads its configuration files when it starts, and again when it is told to restart gracefully (part ${i}). Directives placed in these files apply to the whole server unless a section limits them.</p>`,
  ).join('');
  const apachePage = (title: string, h1: string) => `<!doctype html><html><head><title>${title}</title></head><body id="manual-page">
    <div id="page-header"><p class="menu"><a href="../mod/index.html">Modules</a> | <a href="../glossary.html">Glossary</a></p>
    <p class="apache">Apache HTTP Server Version 2.4</p><img alt="" src="feather.png"></div>
    <div id="page-content"><div id="preamble"><h1>${h1}</h1>
    <div class="toplang"><p><span>Available Languages: </span><a href="#">&nbsp;en&nbsp;</a> | <a href="#">&nbsp;fr&nbsp;</a> | <a href="#">&nbsp;ja&nbsp;</a></p></div>
    <p>This document covers how the server is configured and which files it reads.</p></div>${paragraphs}</div></body></html>`;

  it("names the page by the title read before Readability changed the document, not Readability's guess", () => {
    // Readability took "core" for too short and named the page after the site; "HTTP/2 guide" became "2 guide".
    expect(parseHtml(apachePage('Configuration Files - Apache HTTP Server Version 2.4', 'Configuration Files')).title).toBe('Configuration Files');
    expect(parseHtml(apachePage('HTTP/2 guide - Apache HTTP Server Version 2.4', 'HTTP/2 guide')).title).toBe('HTTP/2 guide');
  });

  it("cuts off the site's name that the page's header writes, and takes the <h1> that says the rest", () => {
    expect(parseHtml(apachePage('core - Apache HTTP Server Version 2.4', 'Apache Core Features')).title).toBe('Apache Core Features');
    expect(parseHtml(apachePage('mod_deflate - Apache HTTP Server Version 2.4', 'Apache Module mod_deflate')).title).toBe('Apache Module mod_deflate');
    // Only the title's last part: a breadcrumb before the <h1> names the page itself.
    const crumbs = (title: string) =>
      apachePage(title, 'Getting Started').replace('<p class="apache">Apache HTTP Server Version 2.4</p>', '<span>Guides</span><span>Install</span>');
    expect(parseHtml(crumbs('Install - Guides')).title).toBe('Install');
  });

  it("looks for the site's name in a header of a few hundred elements at most", () => {
    const crowded = apachePage('core - Apache HTTP Server Version 2.4', 'Apache Core Features').replace(
      '<div id="page-header">',
      `<div id="page-header">${'<span>x</span>'.repeat(20_000)}`,
    );
    // Past the bound the header is not read: the title keeps the site's name rather than reading 20,000 elements.
    expect(parseHtml(crowded).title).toBe('core - Apache HTTP Server Version 2.4');
  });

  it("keeps Readability's name only when the title names nothing", () => {
    expect(parseHtml(apachePage('No Title', 'Notes On Building A Cross-Compiler')).title).toBe('Notes On Building A Cross-Compiler');
  });
});

describe("parseHtml: a site's header inside the page's text", () => {
  // Sphinx's classic theme (Django's documentation): no landmark, the site's <h1> above the page's own.
  const sections = Array.from(
    { length: 5 },
    (_, i) =>
      `<div class="section"><h2>Step ${i}</h2><p>Under the hood, every way of paging through results uses the Paginator class (step ${i}), which splits a list of objects into pages of a given size.</p></div>`,
  ).join('');
  const page = `<!doctype html><html><head><title>Pagination &#8212; Django documentation</title></head><body><div class="document">
    <div id="hd"><h1><a href="../index.html">Django documentation</a></h1></div>
    <div id="bd"><div class="section"><h1>Pagination<a class="headerlink" href="#pagination">¶</a></h1>
    <p>Django provides high-level and low-level ways to help you manage paginated data.</p>
    <p>After creating a virtual environment, enter the command:</p>
    <div class="console-block"><label title="Linux/macOS">&#xf17c;/&#xf179;</label> <label title="Windows">&#xf17a;</label><pre>$ python -m pip install Django</pre></div>
    ${sections}</div></div></div></body></html>`;

  it("ends the site's heading where the page's own heading, which repeats the title, begins", () => {
    const parsed = parseHtml(page);
    expect(parsed.title).toBe('Pagination');
    expect(parsed.sections.flatMap((s) => s.heading)).not.toContain('Django documentation');
  });

  it("drops an icon font's glyphs, so an introduction is followed by its code", () => {
    const paragraphs = parseHtml(page).sections.flatMap((s) => s.paragraphs);
    expect(paragraphs.some((p) => /\p{Co}/u.test(p))).toBe(false);
    const intro = paragraphs.indexOf('After creating a virtual environment, enter the command:');
    expect(paragraphs[intro + 1]).toBe('```\n$ python -m pip install Django\n```');
  });
});

describe("parseHtml: a generator's marks on entries", () => {
  // Sphinx's permalink (¶) and its link to the source listing ([source]), on a page with a landmark and on one
  // Readability reads (Django's classic theme: it drops class names, so the marks had stayed in the text).
  const entry = (name: string) =>
    `<dl class="py class"><dt class="sig sig-object py" id="forms.${name}"><em class="property">class </em><span class="sig-name descname">${name}</span>` +
    `<a class="reference internal" href="../_modules/forms.html#${name}"><span class="viewcode-link"><span class="pre">[source]</span></span></a>` +
    `<a class="headerlink" href="#forms.${name}" title="Permalink to this definition">¶</a></dt>` +
    `<dd><p>A ${name} builds its fields from the model it names, with the labels and validation of each field the model declares.</p></dd></dl>`;
  const body = ['ModelForm', 'ModelFormSet', 'InlineFormSet']
    .map(entry)
    .join('<p>Each class above can be subclassed to change the fields it shows to the user.</p>');
  const pages = {
    landmark: `<!doctype html><html><head><title>Model forms</title></head><body><div role="main"><h1>Model forms</h1>${body}</div></body></html>`,
    readability: `<!doctype html><html><head><title>Model forms &#8212; Django documentation</title></head><body><div class="document"><div id="hd"><h1><a href="../index.html">Django documentation</a></h1></div><div id="bd"><div class="section"><h1>Model forms<a class="headerlink" href="#mf">¶</a></h1>${body}</div></div></div></body></html>`,
  };

  it.each(Object.keys(pages))('are left out of the text and the headings (%s)', (kind) => {
    const parsed = parseHtml(pages[kind as keyof typeof pages]);
    const text = JSON.stringify(parsed.sections);
    expect(text).not.toMatch(/¶|\[source\]/);
    expect(parsed.sections.map((s) => s.heading.at(-1))).toContain('class ModelForm');
  });
});

describe("parseHtml: a manual page's name line completes its title", () => {
  const page = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
  const manPage = (nameLine: string) =>
    `<div id="content"><h1>git-stash(1) Manual Page</h1><h2>NAME</h2><div class="sectionbody"><p>${nameLine}</p></div>` +
    '<h2>DESCRIPTION</h2><div class="sectionbody"><p>Use git stash when you want to record the current state of the working directory and the index.</p></div></div>';

  it('adds what the NAME line says the page does to a title that is only its name', () => {
    expect(parseHtml(page('git-stash(1)', manPage('git-stash - Stash the changes in a dirty working directory away'))).title).toBe(
      'git-stash(1) — Stash the changes in a dirty working directory away',
    );
    // DocBook reference pages: several names, an em dash, the first section under the page's own heading.
    const refentry =
      '<div class="refentry"><div class="refnamediv"><h2>Name</h2><p>SELECT, TABLE, WITH — retrieve rows from a table or view</p></div>' +
      '<div class="refsect1"><h2>Description</h2><p>SELECT retrieves rows from zero or more tables.</p></div></div>';
    expect(parseHtml(page('SELECT', refentry)).title).toBe('SELECT — retrieve rows from a table or view');
  });

  it('leaves the title alone when the opening line does not name the page or the title says it already', () => {
    expect(parseHtml(page('git-stash(1)', manPage('git-apply - Apply a patch to files'))).title).toBe('git-stash(1)');
    expect(parseHtml(page('git-stash(1)', manPage('Stash the changes in a dirty working directory away'))).title).toBe('git-stash(1)');
    const said = '<main><h1>pg_dump</h1><p>pg_dump — back up a database</p><p>It makes consistent backups.</p></main>';
    expect(parseHtml(page('pg_dump — back up a database', said)).title).toBe('pg_dump — back up a database');
  });
});

describe('parseHtml: a box inside a section ("Note", "Warning") is not a section', () => {
  // DocBook's shape: sections titled by an <h3> in a titlepage div, notes by an <h3> in div.note.
  const html = `<html><head><title>8.1. Anchors</title></head><body>
    <div class="sect1"><div class="titlepage"><div><div><h2 class="title">8.1. Anchors</h2></div></div></div>
    <div class="sect2"><div class="titlepage"><div><div><h3 class="title">8.1.3. Chains</h3></div></div></div>
      <p>A chain holds the anchor to the ship.</p>
      <div class="note"><h3 class="title">Note</h3><p>Inspect every link of the chain before a storm.</p></div>
      <p>Chains are measured in shackles.</p></div>
    <div class="sect2"><div class="titlepage"><div><div><h3 class="title">8.1.4. Windlasses</h3></div></div></div>
      <p>A windlass hauls the chain back aboard.</p>
      <div class="warning"><h3 class="title">Warning</h3><p>Never stand on a running chain.</p></div>
      <p>Electric windlasses need a breaker.</p></div></div></body></html>`;
  const parsed = parseHtml(html);
  const headingOf = (phrase: string) => parsed.sections.find((s) => s.paragraphs.some((p) => p.includes(phrase)))?.heading;

  it("keeps the text after the box under the section's own heading", () => {
    expect(headingOf('Chains are measured in shackles')).toEqual(['8.1. Anchors', '8.1.3. Chains']);
    expect(headingOf('A windlass hauls the chain')).toEqual(['8.1. Anchors', '8.1.4. Windlasses']);
    expect(headingOf('Electric windlasses need a breaker')).toEqual(['8.1. Anchors', '8.1.4. Windlasses']);
  });

  it("opens the box's text with its title as a label", () => {
    const chains = parsed.sections.find((s) => s.heading.at(-1) === '8.1.3. Chains')!.paragraphs;
    expect(chains).toEqual([
      'A chain holds the anchor to the ship.',
      'Note:',
      'Inspect every link of the chain before a storm.',
      'Chains are measured in shackles.',
    ]);
    expect(parsed.sections.flatMap((s) => s.heading)).not.toContain('Warning');
  });

  it('a section titled "Notes" is still a section', () => {
    const page = parseHtml(`<html><head><title>CREATE ANCHOR</title></head><body><div class="refsect1"><h2>Notes</h2><p>Anchors rust.</p></div></body></html>`);
    expect(page.sections.find((s) => s.paragraphs.includes('Anchors rust.'))?.heading).toEqual(['CREATE ANCHOR', 'Notes']);
  });
});

describe('parseHtml: tables', () => {
  // Minified, as most generated sites serve it: no whitespace between the tags.
  const html = (table: string) =>
    `<html><head><title>Operators</title></head><body><main><h1>Operators</h1><p>Every operator of the language.</p>${table}</main></body></html>`;
  const rows = (table: string) => parseHtml(html(table)).sections.flatMap((s) => s.paragraphs);

  it('reads each row as one line with its cells set apart, never running their words together', () => {
    const table =
      '<table><thead><tr><th>Operator</th><th>Example</th><th>Explanation</th></tr></thead><tbody><tr><td>!</td><td><code>!expr</code></td><td>Logical complement</td></tr><tr><td>%</td><td>expr % expr</td><td>Remainder<br>of a division</td></tr></tbody></table>';
    expect(rows(table)).toEqual([
      'Every operator of the language.',
      'Operator | Example | Explanation',
      '! | !expr | Logical complement',
      '% | expr % expr | Remainder of a division',
    ]);
  });

  it('reads a cell of one paragraph as text, and a cell holding blocks as those blocks', () => {
    const sphinx = '<table><tbody><tr><td><p>&#39;&lt;&#39;</p></td><td><p>Forces the field to be left-aligned.</p></td></tr></tbody></table>';
    expect(rows(sphinx)).toContain("'<' | Forces the field to be left-aligned.");
    const functions = '<table><tbody><tr><td><p>abs ( numeric ) → numeric</p><p>Absolute value</p><p>abs(-17.4) → 17.4</p></td></tr></tbody></table>';
    expect(rows(functions)).toEqual(['Every operator of the language.', 'abs ( numeric ) → numeric', 'Absolute value', 'abs(-17.4) → 17.4']);
  });
});

describe("parseHtml: the page's lead, before the article Readability keeps", () => {
  // asciidoc's manual pages: no landmark, the <h1> and the one-line summary in div#header, the text in div#content.
  const body = Array.from(
    { length: 6 },
    (_, i) =>
      `<div class="sect1"><h2 id="s${i}">SECTION ${i}</h2><div class="sectionbody"><div class="paragraph"><p>Given one or more existing commits, apply the change each one introduces, recording a new commit for each one of them in turn (part ${i}). This requires your working tree to be clean, with no modifications from the HEAD commit, and it stops at the first conflict.</p></div></div></div>`,
  ).join('');
  const page = `<!doctype html><html><head><title>git-pick(1)</title></head><body class="manpage">
    <div id="header"><h1>git-pick(1) Manual Page</h1><h2>NAME</h2><div class="sectionbody"><p>git-pick - Apply the changes introduced by some existing commits</p></div></div>
    <div id="content">${body}</div><div id="footnotes"><hr></div></body></html>`;

  it('keeps the one-line summary under the page title', () => {
    const parsed = parseHtml(page);
    const lead = parsed.sections.find((s) => s.paragraphs.some((p) => p.startsWith('git-pick - Apply the changes')));
    expect(lead?.heading).toEqual(['git-pick(1)', 'NAME']);
    expect(parsed.sections.filter((s) => s.paragraphs.some((p) => p.includes('(part 3)')))).toHaveLength(1);
  });

  it("adds no site's name or bar of language links as a lead", () => {
    const header = page.replace(
      '<h2>NAME</h2>',
      '<p class="apache">Apache HTTP Server Version 2.4</p><p>Available Languages: <a href="#">en</a> | <a href="#">fr</a> | <a href="#">ja</a></p><h2>NAME</h2>',
    );
    const text = parseHtml(header).sections.flatMap((s) => s.paragraphs);
    expect(text.some((p) => p.includes('Apache HTTP Server') || p.includes('Available Languages'))).toBe(false);
    expect(text).toContain('git-pick - Apply the changes introduced by some existing commits');
  });

  it('adds no label or table-of-contents line as a lead', () => {
    const toc = page.replace(
      '<div id="content">',
      '<div class="toc"><b>Table of Contents</b><dl><dt><span>42.1. <a href="#a">Installing Languages</a></span></dt></dl></div><div id="content">',
    );
    const text = parseHtml(toc).sections.flatMap((s) => s.paragraphs);
    expect(text.some((p) => p.includes('Table of Contents') || p.includes('Installing Languages'))).toBe(false);
  });
});

describe('parseHtml on deeply nested pages', () => {
  // Each of these ran out of stack (a RangeError: the file failed) or, at 5,000 levels, kept Readability busy for
  // minutes. Pages nested past MAX_NESTING are refused before parsing (below); up to it, they are read.
  const text = (html: string) => parseHtml(html).sections.flatMap((s) => s.paragraphs);
  const deep = MAX_NESTING - 10;
  it.each([
    ['inline elements', `<html><body><main><p>${'<span>'.repeat(deep)}deep text here${'</span>'.repeat(deep)}</p></main></body></html>`],
    ['blocks without a landmark', `<html><body>${'<div>'.repeat(deep)}<p>deep text here and more</p>${'</div>'.repeat(deep)}</body></html>`],
    ['tables in tables', `<html><body><main>${'<table><tr><td>'.repeat(deep / 2)}deep text here${'</td></tr></table>'.repeat(deep / 2)}</main></body></html>`],
  ])('reads %s', (_, html) => {
    expect(text(html).join(' ')).toContain('deep text here');
  });
});

describe('link lists: a glossary whose definitions are links', () => {
  // DocBook's acronyms appendix: each term plain, each definition a link to what the acronym stands for.
  const entries = ['ANSI|American National Standards Institute', 'WAL|Write-Ahead Log', 'GEQO|Genetic Query Optimizer']
    .map((e) => e.split('|'))
    .map(
      ([term, meaning]) =>
        `<dt><span class="term"><acronym>${term}</acronym></span></dt><dd><p><a class="ulink" href="https://en.wikipedia.org/wiki/${term}">${meaning}</a></p></dd>`,
    )
    .join('');
  const { document } = parseHTML(
    `<html><body><div class="toc"><dl class="toc"><dt><a href="a.html">L.1. Acronyms in use</a></dt><dt><a href="b.html">L.2. Acronyms no longer used</a></dt></dl></div><p>This is a list of acronyms.</p><div class="variablelist"><dl class="variablelist">${entries}</dl></div></body></html>`,
  );
  const lists = [...linkListsOf(document.body as never, new Set(['DIV', 'UL', 'OL', 'DL', 'TABLE', 'SECTION', 'P']))] as unknown as Element[];
  const classes = lists.map((l) => l.getAttribute('class'));

  it('keeps the glossary, and the block around it: its terms are not links', () => {
    expect(classes).not.toContain('variablelist');
  });

  it('still finds a table of contents, whose terms are the links', () => {
    expect(classes).toContain('toc');
  });
});

describe('parseHtml: a paragraph of bold text that titles what follows', () => {
  // SQLite's FAQ and its list of build options: no heading tags below the page's <h2>s.
  const page = `<html><body><main><h1>Frequently Asked Questions</h1>
    <p><b>(1) How do I create an AUTOINCREMENT field?</b></p>
    <blockquote>A column declared INTEGER PRIMARY KEY will autoincrement.</blockquote>
    <p><b>(2) INSERT is really slow</b></p>
    <blockquote><p>Group the inserts in one transaction.</p></blockquote>
    <h2>Options</h2>
    <p><strong>SQLITE_ENABLE_SESSION</strong></p><blockquote><p>This option enables the session extension.</p></blockquote>
    <p><b>Note:</b></p><p>A label and its text stay text.</p>
    <p><b>Never run this as root.</b></p><p>A sentence in bold is emphasis.</p>
    <p><b>Table 5.2. Summary of Access Privileges</b></p><table><tr><td>SELECT</td><td>r</td></tr></table>
    <p><b>Table of Contents</b></p><ul><li><a href="a.html">One</a></li><li><a href="b.html">Two</a></li></ul>
    <h2>Builds</h2><p>Build from a context folder.</p>
    <blockquote><p><strong>Warning</strong></p><p>Do not use your root directory as the build context.</p></blockquote>
    <p>Exclude files with a .dockerignore file.</p>
    <p><b>A bold line at the end</b></p>
  </main></body></html>`;
  const sections = parseHtml(page).sections;
  const under = (title: string) => sections.find((s) => s.heading.at(-1) === title)?.paragraphs;

  it('files the text after a bold title under it, below the page headings', () => {
    expect(under('(1) How do I create an AUTOINCREMENT field?')).toEqual(['A column declared INTEGER PRIMARY KEY will autoincrement.']);
    expect(under('(2) INSERT is really slow')).toEqual(['Group the inserts in one transaction.']);
    expect(sections.find((s) => s.heading.at(-1) === 'SQLITE_ENABLE_SESSION')?.heading).toEqual([
      'Frequently Asked Questions',
      'Options',
      'SQLITE_ENABLE_SESSION',
    ]);
  });

  it('leaves labels, emphasised sentences, captions, a list’s label, a box’s label and a last line as text', () => {
    const text = sections.flatMap((s) => s.paragraphs);
    for (const line of [
      'Note:',
      'Never run this as root.',
      'Table 5.2. Summary of Access Privileges',
      'Table of Contents',
      'Warning',
      'A bold line at the end',
    ]) {
      expect(text).toContain(line);
      expect(sections.some((s) => s.heading.includes(line))).toBe(false);
    }
    // What follows a box labelled in bold ("**Warning**", as Docker's pages write it) stays under its section.
    expect(under('Builds')).toContain('Exclude files with a .dockerignore file.');
  });
});

describe('parseHtml: a label of a picture', () => {
  // SQLite's syntax diagrams: each an SVG under a label that alone opened passages and answers.
  const page = `<html><body><main><h1>ANALYZE</h1>
    <p><b><a href="syntax/analyze-stmt.html">analyze-stmt:</a></b> <button>hide</button></p>
    <div class="imgcontainer"><a name="x"></a><div><svg><text>ANALYZE</text></svg></div></div>
    <p>The ANALYZE command gathers statistics about tables and indices.</p>
    <p>For example:</p><pre>ANALYZE main;</pre>
    <p><b>Changes in version 3.9.0:</b></p><p></p><ol><li>Policy changes.</li></ol>
    <p>Last of all:</p>
  </main></body></html>`;
  const text = parseHtml(page).sections.flatMap((s) => s.paragraphs);

  it('leaves out the label of something without text', () => {
    expect(text).not.toContain('analyze-stmt:');
    expect(text[0]).toBe('The ANALYZE command gathers statistics about tables and indices.');
  });

  it('keeps a label before code, before a list past an empty paragraph, or before nothing', () => {
    for (const label of ['For example:', 'Changes in version 3.9.0:', 'Last of all:']) expect(text).toContain(label);
  });
});

describe('parseHtml: reference entries anchored the old way', () => {
  const entries = (open: string, close: string) =>
    `<html><body><main><h1>Functions</h1>${open}<a name="abs"></a>
      <dt><p><b>abs(X)</b></dt><dd><p>The abs(X) function returns the absolute value of the numeric argument X.</dd>
      <dt id="changes"><p><b>changes()</b></dt><dd><p>The changes() function returns the number of rows the last statement changed.</dd>
      <dt><a name="char"></a><b>char(X1,X2,...,XN)</b></dt><dd><p>The char() function returns a string of the characters with these code points.</dd>${close}
      <p>After the list.</p></main></body></html>`;
  const headings = (html: string) => parseHtml(html).sections.map((s) => s.heading.join(' › '));

  it('takes a term after, or opening with, an empty named anchor for an entry', () => {
    expect(headings(entries('<dl>', '</dl>'))).toEqual(['Functions › abs(X)', 'Functions › changes()', 'Functions › char(X1,X2,...,XN)', 'Functions']);
  });

  it('still reads the terms as entries when the list became a <div> (as Readability rewrites it)', () => {
    expect(headings(entries('<div>', '</div>')).slice(0, 3)).toEqual(['Functions › abs(X)', 'Functions › changes()', 'Functions › char(X1,X2,...,XN)']);
  });
});

describe('parseHtml: what the author marked as not for search', () => {
  const ARTICLE = `<h2>Overview</h2>
    <p>The SELECT statement queries the database and returns zero or more rows of data, each with a fixed number of columns.</p>
    <p>Every row of the result holds one value for each expression of the result list, in the order written.</p>
    <p>A SELECT statement does not change the database; reading is all it does, under a transaction of its own.</p>`;
  const page = (chrome: string) => `<html><head><title>SELECT</title></head><body>${chrome}<div class=fancy>${ARTICLE}</div></body></html>`;

  it("leaves out SQLite's nosearch box (tagline, repeated title, table of contents) and keeps the text", () => {
    const text = textOf(
      page(`<div class=nosearch><div class="tagline">Small. Fast. Reliable.<br>Choose any three.</div></div>
        <div class=nosearch><div class="fancy_title">SELECT</div><div class="fancy_toc"><a onclick="toggle_toc()"><span>&#x25ba;</span> Table Of Contents</a></div></div>`),
    );
    expect(text).toContain('The SELECT statement queries the database');
    expect(text).not.toMatch(/Small\. Fast|Choose any three|Table Of Contents/);
  });

  it.each([
    ['Pagefind', '<div data-pagefind-ignore>Edit this page on the forge; last built on Tuesday by the robot.</div>'],
    ['MkDocs Material', '<div data-search-exclude>Edit this page on the forge; last built on Tuesday by the robot.</div>'],
    ['Yahoo', '<div class="meta robots-nocontent">Edit this page on the forge; last built on Tuesday by the robot.</div>'],
    ['Yandex', '<noindex>Edit this page on the forge; last built on Tuesday by the robot.</noindex>'],
  ])('leaves out a block marked the way %s marks it', (_, marked) => {
    const text = textOf(page(marked));
    expect(text).toContain('reading is all it does');
    expect(text).not.toContain('Edit this page');
  });

  it('keeps such a block out inside a main landmark too', () => {
    const text = textOf(`<html><body><main>${ARTICLE}<p class="nosearch">Small. Fast. Reliable. Choose any three.</p></main></body></html>`);
    expect(text).toContain('reading is all it does');
    expect(text).not.toContain('Choose any three');
  });

  it('ignores a mark over most of the page: the page was uploaded to be searched', () => {
    expect(textOf(page('').replace('<div class=fancy>', '<div class="fancy noindex">'))).toContain('reading is all it does');
    expect(textOf(page('').replace('<body>', '<body class="nosearch">'))).toContain('reading is all it does');
  });
});

describe("parseHtml: a heading closed with another level's end tag", () => {
  const page = `<html><head><title>Keyword Index</title></head><body>
    <h2 align=center>Keyword Index</h1>
    <p>Every keyword of the documentation, with the page that explains it; pick one to read about it.</p>
    <h3>Older interfaces</h2><p>The version 2 interface is described here for old applications only.</p>
    </body></html>`;

  it('ends the heading there, as a browser does, so the text after it is text', () => {
    const parsed = parseHtml(page);
    expect(parsed.sections.map((s) => s.heading.at(-1))).toEqual(['Keyword Index', 'Older interfaces']);
    expect(parsed.sections[0].paragraphs.join(' ')).toContain('Every keyword of the documentation');
    expect(parsed.sections[1].paragraphs).toEqual(['The version 2 interface is described here for old applications only.']);
  });

  it('reads a page of heading tags that never end in one pass (it was once per tag: 20,000 took 0.6 s)', () => {
    const hostile = `>${'<h1 '.repeat(2_000_000)}`;
    expect(closeHeadingsAsBrowsersDo(hostile)).toBe(hostile);
    expect(closeHeadingsAsBrowsersDo(`<h2>A</h1>${'<h3 x'.repeat(1_000_000)}`)).toMatch(/^<h2>A<\/h2><h3 x/);
  });

  it('leaves well-formed headings and other tags starting with h alone', () => {
    const html = '<h1 id="a">One</h1><hr><header><h2>Two</h2></header><h3/>';
    expect(closeHeadingsAsBrowsersDo(html)).toBe(html);
    expect(closeHeadingsAsBrowsersDo('<H2>Two</H1><h4>x</h4>')).toBe('<H2>Two</h2><h4>x</h4>');
  });
});

describe('a page that leaves out <html>, <head> and <body>, as the standard allows', () => {
  it('is read as a browser reads it: its content in the body, its title in the head', () => {
    const parsed = parseHtml('<!doctype html><title>Widgets</title><h1>Widgets</h1><p>A widget turns a crank.</p><h2>Care</h2><p>Oil it yearly.</p>');
    expect(parsed.title).toBe('Widgets');
    expect(parsed.sections.map((s) => s.paragraphs)).toEqual([['A widget turns a crank.'], ['Oil it yearly.']]);
    expect(parsed.sections[1].heading.at(-1)).toBe('Care');
  });

  it('reads a fragment of paragraphs, and a page with a head but no body', () => {
    expect(textOf('<p>one</p><div><p>two</p></div>')).toBe('one\ntwo');
    expect(textOf('<html><head><title>T</title><style>p{}</style></head><p>only text</p></html>')).toBe('only text');
  });

  it('reads a page whose title stands between <html> and <body> without a <head> (linkedom lost its body)', () => {
    const parsed = parseHtml(
      '<html>\n<title>Copyright Release</title>\n<body bgcolor="white">\n<h1>Release</h1>\n<p>The author disclaims all copyright interest.</p>\n</body></html>',
    );
    expect(parsed.title).toBe('Copyright Release');
    expect(parsed.sections.flatMap((s) => s.paragraphs)).toEqual(['The author disclaims all copyright interest.']);
    // Nothing before the body but <html>: read as it is.
    const plain = '<html>\n<body bgcolor="white"><p>FOR IMMEDIATE RELEASE</p></body></html>';
    expect(withDocumentFrame(plain)).toBe(plain);
  });

  it('frames nothing twice, and leaves a page with a body as it is', () => {
    const page = '<html><body><p>kept</p></body></html>';
    expect(withDocumentFrame(page)).toBe(page);
    expect(withDocumentFrame('<HTML lang="en"><p>x</p></HTML>')).toBe('<!DOCTYPE html><html><head></head><body><p>x</p></body></html>');
    expect(withDocumentFrame('<htmlish>x')).toContain('<body><htmlish>x</body>');
  });

  it('reads elements nested deep without a body as it does with one (Readability walked them all, unchecked)', () => {
    expect(textOf(`${'<div>'.repeat(MAX_NESTING - 10)}deep text`)).toBe('deep text');
  });

  it('takes linear time on hostile tags: thousands of unended <html and <head', () => {
    const started = performance.now();
    withDocumentFrame(`${'<html'.repeat(50_000)}${'<head '.repeat(50_000)}${'<title>'.repeat(20_000)}`);
    withDocumentFrame(`${'</html'.repeat(50_000)}<p>x`);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('nesting depth, counted from the tags before parsing', () => {
  it('counts elements that must be closed, not void ones, ones whose end tag may be left out, comments or raw text', () => {
    expect(nestingDepth('<div><section><p>a<p>b<ul><li>x<li>y</ul></section></div>')).toBe(3);
    expect(nestingDepth('<div><br><img src=x><hr/><span/></div>')).toBe(1);
    expect(nestingDepth('<!-- <div><div><div> --><script>if (a<b) "<div><div>"</script><style>div>p{}</style><p>x')).toBe(0);
    expect(nestingDepth('<p>if a < b and c<d then <b>x</b></p>')).toBe(1);
    expect(nestingDepth(`${'<div>'.repeat(50)}${'</div>'.repeat(50)}<div></div>`)).toBe(50);
    // The parser reads the inside of <noscript> as elements: so does the count.
    expect(nestingDepth(`<noscript>${'<div>'.repeat(30)}</noscript>`)).toBe(31);
  });

  it('refuses a page nested past the limit at once, before the parser (which takes the square of the depth)', () => {
    const started = performance.now();
    expect(() => parseHtml(`${'<table><tr><td>'.repeat(30_000)}x`)).toThrow('The page nests its elements 30,000 deep, over the limit of 2,000');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(textOf(`<html><body>${'<div>'.repeat(MAX_NESTING)}deep enough${'</div>'.repeat(MAX_NESTING)}</body></html>`)).toBe('deep enough');
  });

  it('reads hostile tags in linear time: unended comments, raw text and tags', () => {
    const started = performance.now();
    nestingDepth('<script>'.repeat(100_000));
    nestingDepth('<!--'.repeat(100_000));
    nestingDepth(`${'<div'.repeat(100_000)}`);
    nestingDepth(`${'<a>'.repeat(100_000)}${'< '.repeat(100_000)}`);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('parseHtml: lists', () => {
  const paragraphsOf = (body: string) =>
    parseHtml(`<html><head><title>Pumps</title></head><body><main>${body}</main></body></html>`).sections.flatMap((s) => s.paragraphs);

  it('marks each item as the Markdown parser does: "•" unordered, its number ordered (from start or value), the first paragraph of an item only', () => {
    expect(
      paragraphsOf(
        '<p>Check:</p><ul><li>the valve</li><li><p>the seal,</p><p>twice a year</p></li></ul>' +
          '<ol start="3"><li>Open it.</li><li>Start it.</li><li value="9">Stop it.</li><li>Close it.</li></ol>',
      ),
    ).toEqual(['Check:', '• the valve', '• the seal,', 'twice a year', '3. Open it.', '4. Start it.', '9. Stop it.', '10. Close it.']);
  });

  it('gives a nested item its own marker and an item that opens with code none', () => {
    expect(
      paragraphsOf('<ul><li><ul><li>inner</li></ul></li><li>outer <ul><li>deeper</li></ul></li><li><pre>pump --check</pre></li></ul><p>After.</p>'),
    ).toEqual(['• inner', '• outer', '• deeper', '```\npump --check\n```', 'After.']);
  });

  it('ignores a start that is no number', () => {
    expect(paragraphsOf('<ol start="99999999999999999999"><li>one</li></ol><ol start="x"><li>two</li></ol>')).toEqual(['1. one', '1. two']);
  });
});

describe('parseHtml: rustdoc', () => {
  it("leaves out rustdoc's version and source links, its Run buttons, the description toggle and the notable-traits tooltip", () => {
    const page = `<html><head><title>Vec in std::vec - Rust</title></head><body><main>
      <h1 class="fqn"><span class="in-band">Struct std::vec::Vec</span></h1>
      <span class="out-of-band"><span class="since" title="Stable since Rust version 1.0.0">1.0.0</span> · <a class="srclink" href="/src">source</a> · <a id="toggle-all-docs" href="javascript:void(0)">[<span class="inner">−</span>]</a></span>
      <details class="rustdoc-toggle top-doc" open><summary class="hideme"><span>Expand description</span></summary>
      <div class="docblock"><p>A contiguous growable array type.</p>
      <div class="example-wrap"><pre class="rust rust-example-rendered"><code>let v = Vec::new();</code></pre><a class="test-arrow" target="_blank" href="https://play.rust-lang.org/">Run</a></div></div></details>
      <section id="method.new" class="method has-srclink"><span class="rightside"><span class="since">const: 1.39.0</span> · <a class="srclink" href="/src">source</a></span>
      <h4 class="code-header">pub const fn new() -&gt; Vec&lt;T&gt;<span class="notable-traits"><span class="notable-traits-tooltip">ⓘ<span class="notable-traits-tooltiptext">Notable traits for Vec&lt;u8&gt;</span></span></span></h4></section>
      <div class="docblock"><p>Constructs a new, empty Vec.</p></div>
    </main></body></html>`;
    const sections = parseHtml(page).sections;
    expect(sections.map((s) => s.heading.at(-1))).toEqual(['Struct std::vec::Vec', 'pub const fn new() -> Vec<T>']);
    expect(sections.flatMap((s) => s.paragraphs)).toEqual([
      'A contiguous growable array type.',
      '```\nlet v = Vec::new();\n```',
      'Constructs a new, empty Vec.',
    ]);
  });
});

describe('parseHtml: line breaks of the source', () => {
  it('reads the wrapped lines of text outside a paragraph as one line, as a browser shows them, and keeps a <br>', () => {
    const page = `<html><head><title>ArrayList</title></head><body><main><div class="block">Trims the capacity of this <code>ArrayList</code> instance to be the
list's current size.<br>An application can use this
operation.</div></main></body></html>`;
    expect(parseHtml(page).sections.flatMap((s) => s.paragraphs)).toEqual([
      "Trims the capacity of this ArrayList instance to be the list's current size.\nAn application can use this operation.",
    ]);
  });
});

describe('parseHtml: an element the page never closes', () => {
  it('reads the blocks inside an unknown element as blocks, as a browser lays them out (SQLite writes "<language-id>" unescaped)', () => {
    const page = `<html><head><title>FTS</title></head><body><main>
      <h2>6.3. The languageid= option</h2><p>a constraint of the form "</p><language-id> = <integer>" must be added.
      <h1>Appendix A: Search Application Tips</h1><p>FTS is primarily designed for Boolean queries.</p></main></body></html>`;
    const sections = parseHtml(page).sections;
    expect(sections.map((s) => [s.heading.at(-1), s.paragraphs])).toEqual([
      // The text at the unknown elements' edges parts where they open (a browser shows it as one line).
      ['6.3. The languageid= option', ['a constraint of the form "', '=', '" must be added.']],
      ['Appendix A: Search Application Tips', ['FTS is primarily designed for Boolean queries.']],
    ]);
  });
});

describe('parseHtml: documentation generators seen first in held-out manuals (MkDocs, GNU Texinfo)', () => {
  const texinfoPage = (title: string, body: string) =>
    `<!doctype html><html><head><title>${title}</title><meta name="Generator" content="makeinfo"></head><body>${body}</body></html>`;
  const navBar = (next: string) =>
    `<div class="header"><p>Next: <a href="${next}.html" rel="next">${next}</a>, Previous: <a href="Types.html" rel="prev">The Closure API</a>, Up: <a href="Using.html" rel="up">Using libffi</a> &nbsp; [<a href="Index.html" rel="index">Index</a>]</p></div>`;

  it("names a page by its <h1> when the heading's permalink is an icon font's glyph (MkDocs' theme)", () => {
    const html = `<!doctype html><html><head><title>Configuration - MkDocs</title></head><body><div role="main">
      <h1 id="configuration">Configuration<a class="headerlink" href="#configuration">\uf0c1</a></h1><p>Guide to all available configuration settings.</p>
      <h2 id="inheritance">Configuration Inheritance<a class="headerlink" href="#inheritance">\uf0c1</a></h2><p>Settings can be shared between files.</p></div></body></html>`;
    const parsed = parseHtml(html);
    expect(parsed.title).toBe('Configuration');
    expect(parsed.sections.at(-1)?.heading).toEqual(['Configuration', 'Configuration Inheritance']);
  });

  it("cuts the site's name its banner writes off the title when the site's navigation comes before the page (MkDocs' Material theme)", () => {
    const nav = `<nav class="md-nav"><ul>${Array.from({ length: 200 }, (_, i) => `<li><a href="p${i}.html">Page ${i}</a></li>`).join('')}</ul></nav>`;
    const html = `<!doctype html><html><head><title>Run - Docker Documentation</title></head><body>
      <header class="md-header"><div class="md-header__topic"><span class="md-ellipsis">Docker Documentation</span></div></header>
      <div class="md-container"><main class="md-main"><div class="md-sidebar">${nav}</div><article class="md-content__inner">
      <h1 id="docker-run-reference">Docker run reference</h1><p>Docker runs processes in isolated containers, each with its own file system.</p></article></main></div></body></html>`;
    expect(parseHtml(html).title).toBe('Docker run reference');
  });

  it("names a Texinfo node by itself, not by the manual every page's title adds, and the top node by the manual", () => {
    const body = `${navBar('Thread-Safety')}<h3 class="section">2.6 Closure Example</h3><p>A trivial example that creates a new puts by binding fputs with stdout.</p>`;
    expect(parseHtml(texinfoPage('Closure Example (libffi: the portable foreign function interface library)', body)).title).toBe('Closure Example');
    expect(parseHtml(texinfoPage('Top (libffi: the portable foreign function interface library)', body)).title).toBe(
      'libffi: the portable foreign function interface library',
    );
    // Another generator's title in parentheses is the page's own.
    expect(
      parseHtml(`<!doctype html><html><head><title>Python (programming language)</title></head><body><p>${'A language. '.repeat(10)}</p></body></html>`).title,
    ).toBe('Python (programming language)');
  });

  it('leaves out a "Next: …, Previous: …, Up: …" bar, whose own words only label its links', () => {
    const text = textOf(
      texinfoPage(
        'Closure Example (libffi)',
        `${navBar('Thread-Safety')}<h3>2.6 Closure Example</h3><p>A trivial example that creates a new puts by binding fputs with stdout.</p>`,
      ),
    );
    expect(text).toContain('A trivial example');
    expect(text).not.toContain('Previous');
    expect(text).not.toContain('Thread-Safety');
  });

  it('leaves out the table of contents Readability keeps inside a one-page manual, and keeps the links to other pages it keeps', () => {
    const sections = ['What is Bash?', 'What is a shell?', 'Definitions', 'Shell Syntax', 'Quoting', 'Comments'];
    const toc = `<div class="contents"><h2>Table of Contents</h2><ul>${sections.map((s, i) => `<li><a href="#s${i}">${i + 1} ${s}</a></li>`).join('')}</ul></div>`;
    const prose = (s: string) =>
      `<p>${s} is explained here in some detail, with the reasons the shell behaves as it does and examples of its use.</p>`.repeat(3);
    const howtos = `<ul><li><p><a href="howto/keep-history.html">keep-canonical-history-correct</a> by Junio C Hamano &lt;<a href="mailto:j@example.com">j@example.com</a>&gt;</p></li>
      <li><p><a href="howto/revert.html">revert-a-faulty-merge</a> by Linus &lt;<a href="mailto:l@example.com">l@example.com</a>&gt;</p></li></ul>`;
    const html = texinfoPage(
      'Bash Reference Manual',
      `<h1>Bash Reference Manual</h1>${toc}${sections.map((s, i) => `<h2 id="s${i}">${i + 1} ${s}</h2>${prose(s)}`).join('')}${howtos}`,
    );
    const parsed = parseHtml(html);
    expect(parsed.sections.some((s) => s.heading.includes('Table of Contents'))).toBe(false);
    expect(textOf(html)).not.toMatch(/^• 1 What is Bash\?$/m);
    expect(textOf(html)).toContain('Quoting is explained here');
    expect(textOf(html)).toContain('keep-canonical-history-correct by Junio C Hamano');
  });
});

describe('parseHtml: reference entries anchored at the end of the description before them, or opening their own', () => {
  // Doxygen's configuration page: each option's anchor closes the previous option's description; Readability drops
  // that empty paragraph and keeps the anchor opening each description.
  const option = (name: string, text: string, next: string) =>
    `<dt><code>${name}</code></dt><dd><p class="startdd"><a id="a_${name}" name="a_${name}"></a> ${text}</p><p class="enddd"><a class="anchor" id="cfg_${next}"></a></p></dd>`;
  const html = `<!doctype html><html><head><title>Configuration</title></head><body><div class="contents"><h1>Input options</h1><p>Options that say which files are read.</p><dl>
    ${option('EXCLUDE', 'The EXCLUDE tag specifies files and directories that are left out of the input files, relative to where doxygen runs.', 'exclude_patterns')}
    ${option('EXCLUDE_PATTERNS', 'The EXCLUDE_PATTERNS tag specifies wildcard patterns of files to leave out of the directories given as input.', 'example_path')}
    </dl></div></body></html>`;

  it('makes each option an entry of its own', () => {
    const sections = parseHtml(html).sections;
    const entry = sections.find((s) => s.heading.at(-1) === 'EXCLUDE_PATTERNS');
    expect(entry?.entry).toBe(true);
    expect(entry?.paragraphs.join(' ')).toContain('wildcard patterns');
    expect(entry?.paragraphs.join(' ')).not.toContain('relative to where doxygen runs');
  });

  it('does not take a description opening with text, or with a link, for an anchored one', () => {
    const plain = `<!doctype html><html><head><title>Terms</title></head><body><main><h1>Terms</h1><dl>
      <dt>WAL</dt><dd><p>See <a href="#x">the log</a>: every change is written there before the data files are.</p></dd>
      <dt>MVCC</dt><dd><p><a href="/mvcc.html">Multiversion concurrency control</a> lets readers see a snapshot and never wait.</p></dd></dl></main></body></html>`;
    expect(parseHtml(plain).sections.some((s) => s.entry)).toBe(false);
  });
});

describe('parseHtml: a Doxygen page', () => {
  // Doxygen's HTML: no landmarks, the page's title in a div, a table of contents, members laid out as tables.
  const page = `<!doctype html><html><head><title>MyLib: structcmd.h File Reference</title><meta name="generator" content="Doxygen 1.9.4"></head><body>
    <div id="top"><div id="titlearea"><table><tr><td><div id="projectname">MyLib</div><div id="projectbrief">A small C library</div></td></tr></table></div></div>
    <div id="doc-content"><div class="header"><div class="headertitle"><div class="title">structcmd.h File Reference</div></div></div>
    <div class="contents"><div class="toc"><h3>Table of Contents</h3><ul>${['Functions', 'Details', 'Examples', 'Notes', 'History']
      .map((s) => `<li><a href="#${s}">${s}</a></li>`)
      .join('')}</ul></div>
    <div class="textblock"><p>A documented file of functions that open, read and close file descriptors, each with its parameters.</p></div>
    <h2 class="memtitle"><span class="permalink"><a href="#a1">&#9670;&#160;</a></span>open()</h2>
    <div class="memitem"><div class="memproto"><table class="memname"><tr><td class="memname">int open </td><td>(</td><td class="paramtype">const char *&#160;</td><td class="paramname"><em>pathname</em>, </td></tr>
      <tr><td class="paramkey"></td><td></td><td class="paramtype">int&#160;</td><td class="paramname"><em>flags</em>&#160;</td></tr><tr><td></td><td>)</td><td></td><td></td></tr></table></div>
    <div class="memdoc"><p>Opens a file descriptor and returns it, or -1 when the file cannot be opened for these flags.</p></div></div>
    </div></div></body></html>`;
  const parsed = parseHtml(page);
  const text = parsed.sections.flatMap((s) => s.paragraphs);

  it("is named by its own title, without the project's", () => {
    expect(parsed.title).toBe('structcmd.h File Reference');
    expect(text).not.toContain('MyLib');
    expect(text).not.toContain('A small C library');
  });

  it('files its text under no "Table of Contents" heading', () => {
    expect(parsed.sections.some((s) => s.heading.includes('Table of Contents'))).toBe(false);
    expect(text).toContain('A documented file of functions that open, read and close file descriptors, each with its parameters.');
  });

  it("heads a member by its name without the permalink's mark, and reads its signature as one line", () => {
    expect(parsed.sections.some((s) => s.heading.at(-1) === 'open()')).toBe(true);
    expect(text.join('\n')).not.toContain('◆');
    expect(text).toContain('int open (const char * pathname, int flags )');
  });
});

describe('parseHtml: an RDoc class page', () => {
  // RDoc (darkfish): each method's name and arguments in a div over its description, a source toggle beside it.
  const method = (id: string, name: string, args: string, text: string) =>
    `<div id="${id}" class="method-detail"><div class="method-heading"><span class="method-name">${name}</span><span class="method-args">${args}</span>
      <span class="method-click-advice">click to toggle source</span></div><div class="method-description"><p>${text}</p></div></div>`;
  const page = `<!doctype html><html><head><title>class Harbour::Tide - RDoc Documentation</title></head><body><main role="main">
    <h1 class="class">class Harbour::Tide</h1><p>Predicts the tides of one harbour from its constituents.</p>
    <section class="method-section"><h3>Public Instance Methods</h3>
    ${method('method-i-height', 'height', '(time)', 'Returns the height of the tide above chart datum at the given time, in metres.')}
    ${method('method-i-next_high', 'next_high', '(after = Time.now)', 'Returns the time of the next high water after the given time.')}
    </section></main></body></html>`;
  const sections = parseHtml(page).sections;

  it('makes each method an entry headed by its name and arguments, without the toggle', () => {
    const entry = sections.find((s) => s.heading.at(-1) === 'next_high(after = Time.now)');
    expect(entry?.entry).toBe(true);
    expect(entry?.heading).toEqual(['class Harbour::Tide', 'Public Instance Methods', 'next_high(after = Time.now)']);
    expect(entry?.paragraphs.join(' ')).toContain('next high water');
    expect(entry?.paragraphs.join(' ')).not.toContain('above chart datum');
    expect(sections.flatMap((s) => [...s.heading, ...s.paragraphs]).join(' ')).not.toContain('click to toggle source');
  });
});
