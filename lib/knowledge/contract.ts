// Request contracts of the knowledge endpoints.
import { z } from 'zod';
import { MAX_ID, intQuery, name } from '../http/schemas';
import { MAX_CONTENT_TEXT } from './text-limit';

const optionalUrlish = (field: string) =>
  z
    .string({ message: `${field} must be a string` })
    .max(2000, `${field} must be at most 2000 characters`)
    .nullable()
    .optional();

export const datasetCreateBody = z.object({
  name: name('name'),
  description: z.string({ message: 'description must be a string' }).max(2000).optional(),
});

/** PUT /searcher/v1/datasets/{id}: the spec requires `name`. */
export const datasetUpdateBody = datasetCreateBody;

export const subjectBody = z.object({ name: name('name') });

/** PUT /searcher/v1/contents/{id}: name and source required; media links optional. */
export const contentUpdateBody = z.object({
  name: name('name', 500),
  source: z.string({ message: 'source is required and must be a string' }).max(2000, 'source must be at most 2000 characters'),
  media_video: optionalUrlish('media_video'),
  media_image: optionalUrlish('media_image'),
});

export { MAX_CONTENT_TEXT };

// Besides what every JSON body loses (characters XML forbids, NUL included:
// lib/http/parse.ts), a typed text drops the other C0/C1 controls and DEL:
// invisible, never meant, and noise in the full-text index. Tabs and line
// breaks stay; CRLF becomes LF.
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
export const cleanContentText = (text: string) => text.replace(/\r\n?/g, '\n').replace(CONTROLS, '').trim();

/**
 * A content's text: Markdown or plain text, split into passages as an
 * uploaded Markdown file is. Bounded here, before anything is parsed.
 */
const contentText = z
  .string({ message: 'text must be a string' })
  .trim()
  .max(MAX_CONTENT_TEXT, `text must be at most ${MAX_CONTENT_TEXT.toLocaleString('en')} characters`)
  .transform(cleanContentText)
  .describe('Markdown or plain text, at most 200,000 characters; split into passages and indexed like an uploaded Markdown file');

/** PUT /searcher/v1/contents/{id}/text: the content's whole text (empty: no passages). */
export const contentTextBody = z.object({ text: contentText });

export const contentCreateBody = contentUpdateBody.extend({
  text: contentText.optional(),
  subject_id: z
    .number({ message: 'subject_id is required and must be an integer' })
    .int('subject_id must be an integer')
    .positive('subject_id must be a positive integer')
    .max(MAX_ID, 'subject_id is too large'),
  source: z.string({ message: 'source must be a string' }).max(2000).default(''),
});

/**
 * GET /searcher/v1/datasets/{id}/contents: all optional (an extension of the
 * spec, whose listing takes none and still answers the same without them).
 * An empty `q` is no filter.
 */
export const contentListQuery = z.object({
  subject_id: intQuery('subject_id', 1).optional(),
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  sort: z.enum(['id', 'name', 'updated'], { message: 'sort must be one of id, name, updated' }).optional(),
  limit: intQuery('limit', 1, 500).optional(),
  offset: intQuery('offset', 0).optional(),
});
