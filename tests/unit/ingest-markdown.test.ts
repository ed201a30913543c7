// Markdown: inline HTML never runs two words together, and a table keeps its rows.
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '@/lib/ingest/formats/markdown';

const paragraphs = (source: string) => parseMarkdown(source).sections.flatMap((s) => s.paragraphs);

describe('parseMarkdown', () => {
  it('parts the words a line break or a block tag separates, and drops inline tags', () => {
    expect(paragraphs('# Limits\n\nUp to 50 files<br>per upload, <b>each</b> under 20 MB.<div>Larger files are refused.</div>\n')).toEqual([
      'Up to 50 files per upload, each under 20 MB. Larger files are refused.',
    ]);
  });

  it('leaves out what a renderer never shows: HTML comments, on one line or several, and link reference definitions', () => {
    const source = [
      '# Path',
      '',
      '## `path.extname(path)`',
      '',
      '<!-- YAML',
      'added: v0.1.25',
      'changes:',
      '  - pr-url: https://github.com/nodejs/node/pull/5348',
      '-->',
      '',
      'The `path.extname()` method returns the extension <!-- a note --> of the [`path`][].',
      '',
      '```js',
      '<!-- kept: code is shown as written -->',
      "path.extname('index.html');",
      '```',
      '',
      '[`path`]: #path',
      '[MSDN-Rel-Path]: https://docs.microsoft.com/en-us/windows "Paths"',
    ].join('\n');
    expect(paragraphs(source)).toEqual([
      'The path.extname() method returns the extension of the path.',
      "```\n<!-- kept: code is shown as written -->\npath.extname('index.html');\n```",
    ]);
    // A comment never closed hides the rest, as it does in a browser; a definition inside a paragraph is text.
    expect(paragraphs('# A\n\nshown\n\n<!-- never closed\n\nhidden')).toEqual(['shown']);
    expect(paragraphs('# A\n\nSee the table\n[x]: y')).toEqual(['See the table [x]: y']);
  });

  it('reads a wrapped paragraph as one text, and keeps list items, rows, hard breaks and indented code on lines of their own', () => {
    const source = [
      '# Streams',
      '',
      'Therefore to read a whole file from a readable, it is necessary',
      'to collect chunks across several [`readable`',
      'events](#event-readable):',
      '',
      'Steps:',
      '- open the file',
      '  and read it',
      '- close it',
      '',
      'first line  ',
      'second line',
      '',
      '    const a = 1;',
      '    const b = 2;',
    ].join('\n');
    expect(paragraphs(source)).toEqual([
      'Therefore to read a whole file from a readable, it is necessary to collect chunks across several readable events:',
      'Steps:\n• open the file and read it\n• close it',
      'first line\nsecond line',
      '```\nconst a = 1;\nconst b = 2;\n```',
    ]);
  });

  it('reads a block indented four spaces as code, blank lines inside it kept, but not one that continues a list item', () => {
    const source = [
      '# Install',
      '',
      'Run:',
      '',
      '    npm install',
      '',
      '    npm test',
      '',
      'Then:',
      '',
      '- build it',
      '',
      '    with care, as the item says',
      '',
    ].join('\n');
    expect(paragraphs(source)).toEqual(['Run:', '```\nnpm install\n\nnpm test\n```', 'Then:', '• build it', 'with care, as the item says']);
    expect(paragraphs('# A\n\n\tindented with a tab\n')).toEqual(['```\nindented with a tab\n```']);
  });

  it('shows code spans as written, and a list item keeps its bullet whatever its code holds', () => {
    const source = [
      '# Functions',
      '',
      'Use `*args` and `**kwargs`, or the `<details>` element; *emphasis* and **bold** go.',
      '',
      '* `maxBuffer` {number} **Default:** `1024 * 1024`.',
      '* `killSignal` {string}',
    ].join('\n');
    expect(paragraphs(source)).toEqual([
      'Use *args and **kwargs, or the <details> element; emphasis and bold go.',
      '• maxBuffer {number} Default: 1024 * 1024.\n• killSignal {string}',
    ]);
  });

  it('reads a pipe table as one paragraph a row, its cells set apart as in HTML tables, the delimiter row left out', () => {
    expect(paragraphs('# Ops\n\n| Operator | Example |\n|---|:--:|\n| % | `a % b` |\n| \\| | a \\| b |\n\nAfter.\n')).toEqual([
      'Operator | Example',
      '% | a % b',
      '| | a | b',
      'After.',
    ]);
    // An empty cell stays a cell, so the ones after it keep their column; a table needs a delimiter row of its width.
    expect(paragraphs('|   | Default |\n|---|---|\n| CMD | none |\n')).toEqual(['— | Default', 'CMD | none']);
    expect(paragraphs('a | b\n---\n\nbody\n')).toEqual(['body']);
    expect(parseMarkdown('a | b\n---\n\nbody\n').sections[0].heading).toEqual(['a | b']);
  });

  it('shows nothing of kramdown attribute lists: a line of its own, after text, or a heading id', () => {
    const source = '# Usage {#usage}\n\nDo not use / as the context.\n{:.warning}\n\nNote {: .note :}\n\n{: .tip}\n## Next {: #next .x}\n\nbody\n';
    expect(parseMarkdown(source).title).toBe('Usage');
    expect(parseMarkdown(source).sections.map((s) => s.heading)).toEqual([['Usage'], ['Usage', 'Next']]);
    expect(paragraphs(source)).toEqual(['Do not use / as the context.', 'Note', 'body']);
  });
});

