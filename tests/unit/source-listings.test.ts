// A generated listing of a module's source holds every identifier of the module: it ranks below the guide that
// explains them, unless the question asks for the source.
import { describe, expect, it } from 'vitest';
import { asksForSource, isSourceListing } from '@/lib/search/source-listings';
import { rerank } from '@/lib/search/rerank';
import { withRankSetting } from '../helpers/rank-settings';
import { queryTerms } from '@/lib/text/words';

describe('isSourceListing', () => {
  it.each(['Source code for django.db.models.query', 'source code for requests.sessions'])('%s is a source listing', (name) =>
    expect(isSourceListing(name)).toBe(true),
  );
  it.each(['Making queries', 'Getting the source code', 'Code of Conduct', 'Writing your first patch: source code layout'])('%s is not', (name) =>
    expect(isSourceListing(name)).toBe(false),
  );
});

describe('rerank: source listings', () => {
  const page = (document: number, name: string, heading: string, body: string) => ({ name, subject: 'Docs', heading, body, answer: '', document });
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
  const termsOf = (question: string) => queryTerms(question).map((t) => ({ stem: t.stem, alternatives: [], idf: idfs[t.stem] ?? 1 }));

  it('puts the guide first', () => {
    const question = termsOf('filter a queryset by a field of a related model');
    expect(rerank(question, docs)[0].name).toBe('Making queries');
    withRankSetting('sourceFactor', 1, () => expect(rerank(question, docs)[0].name).toBe('Source code for django.db.models.query'));
  });

  it('keeps the listing at full weight when the question asks for the source', () => {
    expect(asksForSource(termsOf('where is queryset filter implemented').map((t) => t.stem))).toBe(true);
    expect(asksForSource(termsOf('filter a queryset by a field of a related model').map((t) => t.stem))).toBe(false);
    expect(rerank(termsOf('source of the queryset filter for related model fields'), docs)[0].name).toBe('Source code for django.db.models.query');
  });
});
