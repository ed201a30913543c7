// Request contracts of the smartpage endpoints.
import { z } from 'zod';
import { MAX_ID, name } from '../http/schemas';

export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

const slug = z
  .string({ message: 'slug must be a string' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/, 'slug must be 3 to 60 characters: lowercase letters, digits and inner hyphens');

const users = z
  .array(z.string().trim().toLowerCase().email('users must be e-mail addresses'), { message: 'users must be a list of e-mail addresses' })
  .max(1000);

/** Shown to visitors before their first message: at most 4, distinct, one line each. */
const suggestedQuestions = z
  .array(name('each suggested question', 200).regex(/^[^\r\n]*$/, 'a suggested question must be one line'), {
    message: 'suggested_questions must be a list of questions',
  })
  .max(4, 'at most 4 suggested questions')
  .refine((list) => new Set(list.map((q) => q.toLowerCase())).size === list.length, 'suggested_questions must not repeat a question');

export const smartpageCreateBody = z.strictObject({
  name: name('name'),
  datamodel_id: z.number({ message: 'datamodel_id is required and must be an integer' }).int().positive().max(MAX_ID, 'datamodel_id is too large'),
  slug: slug.optional(),
  visibility: z.enum(VISIBILITIES, { message: 'visibility must be public or private' }).default('public'),
  users: users.default([]),
  suggested_questions: suggestedQuestions.default([]),
});

export const smartpageUpdateBody = z.strictObject({
  name: name('name').optional(),
  datamodel_id: z.number({ message: 'datamodel_id must be an integer' }).int().positive().max(MAX_ID, 'datamodel_id is too large').optional(),
  slug: slug.optional(),
  visibility: z.enum(VISIBILITIES, { message: 'visibility must be public or private' }).optional(),
  users: users.optional(),
  suggested_questions: suggestedQuestions.optional(),
});

export type SmartpageCreate = z.infer<typeof smartpageCreateBody>;
export type SmartpageUpdate = z.infer<typeof smartpageUpdateBody>;

/** The public page's question: the datamodel is the smartpage's own. */
export const smartpageSearchBody = z.strictObject({
  question: name('question', 4000),
  conversation: z.string().max(100).optional(),
});

/**
 * A visitor's rating of one answer on the page. The visitor names the answer
 * (`identifier` and `conversation` from the stream's final event); question,
 * answer, datamodel and dataset are read from the recorded interaction, never
 * taken from the visitor.
 */
export const smartpageRatingBody = z.strictObject({
  identifier: z.uuid({ message: 'identifier must be the UUID of an answer' }),
  conversation: z.string({ message: 'conversation is required and must be a string' }).min(1, 'conversation is required').max(100),
  evaluation: z.enum(['positive', 'negative', 'neutral'], { message: 'evaluation must be one of positive, negative, neutral' }),
  feedback: z.string({ message: 'feedback must be a string' }).trim().max(2000, 'feedback must be at most 2000 characters').nullish(),
  negative_opinions: z
    .array(
      z.string({ message: 'negative_opinions must be a list of strings' }).trim().min(1).max(100, 'each negative opinion must be at most 100 characters'),
      {
        message: 'negative_opinions must be a list of strings',
      },
    )
    .max(10, 'at most 10 negative opinions')
    .optional(),
});

export type SmartpageRating = z.infer<typeof smartpageRatingBody>;
