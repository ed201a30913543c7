// Release notes name every feature in a line or two: they rank below the page that explains the feature,
// unless the question asks what changed.
import { describe, expect, it } from 'vitest';
import { asksAboutReleases, isReleaseNotes } from '@/lib/search/release-notes';
import { rerank } from '@/lib/search/rerank';
import { withRankSetting } from '../helpers/rank-settings';
import { queryTerms } from '@/lib/text/words';

describe('isReleaseNotes', () => {
  it.each([
    'What’s New in Python 3.5',
    "What's new in 2.0",
    'E.20. Release 15.1',
    'Release History Of SQLite',
    'Changelog',
    'Release notes for v2',
    'SQLite Release 3.40.0 On 2022-11-16',
  ])('%s is release notes', (name) => expect(isReleaseNotes(name)).toBe(true));
  it.each([
    'Generators',
    'git-rebase(1) — Reapply commits on top of another base tip',
    'Releasing a lock',
    'Creating a new table',
    'Profiles for release builds',
  ])('%s is not', (name) => expect(isReleaseNotes(name)).toBe(false));
});

describe('rerank: release notes', () => {
  const page = (document: number, name: string, heading: string, body: string) => ({ name, subject: 'Manual', heading, body, answer: '', document });
  const docs = [
    page(
      1,
      'What’s New in Python 3.3',
      'PEP 380: Syntax for delegating to a subgenerator',
      'A generator function can now delegate part of its work to another generator with yield from: the values the subgenerator yields go straight to the caller of the generator function.',
    ),
    page(
      2,
      'Expressions',
      'Yield expressions',
      'A yield expression is used when defining a generator function and can only be used in the body of a function definition; it suspends the function and hands a value to the caller.',
    ),
  ];
  const idfs: Record<string, number> = { yield: 3, gener: 2, function: 1, work: 1.5, delegate: 3, caller: 2.5, new: 1, chang: 1.5 };
  const termsOf = (question: string) => queryTerms(question).map((t) => ({ stem: t.stem, alternatives: [], idf: idfs[t.stem] ?? 1 }));

  it('puts the page that explains the feature first', () => {
    const question = termsOf('how does yield work in a generator function');
    expect(rerank(question, docs)[0].name).toBe('Expressions');
    withRankSetting('releaseFactor', 1, () => expect(rerank(question, docs)[0].name).toBe('What’s New in Python 3.3'));
  });

  it('keeps release notes at full weight when the question asks what changed', () => {
    expect(asksAboutReleases(termsOf('what changed about yield in generator functions').map((t) => t.stem))).toBe(true);
    expect(asksAboutReleases(termsOf('how does yield work in a generator function').map((t) => t.stem))).toBe(false);
    expect(rerank(termsOf('what is new for generator functions that delegate work with yield'), docs)[0].name).toBe('What’s New in Python 3.3');
  });
});
