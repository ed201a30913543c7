// AsciiDoc, as git writes its manual pages and Asciidoctor its documents: read for what it shows, through the
// Markdown reader; and Markdown's own definition lists (Pandoc, kramdown, PHP Markdown Extra) as entries.
import { describe, expect, it } from 'vitest';
import { parseText } from '@/lib/ingest/formats/text';
import { parseMarkdown } from '@/lib/ingest/formats/markdown';
import { isAsciiDoc } from '@/lib/ingest/formats/asciidoc';

const outline = (doc: ReturnType<typeof parseText>) =>
  doc.sections.map((s) => ({ heading: s.heading.join(' › '), entry: !!s.entry, paragraphs: s.paragraphs }));

const GIT_PAGE = [
  'git-stash(1)',
  '============',
  '',
  'NAME',
  '----',
  'git-stash - Stash the changes in a dirty working directory away',
  '',
  'OPTIONS',
  '-------',
  '-a::',
  '--all::',
  '\tThis option is only valid for `push`, as in `git stash push <pathspec>`.',
  '+',
  'All ignored files are also stashed. See linkgit:git-clean[1].',
  '',
  'EXAMPLES',
  '--------',
  '',
  'Pulling into a dirty tree::',
  '',
  'When you are in the middle of something:',
  '+',
  '----------------------------------------------------------------',
  '$ git stash',
  '$ git pull',
  '----------------------------------------------------------------',
].join('\n');

describe('parseText: AsciiDoc', () => {
  it("reads git's manual page: two-line titles as sections, terms as entries over their description, listings as code", () => {
    const doc = parseText(GIT_PAGE);
    expect(doc.title).toBe('git-stash(1) — Stash the changes in a dirty working directory away');
    expect(outline(doc)).toEqual([
      { heading: 'git-stash(1) › NAME', entry: false, paragraphs: ['git-stash - Stash the changes in a dirty working directory away'] },
      {
        heading: 'git-stash(1) › OPTIONS › -a, --all',
        entry: true,
        paragraphs: [
          '-a, --all',
          'This option is only valid for push, as in git stash push <pathspec>.',
          'All ignored files are also stashed. See git-clean(1).',
        ],
      },
      {
        heading: 'git-stash(1) › EXAMPLES › Pulling into a dirty tree',
        entry: true,
        paragraphs: ['Pulling into a dirty tree', 'When you are in the middle of something:', '```\n$ git stash\n$ git pull\n```'],
      },
    ]);
  });

  it('reads Asciidoctor: "=" titles, attributes and comments as nothing, block titles, admonitions, lists, tables and links', () => {
    const source = [
      '= Beehive Guide',
      ':toc: left',
      '// a comment',
      '',
      '== Inspections',
      '',
      '[NOTE]',
      'Open hives only when warm.',
      '',
      '====',
      'Example blocks are read as the rest is:',
      '',
      'smoker:: calms the colony',
      '====',
      '',
      '.Inspection intervals',
      '|===',
      '|Season |Interval',
      '',
      '|Spring',
      '|every 7 days',
      '|===',
      '',
      '* check the queen',
      '** look for eggs',
      '',
      'See <<export,the export>> or link:https://example.com/log[the logbook].',
      '',
      '[source,sh]',
      '----',
      'beehive export --since 2024-01-01',
      '----',
    ].join('\n');
    expect(isAsciiDoc(source)).toBe(true);
    const doc = parseText(source);
    expect(doc.title).toBe('Beehive Guide');
    expect(outline(doc)).toEqual([
      {
        heading: 'Beehive Guide › Inspections',
        entry: false,
        paragraphs: ['Note:', 'Open hives only when warm.', 'Example blocks are read as the rest is:'],
      },
      { heading: 'Beehive Guide › Inspections › smoker', entry: true, paragraphs: ['smoker', 'calms the colony'] },
      {
        heading: 'Beehive Guide › Inspections',
        entry: false,
        paragraphs: [
          'Inspection intervals',
          'Season | Interval',
          'Spring | every 7 days',
          '• check the queen\n• look for eggs',
          'See the export or the logbook.',
          '```\nbeehive export --since 2024-01-01\n```',
        ],
      },
    ]);
  });

  it('leaves text that only looks like AsciiDoc once as plain text', () => {
    expect(isAsciiDoc('Ratio 3::1\n\nThe pump stopped.\n')).toBe(false);
    expect(isAsciiDoc('Notes::\nkept as written\n')).toBe(false);
    expect(isAsciiDoc('Intro text.\n\n== Usage\n\nRun it.\n\n== Options\n\nNone.\n')).toBe(true);
  });

  it('reads hostile AsciiDoc in one pass', () => {
    const terms = `= a\n\n${'x'.repeat(100_000)}::${' '.repeat(100_000)}y\n${'t::\n'.repeat(50_000)}`;
    expect(parseText(terms).sections.length).toBeGreaterThan(0);
    const unclosed = `= a\n\n----\n${'x\n'.repeat(100_000)}|===\n${'|a |b\n'.repeat(50_000)}`;
    expect(parseText(unclosed).sections.length).toBeGreaterThan(0);
    const section = `= a\n\n== b${' '.repeat(200_000)}c\n\ntext\n`;
    expect(parseText(section).sections.length).toBeGreaterThan(0);
    const macros = `= a\n\n${'link:x['.repeat(50_000)}\n${'<<a,'.repeat(50_000)}\n`;
    expect(parseText(macros).sections.length).toBeGreaterThan(0);
  });
});

describe('parseMarkdown: definition lists', () => {
  it('reads "term" then ": definition" as an entry over its definition, several terms joined, up to a paragraph at the margin', () => {
    const doc = parseMarkdown(
      '## Options\n\n-a\n--all\n: Stash every file.\n\n--quiet\n: Say nothing.\n\n    Said twice, indented: the same definition.\n\nAfter the list, the section again.\n',
    );
    expect(outline(doc)).toEqual([
      { heading: 'Options › -a, --all', entry: true, paragraphs: ['-a, --all', 'Stash every file.'] },
      { heading: 'Options › --quiet', entry: true, paragraphs: ['--quiet', 'Say nothing.', 'Said twice, indented: the same definition.'] },
      { heading: 'Options', entry: false, paragraphs: ['After the list, the section again.'] },
    ]);
  });
});
