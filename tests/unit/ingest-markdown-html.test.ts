// Markdown as GitHub, Jekyll and Docusaurus render it: HTML blocks read as HTML, entities decoded, bold around code
// removed, and a bold paragraph or a disclosure's summary titling the prose under it.
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '@/lib/ingest/formats/markdown';

const sections = (source: string) => parseMarkdown(source).sections.map((s) => ({ heading: s.heading.join(' › '), paragraphs: s.paragraphs }));
const paragraphs = (source: string) => parseMarkdown(source).sections.flatMap((s) => s.paragraphs);

describe('parseMarkdown: HTML blocks', () => {
  it('reads an HTML table a row a paragraph, its cells set apart and its entities decoded, past the blank lines between rows', () => {
    const source = [
      '## User memory constraints',
      '',
      'We have four ways to set user memory usage:',
      '',
      '<table>',
      '  <thead><tr><th>Option</th><th>Result</th></tr></thead>',
      '',
      '  <tr>',
      '    <td><strong>memory=L&lt;inf, memory-swap=inf</strong></td>',
      '    <td>The container can use as much swap',
      '      as is needed.</td>',
      '  </tr>',
      '</table>',
      'Examples:',
    ].join('\n');
    expect(paragraphs(source)).toEqual([
      'We have four ways to set user memory usage:',
      'Option | Result',
      'memory=L<inf, memory-swap=inf | The container can use as much swap as is needed.',
      'Examples:',
    ]);
  });

  it('reads the lists and headings of an HTML block as the HTML reader does, and leaves the Markdown after it Markdown', () => {
    const source = '# Guide\n\n<h2 align="center">Install</h2>\n<ul><li>npm i x</li><li>yarn add x</li></ul>\n\nThen **run** it.\n';
    expect(sections(source)).toEqual([{ heading: 'Guide › Install', paragraphs: ['• npm i x', '• yarn add x', 'Then run it.'] }]);
    // A README that opens with its description and heads its sections with '#' has no title heading.
    expect(parseMarkdown('A robust Redis client.\n\n# Features\n\nText.\n\n# Quick Start\n\nMore.\n').title).toBeNull();
    expect(parseMarkdown('![banner](b.png)\n\n# pino\n\nA logger.\n').title).toBe('pino');
    expect(parseMarkdown('# Guide\n\nText.\n\n# Appendix\n\nMore.\n').title).toBe('Guide');
    // A README headed by a centred <h1> is named by it.
    expect(parseMarkdown('<h1 align="center">\n  <img src="logo.svg"> Beehive &amp; Co\n</h1>\n\nText.\n').title).toBe('Beehive & Co');
  });

  it('reads a block nested past any page as text, and the rest of the page still', () => {
    const deep = `${'<div>'.repeat(3_000)}deep${'</div>'.repeat(3_000)}`;
    expect(paragraphs(`# a\n\n${deep}\n\nafter`)).toEqual(['deep', 'after']);
  });
});

describe('parseMarkdown: text as a renderer shows it', () => {
  it('decodes entities in text, not in code', () => {
    const source = 'Julian &lt;julian@example.com&gt; &amp; co&nbsp;&#8212; `a &amp;&amp; b`\n\n```\nx &lt; y\n```\n\n&nbsp;\n';
    expect(paragraphs(source)).toEqual(['Julian <julian@example.com> & co — a &amp;&amp; b', '```\nx &lt; y\n```']);
  });

  it('takes emphasis off text that encloses a code span, the code shown as written', () => {
    expect(paragraphs('Text.\n\n**Option 1: call `config()` yourself (`**` kept)**, or _see `__init__`_.\n')).toEqual([
      'Text.',
      'Option 1: call config() yourself (** kept), or see __init__.',
    ]);
  });
});

describe('parseMarkdown: badges', () => {
  it("shows no badge, inline or by reference, in the page's title, its headings or its text; an image's alt text stays in prose", () => {
    const source = [
      '# dotenv [![NPM version](https://img.shields.io/npm/v/dotenv.svg)](https://npmjs.com/dotenv) [![Build Status][travis-img]][travis-url]',
      '',
      '[![downloads](https://img.shields.io/npm/dw/dotenv)](https://npmjs.com/dotenv)',
      '[![coverage](c.svg)](https://cov.example)',
      '',
      'Loads variables. ![Diagram of the load order](order.png)',
      '',
      '## ![logo](logo.png) Usage',
      '',
      '- [![Contributors](https://img.shields.io/contributors)](https://github.com/x/graphs)',
      '- **dotenv** is [MIT](LICENSE) licensed.',
    ].join('\n');
    const doc = parseMarkdown(source);
    expect(doc.title).toBe('dotenv');
    expect(sections(source)).toEqual([
      { heading: 'dotenv', paragraphs: ['Loads variables. Diagram of the load order'] },
      { heading: 'dotenv › Usage', paragraphs: ['• dotenv is MIT licensed.'] },
    ]);
  });
});

