// The search request and response of the spec (plus the documented extras:
// `user` on the request, `identifier` on the response). One schema, used by
// the three search routes and by the smartpage and console code.
import { z } from 'zod';

const optionalName = (field: string) =>
  z
    .string({ message: `${field} must be a string` })
    .trim()
    .max(200, `${field} must be at most 200 characters`)
    .nullish()
    .transform((value) => (value ? value : undefined));

export const searchRequestBody = z
  .object({
    question: z
      .string({ message: 'question is required and must be a string' })
      .trim()
      .min(1, 'question must not be empty')
      .max(4000, 'question must be at most 4000 characters'),
    dataset: optionalName('dataset'),
    generational_presset: optionalName('generational_presset'),
    model: optionalName('model'),
    // An empty string or null means "start a new thread", as if absent.
    conversation: z
      .string({ message: 'conversation must be a string' })
      .trim()
      .max(100, 'conversation must be at most 100 characters')
      .nullish()
      .transform((value) => (value ? value : undefined)),
    // Deprecated by the spec: accepted in any shape and ignored entirely.
    history: z.unknown().optional(),
    // The end user an API-key integration asks for (recorded on the interaction).
    user: z
      .object({
        name: z.string({ message: 'user.name must be a string' }).trim().max(200).default(''),
        email: z.string({ message: 'user.email must be a string' }).trim().max(320).default(''),
      })
      .nullish(),
  })
  .superRefine((body, ctx) => {
    if (!body.dataset && !body.model) ctx.addIssue({ code: 'custom', message: 'Send either dataset or model' });
    // With `model`, the datamodel names its dataset and preset: a `dataset` sent along
    // must be that one (checked once resolved) and `generational_presset` is not needed
    // (the spec's words), so it is ignored rather than refused.
  });

export type SearchRequest = z.infer<typeof searchRequestBody>;

export type SearchItem = {
  content: {
    name: string;
    source: string | null;
    subject: string;
    media_video: string | null;
    media_image: string | null;
    created_at: string;
    updated_at: string;
  };
  score: number;
  answer: string;
  context: string;
  /** `YYYY-MM-DD HH:MM:SS` (UTC): when the passage was indexed. */
  date: string;
};

export type SearchResponse = {
  conversation: string;
  search: SearchItem[];
  generational: { content: string; total_tokens: number };
  /** The interaction's UUID, for assessments. */
  identifier: string;
};

/** Who asks: the organisation and project searched, where the question came from and the person it is recorded for. */
export type SearchCaller = {
  organizationId: number;
  projectId: number;
  origin: 'api' | 'workspace' | 'smartpage';
  user: { name: string; email: string } | null;
  apiKeyId: number | null;
};

/** Sends one named event of a streamed answer (the wire format is lib/http/sse.ts's; a streamed search only names events). */
export type SendEvent = (event: string, data: unknown) => void;
