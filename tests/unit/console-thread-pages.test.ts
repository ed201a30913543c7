// The console's "Load more" threads: which offset comes next and how the
// loaded pages merge.
import { describe, expect, it } from 'vitest';
import { distinctTitles, mergeThreadPages, nextThreadOffset, threadPagePath, type ThreadPage } from '@/components/console/thread-pages';
import type { ConversationItem } from '@/lib/console/conversations';

const thread = (id: string): ConversationItem => ({ id, title: id, renamed: false, origin: 'workspace', created_at: '', updated_at: '', turns: [] });
const page = (ids: string[], total: number | null): ThreadPage => ({ items: ids.map(thread), total });

describe('threadPagePath', () => {
  it('asks for the console threads of one page', () => {
    expect(threadPagePath(40)).toBe('/searcher/v1/conversations?origin=workspace&limit=20&offset=40');
  });
});

describe('nextThreadOffset', () => {
  it.each([
    ['nothing loaded yet', [], 0],
    ['more than loaded, by the total', [page(['a', 'b'], 5)], 2],
    ['two pages of five', [page(['a', 'b'], 5), page(['c', 'd'], 5)], 4],
    ['everything loaded', [page(['a', 'b'], 5), page(['c', 'd'], 5), page(['e'], 5)], undefined],
    ['an empty page ends it even if the total says more (threads deleted meanwhile)', [page(['a', 'b'], 5), page([], 5)], undefined],
    ['no total: a full page may have more', [page(['a', 'b'], null)], 2],
    ['no total: a short page is the last', [page(['a'], null)], undefined],
  ] as const)('%s', (_label, pages, expected) => {
    expect(nextThreadOffset(pages as unknown as ThreadPage[], 2)).toBe(expected);
  });
});

describe('mergeThreadPages', () => {
  it('keeps the order and drops a thread a later page repeats (a new thread shifted the offsets)', () => {
    expect(mergeThreadPages([page(['c', 'b'], 4), page(['b', 'a'], 4)]).map((t) => t.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('distinctTitles', () => {
  const turn = (question: string) => ({ question }) as ConversationItem['turns'][number];
  const t = (id: string, title: string, questions: string[]) => ({ id, title, turns: questions.map(turn) });

  it('keeps a unique name, tells same-named threads apart by their latest question, else by number (oldest is 1)', () => {
    const names = distinctTitles([
      t('n1', 'How do I sort?', ['How do I sort?', 'and in reverse?']),
      t('n2', 'How do I sort?', ['How do I sort?']),
      t('n3', 'How do I sort?', ['How do I sort?']),
      t('u', 'Unique', ['Unique']),
    ]);
    expect(names.get('n1')).toBe('How do I sort? → and in reverse?');
    expect(names.get('n2')).toBe('How do I sort? (2)');
    expect(names.get('n3')).toBe('How do I sort? (1)');
    expect(names.get('u')).toBe('Unique');
  });

  it('puts a search into the page query, encoded, and leaves it out when blank', () => {
    expect(threadPagePath(0, 20, ' 100% sure & ok ')).toBe('/searcher/v1/conversations?origin=workspace&limit=20&offset=0&q=100%25%20sure%20%26%20ok');
    expect(threadPagePath(20, 20, '   ')).toBe('/searcher/v1/conversations?origin=workspace&limit=20&offset=20');
  });
});