describe('parseMarkdown: front matter', () => {
  it("names a page without a '#' heading by its front matter's title, YAML or TOML, and shows none of the block", () => {
    const yaml =
      '---\ntitle: "plugin push"\ndescription: "the plugin push command description and usage"\n---\n\n## Description\n\nShare a plugin you created.\n';
    expect(parseMarkdown(yaml).title).toBe('plugin push');
    expect(paragraphs(yaml)).toEqual(['Share a plugin you created.']);
    const toml = "+++\ntitle = 'Install on Linux'\nweight = 3\n+++\n## Steps\n\nRun the script.\n";
    expect(parseMarkdown(toml).title).toBe('Install on Linux');
    expect(paragraphs(toml)).toEqual(['Run the script.']);
  });

  it("prefers the page's first '#' heading, and reads a page without front matter as before", () => {
    expect(parseMarkdown('---\nkeywords: "network, connect"\n---\n# network connect\n\nConnect a container.\n').title).toBe('network connect');
    expect(parseMarkdown('---\ntitle: Orchard notes\n---\n# Orchard Care\n\nPrune in late winter.\n').title).toBe('Orchard Care');
    // Nor a title nor a `#` heading: the heading the page opens with, whatever its level, names it.
    expect(parseMarkdown('### Work with a container\n\nIn this section …\n\n## Task 1\n\nRemove images.\n').title).toBe('Work with a container');
    expect(parseMarkdown('Some text first.\n\n## Task 1\n\nRemove images.\n').title).toBeNull();
    const rule = 'Intro\n\n---\n\nMore text after a thematic break.\n';
    expect(parseMarkdown(rule).title).toBeNull();
    expect(paragraphs(rule)).toEqual(['Intro', 'More text after a thematic break.']);
  });
});

describe('parseMarkdown: Liquid on a Jekyll page', () => {
  const page = (body: string) => `---\ntitle: "logs"\n---\n\n## Format\n\n${body}`;

  it('shows none of its raw tags, on lines of their own or inside one, in code or prose', () => {
    const fenced = "```console\n{% raw %}\n$ docker ps --format '{{.ID}} {{.Names}}'\n{% endraw %}\n```\n";
    expect(paragraphs(page(fenced))).toEqual(["```\n$ docker ps --format '{{.ID}} {{.Names}}'\n```"]);
    expect(paragraphs(page('```\n{% raw %}{{ log stream }}{% endraw %}\n```\n'))).toEqual(['```\n{{ log stream }}\n```']);
    expect(paragraphs(page('Use {%- raw -%}{{.ID}}{%- endraw -%} for the id.\n'))).toEqual(['Use {{.ID}} for the id.']);
  });

  it('leaves them in a page without YAML front matter: there they are text (a Jinja template shown as an example)', () => {
    expect(paragraphs('## Escaping\n\nWrite {% raw %} to show tags as they are.\n')).toEqual(['Write {% raw %} to show tags as they are.']);
  });
});

