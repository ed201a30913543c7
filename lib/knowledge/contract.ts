// Request contracts of the knowledge endpoints.
import { z } from 'zod';
import { MAX_ID, intQuery, name } from '../http/schemas';

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

export const contentCreateBody = contentUpdateBody.extend({
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
