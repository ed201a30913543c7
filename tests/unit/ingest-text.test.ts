// Plain text: blank lines part paragraphs, a paragraph's wrapped lines are joined; underlined lines are headings;
// a reStructuredText file's directives and inline markup are read for what a reader sees; hostile spacing and
// nesting are read in bounded time.
import { describe, expect, it } from 'vitest';
import { parseText } from '@/lib/ingest/formats/text';

const paragraphs = (source: string) => parseText(source).sections.flatMap((s) => s.paragraphs);
const outline = (source: string) => parseText(source).sections.map((s) => ({ heading: s.heading.join(' › '), paragraphs: s.paragraphs }));

describe('parseText', () => {
  it('joins the wrapped lines of a paragraph with single spaces, and parts paragraphs at blank lines', () => {
    expect(paragraphs('Pumps are checked\n   every morning.  \r\n\r\n  Valves weekly.\n')).toEqual(['Pumps are checked every morning.', 'Valves weekly.']);
  });

  it('reads a line of 500,000 spaces in one pass (a pattern around line breaks was retried at every space)', () => {
    expect(paragraphs(`a${' '.repeat(500_000)}x\n\nmore`)).toEqual(['a x', 'more']);
  });

  it('reads underlined lines as headings, each mark a level in the order the file first uses it; the first is the title', () => {
    const source = [
      '==========',
      'Pump guide',
      '==========',
      '',
      'Read this first.',
      '',
      'Checking',
      '--------',
      '',
      'Every morning.',
      '',
      'Valves',
      '~~~~~~',
      '',
      'Weekly.',
      '',
      'Storage',
      '-------',
      '',
      'Dry and cool.',
    ].join('\n');
    expect(parseText(source).title).toBe('Pump guide');
    expect(outline(source)).toEqual([
      { heading: 'Pump guide', paragraphs: ['Read this first.'] },
      { heading: 'Pump guide › Checking', paragraphs: ['Every morning.'] },
      { heading: 'Pump guide › Checking › Valves', paragraphs: ['Weekly.'] },
      { heading: 'Pump guide › Storage', paragraphs: ['Dry and cool.'] },
    ]);
  });

  it('reads a text manual: capitals standing alone are sections, indented text is theirs, the rule under a long paragraph is no heading', () => {
    const source = 'NAME\n       pumpctl - control the pumps\n\nSEE ALSO\n       valvectl(1)\n\nA first line\nand a second\n-------------\nlast';
    expect(parseText(source).title).toBeNull();
    expect(outline(source)).toEqual([
      { heading: 'NAME', paragraphs: ['pumpctl - control the pumps'] },
      { heading: 'SEE ALSO', paragraphs: ['valvectl(1)', 'A first line and a second', 'last'] },
    ]);
  });

  it('reads text that is not reStructuredText as it is written: its ".." lines, "::" and markup-like characters kept', () => {
    expect(paragraphs('.. and then the pump stopped.\n\nRatio 3::1\n\nModels stop at <|endoftext|> and *here*.')).toEqual([
      '.. and then the pump stopped.',
      'Ratio 3::1',
      'Models stop at <|endoftext|> and *here*.',
    ]);
  });

  it('keeps list items and fields on lines of their own, an unordered item marked as the Markdown parser marks it', () => {
    expect(
      paragraphs('Steps:\n\n1. Open the valve\n   slowly.\n2. Start the pump.\n\n- red\n* blue\n\n:param rate: litres a minute\n:returns: the pressure'),
    ).toEqual(['Steps:', '1. Open the valve slowly.\n2. Start the pump.', '• red\n• blue', ':param rate: litres a minute\n:returns: the pressure']);
  });

  it('reads a table drawn with rules a row to a paragraph, its cells set apart', () => {
    expect(
      paragraphs('=====  ========\nPump   Pressure\n=====  ========\nP1     2 bar\nP2     3 bar\n=====  ========\n\n+----+----+\n| a  | b  |\n+----+----+'),
    ).toEqual(['Pump | Pressure', 'P1 | 2 bar', 'P2 | 3 bar', 'a | b']);
  });
});

