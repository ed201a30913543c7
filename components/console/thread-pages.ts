// Paging of the console's thread list ("Load more"): pure, so the unit tests
// pin it. Pages are fetched by offset; a thread created meanwhile shifts the
// later pages, so the merge drops any thread already listed.
import type { ConversationItem } from '@/lib/console/conversations';

export const THREAD_PAGE_SIZE = 20;

export type ThreadPage = { items: ConversationItem[]; total: number | null };

/** The query of the page starting at `offset`. */
export function threadPagePath(offset: number, limit = THREAD_PAGE_SIZE): string {
  return `/searcher/v1/conversations?origin=workspace&limit=${limit}&offset=${offset}`;
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
