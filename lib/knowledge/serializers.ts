// Database rows → the spec's snake_case records, with exactly the fields
// each endpoint lists. Never return a row as it is.
import type { Content, Dataset, Subject } from '../db/generated/sqlite/client';
import { isUploadKey } from '../ingest/file-names';

const iso = (date: Date) => date.toISOString();

export type DatasetListItem = { id: number; name: string; description: string; created_at: string };
export type DatasetRecord = DatasetListItem & { updated_at: string };
export type DatasetUpdated = { id: number; name: string; created_at: string; updated_at: string };
export type SubjectRecord = { id: number; name: string; dataset_id: number; created_at: string; updated_at: string };
export type ContentRecord = { id: number; name: string; subject_id: number; source: string; created_at: string; updated_at: string };
/**
 * Where a content's passages come from: `url` (imported from a web address,
 * re-synced from it), `file` (uploaded from the computer) or `text` (made in
 * the editors or the API; its text can be replaced).
 */
export type ContentOrigin = 'url' | 'file' | 'text';
export type ContentDetail = ContentRecord & {
  dataset_id: number;
  origin: ContentOrigin;
  media_video: string | null;
  media_image: string | null;
  token_count: number;
  passage_count: number;
};
export type ContentWithSubject = ContentRecord & { subject: SubjectRecord };
export type SubjectWithContents = SubjectRecord & { contents: ContentRecord[] };
export type DatasetFull = DatasetRecord & { subjects: SubjectWithContents[] };

export const datasetListItem = (d: Dataset): DatasetListItem => ({ id: d.id, name: d.name, description: d.description, created_at: iso(d.createdAt) });
export const datasetRecord = (d: Dataset): DatasetRecord => ({ ...datasetListItem(d), updated_at: iso(d.updatedAt) });
export const datasetUpdated = (d: Dataset): DatasetUpdated => ({ id: d.id, name: d.name, created_at: iso(d.createdAt), updated_at: iso(d.updatedAt) });

export const subjectRecord = (s: Subject): SubjectRecord => ({
  id: s.id,
  name: s.name,
  dataset_id: s.datasetId,
  created_at: iso(s.createdAt),
  updated_at: iso(s.updatedAt),
});

export const contentRecord = (c: Content): ContentRecord => ({
  id: c.id,
  name: c.name,
  subject_id: c.subjectId,
  source: c.source,
  created_at: iso(c.createdAt),
  updated_at: iso(c.updatedAt),
});

export function contentOrigin(c: Pick<Content, 'importUrl'>): ContentOrigin {
  if (c.importUrl === null) return 'text';
  return isUploadKey(c.importUrl) ? 'file' : 'url';
}

export const contentDetail = (c: Content, passageCount: number): ContentDetail => ({
  ...contentRecord(c),
  dataset_id: c.datasetId,
  origin: contentOrigin(c),
  media_video: c.mediaVideo,
  media_image: c.mediaImage,
  token_count: c.tokenCount,
  passage_count: passageCount,
});
