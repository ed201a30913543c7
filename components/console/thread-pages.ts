// Paging of the console's thread list ("Load more"): pure, so the unit tests
// pin it. Pages are fetched by offset; a thread created meanwhile shifts the
// later pages, so the merge drops any thread already listed.
import type { ConversationItem } from '@/lib/console/conversations';

export const THREAD_PAGE_SIZE = 20;

export type ThreadPage = { items: ConversationItem[]; total: number | null };

/** The query of the page starting at `offset`; `search` keeps threads whose name or a question holds it. */
export function threadPagePath(offset: number, limit = THREAD_PAGE_SIZE, search = ''): string {
  const q = search.trim() ? `&q=${encodeURIComponent(search.trim())}` : '';
  return `/searcher/v1/conversations?origin=workspace&limit=${limit}&offset=${offset}${q}`;
}

/**
 * Names that tell threads apart: a thread named like another listed one
 * (two threads opened with the same question) gets its latest question
 * after the name when that differs, else a number by age ("(2)" is the
 * second oldest of that name).
 */
export function distinctTitles(threads: readonly Pick<ConversationItem, 'id' | 'title' | 'turns'>[]): Map<string, string> {
  const byTitle = new Map<string, Pick<ConversationItem, 'id' | 'title' | 'turns'>[]>();
  for (const thread of threads) byTitle.set(thread.title, [...(byTitle.get(thread.title) ?? []), thread]);
  const names = new Map<string, string>();
  for (const [title, group] of byTitle) {
    if (group.length === 1) {
      names.set(group[0].id, title);
      continue;
    }
    // The list is newest first: the oldest of the group is number 1.
    group.forEach((thread, i) => {
      const latest = thread.turns.at(-1)?.question;
      names.set(thread.id, latest && latest !== title ? `${title} → ${latest}` : `${title} (${group.length - i})`);
    });
  }
  return names;
}

/** Every thread of the loaded pages once, in the server's order. */
export function mergeThreadPages(pages: readonly ThreadPage[]): ConversationItem[] {
  const seen = new Set<string>();
  const list: ConversationItem[] = [];
  for (const page of pages) {
    for (const thread of page.items) {
      if (seen.has(thread.id)) continue;
      seen.add(thread.id);
      list.push(thread);
    }
  }
  return list;
}

/**
 * The offset of the next page, or undefined when the list is complete: by the
 * server's total when it sends one, else while pages come back full.
 */
export function nextThreadOffset(pages: readonly ThreadPage[], limit = THREAD_PAGE_SIZE): number | undefined {
  const last = pages.at(-1);
  if (!last) return 0;
  const fetched = pages.reduce((n, p) => n + p.items.length, 0);
  if (last.items.length === 0) return undefined;
  if (last.total !== null) return fetched < last.total ? fetched : undefined;
  return last.items.length === limit ? fetched : undefined;
}
