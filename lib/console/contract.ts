// Request contracts of the console's management endpoints.
import { z } from 'zod';
import { intQuery, name } from '../http/schemas';

/**
 * The last instant a credential may expire: the last one a four-digit year
 * names. JavaScript accepts dates up to +275760-09-13, which the PostgreSQL
 * driver could not write (a 500).
 */
const LATEST_EXPIRY = Date.parse('9999-12-31T23:59:59.999Z');

export const keyCreateBody = z.strictObject({
  name: name('name', 100),
  expires_at: z
    .string({ message: 'expires_at must be an ISO 8601 date' })
    .refine((v) => !Number.isNaN(Date.parse(v)) && Date.parse(v) > Date.now(), 'expires_at must be a date in the future')
    .refine((v) => !(Date.parse(v) > LATEST_EXPIRY), 'expires_at must not be after 9999-12-31')
    .transform((v) => new Date(v))
    .nullable()
    .optional(),
});

export const ORIGINS = ['api', 'workspace', 'smartpage'] as const;

export const conversationsQuery = z.object({
  limit: intQuery('limit', 1, 100).optional(),
  offset: intQuery('offset').optional(),
  /** The console lists its own (workspace) threads, not those of API scripts. */
  origin: z.enum(ORIGINS, { message: `origin must be one of ${ORIGINS.join(', ')}` }).optional(),
  /** Threads whose name or one of the caller's questions holds this text (any case). */
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
});

/** A thread's name in the console; null gives it back its first question. */
export const conversationRenameBody = z.strictObject({
  title: name('title', 120).nullable(),
});
