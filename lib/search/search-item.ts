// One entry of the search response's `search` array, built from stored rows:
// by the search itself (lib/search/pipeline.ts) and when the console rebuilds
// an earlier answer's sources (lib/console/sources.ts), so both read alike.
import type { SearchItem } from './contract';

/** The content fields a search item shows. */
export type ContentRow = {
  name: string;
  source: string | null;
  mediaVideo: string | null;
  mediaImage: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export function contentItem(content: ContentRow, subject: string): SearchItem['content'] {
  return {
    name: content.name,
    source: content.source,
    subject,
    media_video: content.mediaVideo,
    media_image: content.mediaImage,
    created_at: content.createdAt.toISOString(),
    updated_at: content.updatedAt.toISOString(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` in UTC: the spec's `date` of a search item. */
export function searchDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** A passage as the search response shows it. */
export function searchItem(passage: { content: ContentRow; subject: string; score: number; answer: string; text: string; createdAt: Date }): SearchItem {
  return {
    content: contentItem(passage.content, passage.subject),
    score: passage.score,
    answer: passage.answer,
    context: passage.text,
    date: searchDate(passage.createdAt),
  };
}
