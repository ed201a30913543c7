// The console's "Load more" threads: which offset comes next and how the
// loaded pages merge.
import { describe, expect, it } from 'vitest';
import { mergeThreadPages, nextThreadOffset, threadPagePath, type ThreadPage } from '@/components/console/thread-pages';
import type { ConversationItem } from '@/lib/console/conversations';

const thread = (id: string): ConversationItem => ({ id, title: id, origin: 'workspace', created_at: '', updated_at: '', turns: [] });
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
