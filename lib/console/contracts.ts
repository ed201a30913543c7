// Request contracts of the console's management endpoints.
import { z } from 'zod';
import { intQuery, name } from '../http/schemas';

export const keyCreateBody = z.strictObject({
  name: name('name', 100),
  expires_at: z
    .string({ message: 'expires_at must be an ISO 8601 date' })
    .refine((v) => !Number.isNaN(Date.parse(v)) && Date.parse(v) > Date.now(), 'expires_at must be a date in the future')
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
