// Request contracts of the import endpoints (spec: "Import of files").
import { z } from 'zod';
import { intQuery, name } from '../http/schemas';

export const MAX_UPLOAD_ITEMS = 100;

const httpUrl = z
  .string({ message: 'url is required and must be a string' })
  .trim()
  .min(1, 'url must not be empty')
  .max(2000, 'url must be at most 2000 characters')
  .refine((value) => URL.canParse(value), 'url must be an absolute URL')
  .refine((value) => !URL.canParse(value) || ['http:', 'https:'].includes(new URL(value).protocol), 'url must be an http or https URL');

const optionalText = (field: string, max: number) =>
  z
    .string({ message: `${field} must be a string` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`)
    .optional();

export const uploadItemBody = z.object({
  url: httpUrl,
  dataset_name: name('dataset_name'),
  subject_name: optionalText('subject_name', 200),
  content_name: optionalText('content_name', 500),
  source_link: optionalText('source_link', 2000),
});

export const uploadBody = z.object({
  name: name('name'),
  uploads: z
    .array(uploadItemBody, { message: 'uploads is required and must be an array' })
    .min(1, 'uploads must not be empty')
    .max(MAX_UPLOAD_ITEMS, `uploads may hold at most ${MAX_UPLOAD_ITEMS} files`),
});

export type UploadBody = z.infer<typeof uploadBody>;

/** POST /searcher/v1/upload/{upload_id}/items/{item_id}/retry: `{}` retries as it was; `url` changes the address first. */
export const retryItemBody = z.object({ url: httpUrl.optional() }, { message: 'Request body must be a JSON object' }).strict();

export type RetryItemBody = z.infer<typeof retryItemBody>;

export const uploadListQuery = z.object({
  limit: intQuery('limit', 1, 100).optional(),
  offset: intQuery('offset', 0).optional(),
});
