// Kinds of page told by their name (page-kinds.ts): release notes name every feature in a line or two, a
// generated source listing holds every identifier of its module. Both rank below the page that explains, unless
// the question asks what changed or for the source.
import { describe, expect, it } from 'vitest';
import { asksAbout, isPageOf, RELEASE_NOTES, SOURCE_LISTING } from '@/lib/search/page-kinds';
import { rerank } from '@/lib/search/rerank';
import { withRankSetting } from '../helpers/rank-settings';
import { queryTerms } from '@/lib/text/words';

const page = (document: number, name: string, heading: string, body: string) => ({ name, subject: 'Manual', heading, body, answer: '', document });
/** The question's terms, each with the IDF a fixture gives its stem (1 when it gives none). */
const termsWith = (idfs: Record<string, number>) => (question: string) =>
  queryTerms(question).map((t) => ({ stem: t.stem, alternatives: [], idf: idfs[t.stem] ?? 1 }));

describe('release notes are told by their name', () => {
  it.each([
    'What’s New in Python 3.5',
    "What's new in 2.0",
    'E.20. Release 15.1',
    'Release History Of SQLite',
    'Changelog',
    'Release notes for v2',
    'SQLite Release 3.40.0 On 2022-11-16',
    'pytest-7.1.0',
    'pytest-7.0.0rc1',
    'py.test 2.0.1: bug fixes',
  ])('%s is release notes', (name) => expect(isPageOf(RELEASE_NOTES, name)).toBe(true));
  it.each([
    'Generators',
    'git-rebase(1) — Reapply commits on top of another base tip',
    'Releasing a lock',
    'Creating a new table',
    'Profiles for release builds',
    'Python 3.11.2 documentation',
    'Download Python 3.11.2 Documentation',
    'HTTP/2 guide',
  ])('%s is not', (name) => expect(isPageOf(RELEASE_NOTES, name)).toBe(false));
});

describe('rerank: release notes', () => {
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
  const termsOf = termsWith(idfs);

  it('puts the page that explains the feature first', () => {
    const question = termsOf('how does yield work in a generator function');
    expect(rerank(question, docs)[0].name).toBe('Expressions');
    withRankSetting('releaseFactor', 1, () => expect(rerank(question, docs)[0].name).toBe('What’s New in Python 3.3'));
  });

  it('keeps release notes at full weight when the question asks what changed', () => {
    expect(
      asksAbout(
        RELEASE_NOTES,
        termsOf('what changed about yield in generator functions').map((t) => t.stem),
      ),
    ).toBe(true);
    expect(
      asksAbout(
        RELEASE_NOTES,
        termsOf('how does yield work in a generator function').map((t) => t.stem),
      ),
    ).toBe(false);
    expect(rerank(termsOf('what is new for generator functions that delegate work with yield'), docs)[0].name).toBe('What’s New in Python 3.3');
  });
});

describe('source listings are told by their name', () => {
  it.each(['Source code for django.db.models.query', 'source code for requests.sessions'])('%s is a source listing', (name) =>
    expect(isPageOf(SOURCE_LISTING, name)).toBe(true),
  );
  it.each(['Making queries', 'Getting the source code', 'Code of Conduct', 'Writing your first patch: source code layout'])('%s is not', (name) =>
    expect(isPageOf(SOURCE_LISTING, name)).toBe(false),
  );
});

describe('rerank: source listings', () => {
  const docs = [
    page(
      1,
      'Source code for django.db.models.query',
      'Source code for django.db.models.query',
      'class QuerySet: def filter(self, field, related_model): """Filter a queryset by a field of a related model.""" queryset = self.related_model_queryset(related_model) return queryset.filter_field(field) # filter the queryset on the related model field',
    ),
    page(
      2,
      'Making queries',
      'Lookups that span relationships',
      'To filter a queryset by a field of a related model, use the field names of related fields across models, separated by double underscores, until you get to the field you want.',
    ),
  ];
  const idfs: Record<string, number> = { filter: 2, queryset: 2.5, field: 1, relat: 2, model: 1, sourc: 3, implement: 3 };
  const termsOf = termsWith(idfs);

  it('puts the guide first', () => {
    const question = termsOf('filter a queryset by a field of a related model');
    expect(rerank(question, docs)[0].name).toBe('Making queries');
    withRankSetting('sourceFactor', 1, () => expect(rerank(question, docs)[0].name).toBe('Source code for django.db.models.query'));
  });

  it('keeps the listing at full weight when the question asks for the source', () => {
    expect(
      asksAbout(
        SOURCE_LISTING,
        termsOf('where is queryset filter implemented').map((t) => t.stem),
      ),
    ).toBe(true);
    expect(
      asksAbout(
        SOURCE_LISTING,
        termsOf('filter a queryset by a field of a related model').map((t) => t.stem),
      ),
    ).toBe(false);
    expect(rerank(termsOf('source of the queryset filter for related model fields'), docs)[0].name).toBe('Source code for django.db.models.query');
  });
});
