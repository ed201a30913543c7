// The sources of earlier answers, rebuilt for the console's thread view.
// Search records which passages fed an answer, with what it read of each
// (lib/search/stored-results.ts). A passage still stored as it was cited is
// shown from its row; one that a re-import changed or deleted since is shown
// from the recorded text. Content, subject and link are read back only from
// the caller's project.
import { db } from '../db/client';
import { passageHash } from '../knowledge/passages';
import type { SearchItem } from '../search/contract';
import { contentItem, searchItem, type ContentRow } from '../search/search-item';
import { storedResults, type StoredResult } from '../search/stored-results';

type ContentWithSubject = ContentRow & { subject: { name: string } };

const contentOf = (content: ContentWithSubject) => contentItem(content, content.subject.name);

/** Only the name recorded with the answer: the content is gone (or not the caller's). */
function namedOnly(name: string): SearchItem['content'] {
  const epoch = new Date(0).toISOString();
  return { name, source: null, subject: '', media_video: null, media_image: null, created_at: epoch, updated_at: epoch };
}

/** One list of sources per stored retrieval, in the order the answer used them. */
export async function sourcesOf(projectId: number, searches: unknown[]): Promise<SearchItem[][]> {
  const stored = searches.map(storedResults);
  const results = stored.flat();
  const passageIds = [...new Set(results.map((r) => r.passage_id))];
  const passages = passageIds.length
    ? await db().passage.findMany({
        where: { id: { in: passageIds }, dataset: { projectId } },
        include: { content: { include: { subject: { select: { name: true } } } } },
      })
    : [];
  const byId = new Map(passages.map((p) => [p.id, p]));
  const asCited = (r: StoredResult) => {
    const p = byId.get(r.passage_id);
    return p && (r.hash === undefined || r.hash === passageHash(p)) ? p : undefined;
  };
  // Contents of passages no longer stored as cited: their link and subject may still be there.
  const contentIds = [...new Set(results.filter((r) => !asCited(r) && r.content_id > 0).map((r) => r.content_id))];
  const contents = contentIds.length
    ? await db().content.findMany({ where: { id: { in: contentIds }, dataset: { projectId } }, include: { subject: { select: { name: true } } } })
    : [];
  const contentById = new Map(contents.map((c) => [c.id, c]));
  return stored.map((list) =>
    list.map((r): SearchItem => {
      const p = asCited(r);
      if (p) return searchItem({ content: p.content, subject: p.content.subject.name, score: r.score, answer: p.answer, text: p.text, createdAt: p.createdAt });
      // Changed or deleted since the answer: what was recorded of it (nothing before snapshots were kept).
      const content = contentById.get(r.content_id);
      return {
        content: content ? contentOf(content) : namedOnly(r.content),
        score: r.score,
        answer: r.answer ?? '',
        context: r.context ?? '',
        date: r.date ?? '',
      };
    }),
  );
}
