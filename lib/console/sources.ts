// The sources of earlier answers, rebuilt for the console's thread view.
// Search stores only which passages fed an answer (ids and scores); the
// text, subject and link are read back here, only from the caller's project.
import { db } from '../db/client';
import type { SearchItem } from '../search/contract';
import { searchDate } from '../search/pipeline';

type StoredResult = { passage_id: number; content: string; score: number };

function storedResults(search: unknown): StoredResult[] {
  const results = search && typeof search === 'object' ? (search as { results?: unknown }).results : null;
  if (!Array.isArray(results)) return [];
  return results.filter(
    (r): r is StoredResult => !!r && typeof r === 'object' && Number.isInteger((r as StoredResult).passage_id) && typeof (r as StoredResult).score === 'number',
  );
}

/** One list of sources per stored retrieval, in the order the answer used them. */
export async function sourcesOf(projectId: number, searches: unknown[]): Promise<SearchItem[][]> {
  const stored = searches.map(storedResults);
  const ids = [...new Set(stored.flat().map((r) => r.passage_id))];
  const passages = ids.length
    ? await db().passage.findMany({
        where: { id: { in: ids }, dataset: { projectId } },
        include: { content: { include: { subject: { select: { name: true } } } } },
      })
    : [];
  const byId = new Map(passages.map((p) => [p.id, p]));
  return stored.map((results) =>
    results.map((r): SearchItem => {
      const p = byId.get(r.passage_id);
      if (!p) {
        // The passage was re-imported or deleted since: keep the name and score.
        const now = new Date(0).toISOString();
        return { content: { name: String(r.content ?? ''), source: null, subject: '', media_video: null, media_image: null, created_at: now, updated_at: now }, score: r.score, answer: '', context: '', date: '' };
      }
      return {
        content: {
          name: p.content.name,
          source: p.content.source,
          subject: p.content.subject.name,
          media_video: p.content.mediaVideo,
          media_image: p.content.mediaImage,
          created_at: p.content.createdAt.toISOString(),
          updated_at: p.content.updatedAt.toISOString(),
        },
        score: r.score,
        answer: p.answer,
        context: p.text,
        date: searchDate(p.createdAt),
      };
    }),
  );
}
