// Pure checks of the knowledge forms (no React): what the browser refuses
// before a request is sent. The server validates again; these only give a
// quicker, friendlier message.
import type { UploadRequest } from './api';

/** A link field may stay empty; when filled it must be an http(s) URL. */
export function linkProblem(value: string): string | null {
  if (!value.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'Use an http:// or https:// link';
  } catch {
    return 'Not a valid link';
  }
}

/** The import endpoint takes at most this many files per upload. */
export const MAX_FILES_PER_UPLOAD = 100;

export type ImportRow = { url: string; subject: string; content: string; source: string };

/**
 * The request body of POST /searcher/v1/upload, or the first problem that
 * keeps it from being sent. Rows left completely empty are skipped; an
 * unnamed upload takes `fallbackName`.
 */
export function buildUploadRequest(name: string, dataset: string, rows: ImportRow[], fallbackName = 'Import'): UploadRequest | string {
  if (!dataset) return 'Choose the dataset to import into.';
  const filled = rows.filter((r) => r.url.trim() || r.subject.trim() || r.content.trim() || r.source.trim());
  if (filled.length === 0) return 'Add at least one file URL.';
  if (filled.length > MAX_FILES_PER_UPLOAD) return `One import takes at most ${MAX_FILES_PER_UPLOAD} files; split the list.`;
  for (const [i, r] of filled.entries()) {
    if (!r.url.trim()) return `File ${i + 1} has no URL.`;
    if (linkProblem(r.url)) return `File ${i + 1}: the URL must be an http:// or https:// link.`;
    if (linkProblem(r.source)) return `File ${i + 1}: the source link must be an http:// or https:// link.`;
  }
  return {
    name: name.trim() || fallbackName,
    uploads: filled.map((r) => ({
      dataset_name: dataset,
      url: r.url.trim(),
      ...(r.subject.trim() ? { subject_name: r.subject.trim() } : {}),
      ...(r.content.trim() ? { content_name: r.content.trim() } : {}),
      ...(r.source.trim() ? { source_link: r.source.trim() } : {}),
    })),
  };
}
