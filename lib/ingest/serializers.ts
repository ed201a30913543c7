// Uploads and their items at the API edge (snake_case). The upload's state
// is derived from its items: queued (nothing started), running, done (all
// imported), failed (all failed) or partial (finished, some failed).
import type { ItemState } from './queue';

type UploadRow = { id: number; name: string; createdAt: Date; updatedAt: Date };
type ItemRow = {
  id: number;
  url: string;
  datasetName: string;
  subjectName: string | null;
  contentName: string | null;
  sourceLink: string | null;
  state: string;
  error: string | null;
  attempts: number;
  contentId: number | null;
  passageCount: number;
  tokenCount: number;
  fileName: string | null;
  fileSize: number | null;
  updatedAt: Date;
};

export type UploadState = 'queued' | 'running' | 'done' | 'failed' | 'partial';
export type UploadCounts = Record<'total' | ItemState, number>;

export type UploadSummary = {
  id: number;
  name: string;
  state: UploadState;
  created_at: string;
  updated_at: string;
  counts: UploadCounts;
};

export type UploadItemRecord = {
  id: number;
  /** null for a file uploaded from the computer (see file_name). */
  url: string | null;
  /** A file uploaded from the computer: its cleaned name and size in bytes (null for a URL). */
  file_name: string | null;
  file_size: number | null;
  dataset_name: string;
  subject_name: string | null;
  content_name: string | null;
  source_link: string | null;
  state: ItemState;
  error: string | null;
  attempts: number;
  content_id: number | null;
  /** The imported content's name as it now stands (its document's title unless content_name set one); null until imported or once deleted. */
  content_title: string | null;
  passages: number;
  tokens: number;
  updated_at: string;
};

export type UploadDetail = UploadSummary & { items: UploadItemRecord[] };

export function uploadSummary(upload: UploadRow, items: { state: string; updatedAt: Date }[]): UploadSummary {
  const counts: UploadCounts = { total: items.length, queued: 0, fetching: 0, parsing: 0, indexing: 0, done: 0, failed: 0 };
  for (const item of items) counts[item.state as ItemState] += 1;
  const latest = items.reduce((max, item) => Math.max(max, item.updatedAt.getTime()), upload.updatedAt.getTime());
  return {
    id: upload.id,
    name: upload.name,
    state: stateOf(counts),
    created_at: upload.createdAt.toISOString(),
    updated_at: new Date(latest).toISOString(),
    counts,
  };
}

/** `titles`: the names of the items' contents, by content id (a content deleted since is missing). */
export function uploadRecord(upload: UploadRow, items: ItemRow[], titles: ReadonlyMap<number, string>): UploadDetail {
  return { ...uploadSummary(upload, items), items: items.map((item) => itemRecord(item, titles)) };
}

export function itemRecord(item: ItemRow, titles: ReadonlyMap<number, string>): UploadItemRecord {
  return {
    id: item.id,
    url: item.fileName === null ? item.url : null,
    file_name: item.fileName,
    file_size: item.fileSize,
    dataset_name: item.datasetName,
    subject_name: item.subjectName,
    content_name: item.contentName,
    source_link: item.sourceLink,
    state: item.state as ItemState,
    error: item.error,
    attempts: item.attempts,
    content_id: item.contentId,
    content_title: item.contentId === null ? null : (titles.get(item.contentId) ?? null),
    passages: item.passageCount,
    tokens: item.tokenCount,
    updated_at: item.updatedAt.toISOString(),
  };
}

function stateOf(counts: UploadCounts): UploadState {
  const finished = counts.done + counts.failed;
  if (counts.total > 0 && finished === counts.total) {
    if (counts.failed === 0) return 'done';
    return counts.done === 0 ? 'failed' : 'partial';
  }
  return counts.queued === counts.total ? 'queued' : 'running';
}
