// What a question's words are (lib/text/words.ts queryTerms): a phrasal verb is the verb it means, and a letter
// written as a command-line option is a word; and where sentences end.
import { describe, expect, it } from 'vitest';
import { queryTerms, queryWordSequence, sentences } from '@/lib/text/words';
import { compoundsOf } from '@/lib/search/retrieve';
import { composeExtractive } from '@/lib/generation/extractive';
import { answerInput, passageOf } from '../helpers/answer-input';

const wordsOf = (question: string) => queryTerms(question, 12, { keywords: true }).map((t) => (t.keyword ? `${t.word}!` : t.word));

describe('queryTerms: phrasal verbs', () => {
  it.each([
    ['turn off a plugin for one run', ['disable', 'plugin', 'run']],
    ['turning off synchronous_commit vs turning off fsync', ['disable', 'synchronous', 'commit', 'fsync']],
    ['how do I switch on the query log', ['enable', 'query', 'log']],
    ['shut off autovacuum for a table', ['disable', 'autovacuum', 'table']],
    ['get rid of duplicate rows', ['remove', 'duplicate', 'rows']],
  ])('%s', (question, expected) => expect(wordsOf(question)).toEqual(expected));

  it('remembers the verb as written, a paraphrase of the term in the re-ranking', () => {
    expect(queryTerms('turning off fsync')[0]).toEqual({ word: 'disable', stem: 'disabl', written: 'turning' });
  });

  it('keeps the words as written when asked to (the answer composer counts both)', () => {
    expect(queryTerms('turn off fsync', 12, { asWritten: true }).map((t) => t.word)).toEqual(['turn', 'fsync']);
    const text = [
      'fsync is safe to leave on and can only be set in the postgresql.conf file.',
      'Turning off fsync is safe only when the whole database can be recreated from elsewhere.',
    ].join('\n\n');
    const answer = composeExtractive(answerInput('is it safe to turn off fsync?', [passageOf(1, 'fsync', text)]));
    expect(answer).toMatch(/^Turning off fsync is safe/);
  });

  it('leaves the verb alone without its particle, or with another word after it', () => {
    expect(wordsOf('turn the list into a set')).toEqual(['turn', 'list', 'set']);
    expect(wordsOf('when is it my turn')).toEqual(['turn']);
    expect(wordsOf('get the rid field')).toEqual(['rid', 'field']);
  });
});

describe('queryTerms: command-line options', () => {
  it('keeps a letter written as an option, and a stop word so written as a keyword', () => {
    expect(wordsOf('difference between running pytest and python -m pytest')).toEqual(['difference', 'running', 'pytest', 'python', 'm']);
    expect(wordsOf('does running python with -O strip out assert statements')).toEqual(['running', 'python', 'o', 'strip', 'assert', 'statements']);
    expect(wordsOf('what does ls -a show')).toEqual(['ls', 'a!']);
  });

  it('does not take a letter inside a word or a hyphenated word for an option', () => {
    expect(wordsOf('what is x-ray mode')).toEqual(['ray', 'mode']);
    expect(wordsOf('a b c')).toEqual(['a', 'b', 'c']);
    expect(wordsOf('python-m is not a module')).toEqual(['python', 'module']);
  });
});

describe('queryWordSequence: the words side by side', () => {
  const question = 'does the order of columns matter in a multi-column index';

  it('keeps the order and the repeats that the distinct terms lose', () => {
    expect(queryTerms(question).map((t) => t.stem)).toEqual(['order', 'column', 'matter', 'multi', 'index']);
    expect(queryWordSequence(question)).toEqual(['order', 'column', 'matter', 'multi', 'column', 'index']);
  });

  it('gives compoundsOf the neighbours the question writes (multi + column), beside those of the distinct terms', () => {
    const terms = queryTerms(question);
    const joined = (sequence: string[]) => compoundsOf(terms, [], sequence).map((c) => c.word.stem);
    expect(joined([])).not.toContain('multicolumn');
    expect(joined(queryWordSequence(question))).toContain('multicolumn');
    expect(joined(queryWordSequence(question)).filter((stem) => stem === 'multicolumn')).toHaveLength(1);
  });
});

describe('sentences', () => {
  it('splits after a full stop before a capital, a digit, a quote or a bracket', () => {
    expect(sentences('Ends here. Another one. 3 more. "Quoted" text. (Aside.)')).toEqual([
      'Ends here.',
      'Another one.',
      '3 more.',
      '"Quoted" text.',
      '(Aside.)',
    ]);
  });

  it('does not split after an abbreviation inside a sentence', () => {
    expect(sentences('Both would see order as an empty list (i.e. [1] was never appended). Then it fails.')).toEqual([
      'Both would see order as an empty list (i.e. [1] was never appended).',
      'Then it fails.',
    ]);
    expect(sentences('Use a tool, e.g. Valgrind, to find it. See Fig. 3 for the layout. PostgreSQL vs. MySQL differs.')).toEqual([
      'Use a tool, e.g. Valgrind, to find it.',
      'See Fig. 3 for the layout.',
      'PostgreSQL vs. MySQL differs.',
    ]);
  });
});
