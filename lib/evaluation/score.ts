// Where the expected source of an evaluation question lands among the
// distinct documents retrieved, and the figures over a run. Pure.
import type { QuestionResult } from './contract';

export type RetrievedDocument = { contentId: number; name: string; source: string | null };

/** An expected source names a content by id ("42"), by link (its source URL) or by name. */
export function matches(expected: string, doc: RetrievedDocument): boolean {
  const wanted = expected.trim();
  if (/^\d+$/.test(wanted)) return Number(wanted) === doc.contentId;
  if (/^https?:\/\//i.test(wanted)) return !!doc.source && stripFragment(doc.source) === stripFragment(wanted);
  return doc.name.trim().toLowerCase() === wanted.toLowerCase();
}

function stripFragment(url: string): string {
  return url.replace(/#.*$/, '').replace(/\/+$/, '');
}

/** Distinct documents in retrieval order (several passages of one document count once). */
export function distinctDocuments(passages: RetrievedDocument[]): RetrievedDocument[] {
  const seen = new Set<number>();
  return passages.filter((p) => !seen.has(p.contentId) && seen.add(p.contentId));
}

/** 1-based rank of the first document matching any expected source among the first `depth`, or null. */
export function rankOf(expected: string[], documents: RetrievedDocument[], depth = 10): number | null {
  const index = documents.slice(0, depth).findIndex((doc) => expected.some((e) => matches(e, doc)));
  return index < 0 ? null : index + 1;
}

export function figures(results: Pick<QuestionResult, 'rank'>[]): { recall1: number; recall5: number; mrr10: number } {
  const n = results.length || 1;
  const within = (k: number) => results.filter((r) => r.rank !== null && r.rank <= k).length / n;
  const mrr = results.reduce((sum, r) => sum + (r.rank !== null && r.rank <= 10 ? 1 / r.rank : 0), 0) / n;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { recall1: round(within(1)), recall5: round(within(5)), mrr10: round(mrr) };
}
