// Sources arrive one per passage; people read them one per document. A
// document is known by its link, else by its name and subject.
import type { Source } from './types';

export type DocumentSources = {
  key: string;
  name: string;
  source: string | null;
  subject: string;
  /** The passages of this document, with their 0-based number in the answer's sources. */
  passages: { index: number; source: Source }[];
};

function documentKey(source: Source): string {
  return source.content.source ? `url:${source.content.source}` : `name:${source.content.subject}\u0000${source.content.name}`;
}

/** Documents in the order of their best passage; passages keep their numbers. */
export function groupByDocument(sources: Source[]): DocumentSources[] {
  const groups = new Map<string, DocumentSources>();
  sources.forEach((source, index) => {
    const key = documentKey(source);
    const group = groups.get(key) ?? { key, name: source.content.name, source: source.content.source, subject: source.content.subject, passages: [] };
    group.passages.push({ index, source });
    groups.set(key, group);
  });
  return [...groups.values()];
}

/** The position of the document card holding passage `index`, or -1. */
export function documentOf(sources: Source[], index: number): number {
  return groupByDocument(sources).findIndex((g) => g.passages.some((p) => p.index === index));
}