describe('parseMarkdown on hostile text', () => {
  // Each of these made a pattern retry at every opening: minutes for a file of a few hundred kilobytes.
  it.each([
    ['tags never closed', `x ${'<p '.repeat(200_000)}\n`],
    ['an HTML block of tags never closed', `# a\n\nbody\n\n${'<p '.repeat(200_000)}\n`],
    ['a table never closed', `# a\n\n${'<table><tr><td>x\n\n'.repeat(20_000)}`],
    ['code whose line holds a long run of spaces before a word', `# a\n\n    x${' '.repeat(200_000)}x\n`],
    ['a wrapped line holding a long run of spaces before a word', `# a\n\nx${' '.repeat(200_000)}x\nnext line\n`],
    [
      'box markers followed by spaces',
      `# a\n\n!!! note${' '.repeat(200_000)}x\n:::tip${' '.repeat(200_000)}x${' '.repeat(200_000)}\n=== "${' '.repeat(200_000)}\n`,
    ],
    ['boxes nested deep', `# a\n\n${Array.from({ length: 1_000 }, (_, k) => `${' '.repeat(4 * k)}!!! note`).join('\n')}\n`],
    ['badges never closed', `# a\n\n${'[![a](x '.repeat(100_000)}\n${'[![a][b] '.repeat(100_000)}\n`],
    ['code span runs never closed', `# a\n\n${'``a`b'.repeat(60_000)}\n${'`'.repeat(100_000)}x\n`],
    ['quoted fences never closed', `# a\n\n> \`\`\`\n${'> x\n'.repeat(100_000)}`],
    ['summaries never closed', `# a\n\nbody\n\n${'<details><summary>x '.repeat(100_000)}\n`],
    ['one-line HTML blocks, many', `# a\n\n${'<div>x</div>\n\n'.repeat(20_000)}`],
    ['links never closed', `${'[a]( '.repeat(200_000)}\n`],
    ['images never closed', `${'![a]( '.repeat(200_000)}\n`],
    ['a heading of spaces', `# a${' '.repeat(200_000)}x\n\nbody`],
    ['comments opened on every line', `# a\n\n${'<!-- <!-- x -->\n'.repeat(50_000)}body`],
    ['code spans never closed', `# a\n\n${'`a *b '.repeat(100_000)}\n`],
    ['a link label never closed', `# a\n\n[${'a '.repeat(200_000)}\n`],
    ['a link definition whose title never closes', `# a\n\n[a]: x "${' y'.repeat(200_000)}\n`],
    ['indented code broken by blank lines', `# a\n\n${'    x\n\n\n'.repeat(50_000)}`],
    ['a table row of spaces over a delimiter row', `# a\n\n|${' '.repeat(200_000)}x\n|${' '.repeat(200_000)}-\n`],
    ['a delimiter row of spaces', `# a\n\na | b\n|-${' '.repeat(200_000)}x\n`],
    ['attribute lists never closed', `# a\n\n${'{: '.repeat(100_000)}\n`],
    ['a heading of spaces before an id', `# a${' '.repeat(200_000)}{#x${' '.repeat(200_000)}\n\nbody`],
    ['a heading id never closed', `# a {#${'x'.repeat(200_000)}\n\nbody`],
  ])('reads %s in one pass', (_, source) => {
    expect(parseMarkdown(source).sections.length).toBeGreaterThan(0);
  });

  it('still strips what it strips: links with parentheses in their address, closing hashes', () => {
    expect(paragraphs('# Wiki\n\nSee [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) and ![logo](a.png).\n')).toEqual(['See Foo and logo.']);
    expect(parseMarkdown('## Title ##\n\nbody').sections[0].heading).toEqual(['Title']);
    expect(parseMarkdown('# C# language\n\nbody').sections[0].heading).toEqual(['C# language']);
  });
});

describe('parseMarkdown: MDX', () => {
  it('leaves out module statements and JSX comments, keeps the text inside components', () => {
    const source = [
      "import Tabs from '@theme/Tabs';",
      "import { Callout } from 'nextra/components'",
      '',
      'export const meta = {',
      "  title: 'Pumps',",
      '}',
      '',
      '# Pumps',
      '',
      '{/* not shown */}Check the pump every morning.',
      '',
      '<Callout type="warning">Never run it dry.</Callout>',
      '',
      'Import the module before use.',
    ].join('\n');
    const document = parseMarkdown(source);
    expect(document.title).toBe('Pumps');
    expect(document.sections.flatMap((s) => s.paragraphs)).toEqual(['Check the pump every morning.', 'Never run it dry.', 'Import the module before use.']);
  });

  it('reads a line of "import" and 200,000 spaces at once', () => {
    const started = performance.now();
    expect(parseMarkdown(`import${' '.repeat(200_000)}x`).sections.flatMap((s) => s.paragraphs)).toEqual(['import x']);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
