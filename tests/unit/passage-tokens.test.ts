// Tokenised passages kept between questions: reused only while the passage
// is the same text, bounded, and ranking exactly as freshly tokenised ones.
import { describe, expect, it } from 'vitest';
import { forgetAll, keptPassages, passageTokens } from '@/lib/search/passage-tokens';
import { rerank, type RankTerm } from '@/lib/search/rerank';
import { queryTerms } from '@/lib/text/words';

const passage = (id: number, body: string, name = 'Guide') => ({ id, name, subject: 'Manual', heading: 'Setup', body, answer: '' });

describe('passageTokens', () => {
  it('reuses the tokens of an unchanged passage, and tokenises again after a rename or an edit', () => {
    forgetAll();
    const first = passageTokens(passage(1, 'Install the server, then start it.'), 3000);
    expect(passageTokens(passage(1, 'Install the server, then start it.'), 3000)).toBe(first);
    const renamed = passageTokens(passage(1, 'Install the server, then start it.', 'Handbook'), 3000);
    expect(renamed).not.toBe(first);
    const edited = passageTokens(passage(1, 'Install the client, then start it.', 'Handbook'), 3000);
    expect(edited).not.toBe(renamed);
    expect(Array.from(edited.tokens)).not.toEqual(Array.from(renamed.tokens));
    expect(keptPassages()).toBe(1);
  });

  it('keeps at most 10,000 passages, the least recently used going first', () => {
    forgetAll();
    const first = passageTokens(passage(0, 'word zero'), 3000);
    for (let id = 1; id <= 10_000; id++) passageTokens(passage(id, `word ${id}`), 3000);
    expect(keptPassages()).toBe(10_000);
    expect(passageTokens(passage(0, 'word zero'), 3000)).not.toBe(first);
  });

  it('separates fields and leaves stop words out of the content-word sequence', () => {
    forgetAll();
    const t = passageTokens({ name: 'The guide', subject: '', heading: 'Of setup', body: 'Start the server', answer: '' }, 3000);
    expect(Array.from(t.ends)).toEqual([2, 2, 4, 7, 7]);
    // guide | (subject) | setup | start server | (answer): four breaks, stop words gone.
    expect(t.sequence.length).toBe(4 + 4);
  });
});

describe('rerank with kept tokens', () => {
  it('ranks exactly as with freshly tokenised passages, twice in a row', () => {
    forgetAll();
    const docs = [
      passage(11, 'To sort a list in reverse order, pass reverse=True to sorted().', 'Sorting'),
      passage(12, 'Lists can be sorted in place with list.sort(); sorted() returns a new list.', 'Lists'),
      passage(13, 'The order of dictionary keys is the insertion order.', 'Dicts'),
    ].map((d, i) => ({ ...d, document: i }));
    const terms: RankTerm[] = queryTerms('sort a list in reverse order').map((t, i) => ({ stem: t.stem, alternatives: [], idf: 1 + i / 10 }));
    const fresh = rerank(
      terms,
      docs.map(({ id: _id, ...d }) => d),
    );
    const kept = rerank(terms, docs);
    const again = rerank(terms, docs);
    for (const ranked of [kept, again]) {
      expect(ranked.map((d) => d.name)).toEqual(fresh.map((d) => d.name));
      expect(ranked.map((d) => [d.score, d.parts])).toEqual(fresh.map((d) => [d.score, d.parts]));
    }
  });
});