describe('parseText: reStructuredText', () => {
  const osPath = [
    ':mod:`os.path` --- Common pathname manipulations',
    '================================================',
    '',
    '.. module:: os.path',
    '   :synopsis: Operations on pathnames.',
    '',
    '.. index:: single: path; operations',
    '',
    '.. _path-intro:',
    '',
    'This module implements functions on pathnames; see :func:`open` and the',
    ':ref:`file tutorial <tut-files>`. Use :meth:`~pathlib.Path.joinpath` for objects.',
    '',
    '.. note::',
    '',
    '   All of these functions accept bytes or strings.',
    '',
    '.. function:: join(path, *paths)',
    '',
    '   Join one or more path segments **intelligently**. For example::',
    '',
    '      >>> join("a", "b")',
    "      'a/b'",
    '',
    '   .. versionchanged:: 3.6 Accepts a path-like object.',
    '',
    '.. toctree::',
    '   :maxdepth: 2',
    '',
    '   other',
    '',
    '.. This is a comment that no reader sees.',
    '   Nor this line.',
    '',
    'Some more text after the entry.',
  ].join('\n');

  it('names the page by its title and reads roles, links and emphasis as the text Sphinx shows', () => {
    const document = parseText(osPath);
    expect(document.title).toBe('os.path — Common pathname manipulations');
    expect(document.sections[0].paragraphs).toEqual([
      'This module implements functions on pathnames; see open and the file tutorial. Use joinpath for objects.',
      'Note:',
      'All of these functions accept bytes or strings.',
    ]);
  });

  it('makes a function an entry named with its module, its example code, the text after it back in the section, and nothing of an index, a table of contents or a comment', () => {
    const sections = outline(osPath);
    expect(sections[1]).toEqual({
      heading: 'os.path — Common pathname manipulations › os.path.join(path, *paths)',
      paragraphs: [
        'os.path.join(path, *paths)',
        'Join one or more path segments intelligently. For example:',
        '```\n>>> join("a", "b")\n\'a/b\'\n```',
        'Changed in version 3.6:',
        'Accepts a path-like object.',
      ],
    });
    expect(sections[2]).toEqual({ heading: 'os.path — Common pathname manipulations', paragraphs: ['Some more text after the entry.'] });
    expect(sections).toHaveLength(3);
    const text = JSON.stringify(sections);
    for (const hidden of ['synopsis', 'operations', 'maxdepth', 'other', 'comment', 'path-intro']) expect(text).not.toContain(hidden);
  });

  it('reads a code directive as code, options left out, and a definition list as terms and their text', () => {
    const source = [
      'add_test',
      '--------',
      '',
      '.. code-block:: cmake',
      '   :caption: signature',
      '',
      '  add_test(NAME <name>',
      '           COMMAND <command>)',
      '',
      'The options are:',
      '',
      '``COMMAND``',
      '  Specify the test command-line.',
      '',
      '  .. versionadded:: 3.16',
    ].join('\n');
    expect(paragraphs(source)).toEqual([
      '```\nadd_test(NAME <name>\n         COMMAND <command>)\n```',
      'The options are:',
      'COMMAND',
      'Specify the test command-line.',
      'New in version 3.16.',
    ]);
  });

  it("joins a signature continued after a backslash, names options without the module, and reads a document's path as its name", () => {
    const source = [
      '.. module:: subprocess',
      '',
      '.. function:: run(args, *, stdin=None, \\',
      '                 check=False)',
      '',
      '   Run the command. See :doc:`/library/shlex` and :doc:`python:library/pdb`.',
      '',
      '.. cmdoption:: --check',
      '',
      '   Fail on a non-zero exit.',
    ].join('\n');
    expect(outline(source)).toEqual([
      {
        heading: 'subprocess.run(args, *, stdin=None, check=False)',
        paragraphs: ['subprocess.run(args, *, stdin=None, check=False)', 'Run the command. See shlex and pdb.'],
      },
      { heading: '--check', paragraphs: ['--check', 'Fail on a non-zero exit.'] },
    ]);
  });

  it('names what autodoc documents (its description is in the code, not the source), and reads a file of headings and markup only as it is written', () => {
    expect(outline('Warnings\n========\n\n.. autoclass:: pytest.PytestUnknownMarkWarning\n   :show-inheritance:\n')).toEqual([
      { heading: 'Warnings › pytest.PytestUnknownMarkWarning', paragraphs: ['pytest.PytestUnknownMarkWarning'] },
    ]);
    expect(paragraphs('.. describe::\n\n   What a nameless entry says.\n')).toEqual(['What a nameless entry says.']);
    const includer = 'find_file\n---------\n\n.. include:: FIND_XXX.txt\n';
    expect(parseText(includer).title).toBe('find_file');
    expect(paragraphs(includer)).toEqual(['find_file ---------', '.. include:: FIND_XXX.txt']);
  });

  it('shows "Example::" as "Example:", and neither a lone "::" nor one after a space; their indented blocks are code', () => {
    expect(paragraphs('.. highlight:: python\n\nExample::\n\n   a = 1\n\nThe code ::\n\n   b = 2\n\n::\n\n   c = 3')).toEqual([
      'Example:',
      '```\na = 1\n```',
      'The code',
      '```\nb = 2\n```',
      '```\nc = 3\n```',
    ]);
  });

  it('reads long runs of spaces before a literal mark, in a hyperlink and in a role at once', () => {
    const spaces = ' '.repeat(200_000);
    const started = performance.now();
    expect(paragraphs(`.. note::\n\n   a${spaces}b::\n\n\`${spaces}x and :ref:\`${spaces}<t>\``)).toEqual(['Note:', 'a b:', '` x and <t>']);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('reads a file nested 3,000 levels deep and 20,000 comment openers in bounded time', () => {
    const nested = `.. note::\n\n${Array.from({ length: 3_000 }, (_, i) => `${' '.repeat(i + 1)}level ${i}`).join('\n')}`;
    const started = performance.now();
    const text = paragraphs(nested).join(' ');
    expect(text).toContain('level 0');
    expect(text).toContain('level 2999');
    const comments = paragraphs(`${'.. \n'.repeat(20_000)}\nafter\n\n${':a:`'.repeat(20_000)}`);
    expect(comments[0]).toBe('after');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