describe('parseMarkdown: code spans and quotations as CommonMark reads them', () => {
  it('closes a code span with a run of as many backticks, so it may hold backticks, and drops one space inside each end', () => {
    const source = '## ```await sql`...` -> Result[]```\n\nUse `` sql`x` `` for fragments, `` ` `` alone; a ``run never closed stays.\n';
    expect(sections(source)).toEqual([
      { heading: 'await sql`...` -> Result[]', paragraphs: ['Use sql`x` for fragments, ` alone; a ``run never closed stays.'] },
    ]);
  });

  it('reads code fenced inside a quotation as code, and drops "back to top" arrows to the page\'s own anchors', () => {
    const source =
      '## Add Rows [⬆](#contents)\n\n> [!CAUTION]\n> Objects reshape the query:\n> ```js\n> escape({ id: true });\n>\n> run();\n> ```\n> So set it.\n';
    expect(sections(source)).toEqual([
      { heading: 'Add Rows', paragraphs: ['Caution:\nObjects reshape the query:', '```\nescape({ id: true });\n\nrun();\n```', 'So set it.'] },
    ]);
  });
});

describe('parseMarkdown: a paragraph of bold text', () => {
  it('titles the prose under it, below the heading it follows, up to the next heading', () => {
    const source =
      '## FAQ\n\n**Should I commit my .env file?**\n\nNo. Unless you encrypt it.\n\n**Can I use it in production?**\n\n- Yes, with care.\n\n## Next\n\nText.\n';
    expect(sections(source)).toEqual([
      { heading: 'FAQ › Should I commit my .env file?', paragraphs: ['No. Unless you encrypt it.'] },
      { heading: 'FAQ › Can I use it in production?', paragraphs: ['• Yes, with care.'] },
      { heading: 'Next', paragraphs: ['Text.'] },
    ]);
  });

  it('stays a line of text over code, a table, another bold paragraph or a heading, and when it reads as a field or a label', () => {
    const source = [
      '## Start',
      '',
      'Signals the plugin.',
      '',
      '**Request**',
      '',
      '```',
      '{}',
      '```',
      '',
      '**Deprecated in Release: v20.10**',
      '',
      '**Target For Removal In Release: v23.0.0**',
      '',
      'The driver is gone.',
      '',
      '**Note:**',
      '',
      'Read this.',
      '',
      '**Last**',
    ].join('\n');
    expect(sections(source)).toEqual([
      {
        heading: 'Start',
        paragraphs: [
          'Signals the plugin.',
          'Request',
          '```\n{}\n```',
          'Deprecated in Release: v20.10',
          'Target For Removal In Release: v23.0.0',
          'The driver is gone.',
          'Note:',
          'Read this.',
          'Last',
        ],
      },
    ]);
  });
});

describe('parseMarkdown: disclosures', () => {
  it("titles the Markdown inside a <details> by its summary up to '</details>', a summary over code a line of text", () => {
    const source = [
      '## Advanced',
      '',
      '<details><summary>Multiline values</summary><br>',
      '',
      'Private keys may span lines.',
      '',
      '</details>',
      '<details><summary>yarn</summary>',
      '',
      '```sh',
      'yarn add dotenv',
      '```',
      '',
      '</details>',
      '',
      'After the disclosures.',
    ].join('\n');
    expect(sections(source)).toEqual([
      { heading: 'Advanced › Multiline values', paragraphs: ['Private keys may span lines.'] },
      { heading: 'Advanced', paragraphs: ['yarn', '```\nyarn add dotenv\n```', 'After the disclosures.'] },
    ]);
  });
});

describe('parseMarkdown: boxes and tabs', () => {
  it("reads MkDocs' admonitions and content tabs as a label over their text, unindented: prose stays prose, code stays code", () => {
    const source = [
      '# Install',
      '',
      '!!! note "Heads up"',
      '    Keep this in mind.',
      '',
      '    A second paragraph, no code.',
      '',
      '=== "macOS"',
      '',
      '    ```sh',
      '    brew install x',
      '    ```',
      '',
      '??? warning',
      '\tTabbed body.',
      '',
      '    !!! tip ""',
      '        Nested, untitled.',
      '',
      'After the boxes.',
      '',
      '```',
      '!!! note',
      '    shown as written',
      '```',
    ].join('\n');
    expect(paragraphs(source)).toEqual([
      'Heads up:',
      'Keep this in mind.',
      'A second paragraph, no code.',
      'macOS:',
      '```\nbrew install x\n```',
      'Warning:',
      'Tabbed body.',
      'Nested, untitled.',
      'After the boxes.',
      '```\n!!! note\n    shown as written\n```',
    ]);
  });

  it("reads Docusaurus' admonitions and GitHub's alerts as a label over their text, no marker left", () => {
    const source =
      ':::tip Pro tip\nUse the **cache**.\n:::\n\n:::danger[Take care]\nIt deletes.\n:::\n\n:::info\nPlain.\n:::\n\n> [!WARNING]\n> Do not run as root.\n';
    expect(paragraphs(source)).toEqual(['Pro tip:', 'Use the cache.', 'Take care:', 'It deletes.', 'Info:', 'Plain.', 'Warning:\nDo not run as root.']);
  });
});
