// Both databases read words alike: ASCII punctuation separates them, as in
// FTS5 and in the question's own terms. PostgreSQL's parser used to keep
// "os.path.join", "auto_explain.log" or "3.11" as one lexeme, so a question
// naming such an identifier matched none of the passages that write it
// (migration 20261128100000_postgres_words_as_fts5).
import { describe, expect, it } from 'vitest';
import { lexicalIndex } from '@/lib/search/choose-lexical-index';
import { retrieve } from '@/lib/search/retrieve';
import { porterStem } from '@/lib/text/stem';
import { rewritePassages } from '../helpers/passages';
import { createKnowledge, createTenant } from '../helpers/tenant';

describe('words split at punctuation on both databases', () => {
  it('finds a dotted or underscored identifier by its parts, and counts its parts', async () => {
    const t = await createTenant('punctuation');
    const { dataset, content } = await createKnowledge(t, 'Identifiers');
    await rewritePassages(t.organization.id, content.id, [
      'Call os.path.join(head, tail) to build a file name.',
      'A join combines rows from two tables; a path may be long.',
      'Set auto_explain.log_min_duration to log slow plans.',
      'New in version 3.11: exception groups.',
      'Explaining plans takes a minute.',
    ]);
    const first = async (question: string) => (await retrieve(dataset.id, question, { topK: 3, minScore: 0 }))[0]?.body;
    expect(await first('os.path.join')).toBe('Call os.path.join(head, tail) to build a file name.');
    expect(await first('auto_explain log_min_duration')).toBe('Set auto_explain.log_min_duration to log slow plans.');
    expect(await first('what changed in 3.11')).toBe('New in version 3.11: exception groups.');
    const { df } = await lexicalIndex().frequencies(
      dataset.id,
      ['os', 'explain', 'duration'].map((word) => ({ word, stem: porterStem(word) })),
    );
    expect([df.get('os'), df.get(porterStem('explain')), df.get(porterStem('duration'))]).toEqual([1, 2, 1]);
  });
});
