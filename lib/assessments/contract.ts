// Body of POST /api/v1/assessments: the spec's fields plus two optional
// fields that link the rating to the interaction it is about.
import { z } from 'zod';
import { EVALUATIONS } from '../reports/contract';

const MAX_TEXT = 20_000;

const integerId = (field: string) =>
  z
    .number({ message: `${field} is required and must be an integer` })
    .int(`${field} must be an integer`)
    .min(0, `${field} must not be negative`)
    .max(2_147_483_647, `${field} is too large`);

const jsonObject = (field: string) =>
  z.custom<Record<string, unknown>>((value) => value !== null && typeof value === 'object' && !Array.isArray(value), { message: `${field} must be an object` });

export const assessmentBody = z.object({
  question: z.string({ message: 'question is required and must be a string' }).max(MAX_TEXT, `question must be at most ${MAX_TEXT} characters`),
  answers: jsonObject('answers'),
  generativeAnswer: z.string({ message: 'generativeAnswer is required and must be a string' }).max(100_000, 'generativeAnswer is too long'),
  /** Datamodel id; 0 = the search used a dataset and preset, no datamodel. */
  modelId: integerId('modelId'),
  datasetId: integerId('datasetId').min(1, 'datasetId must be a positive integer'),
  evaluation: z.enum(EVALUATIONS, { message: `evaluation must be one of ${EVALUATIONS.join(', ')}` }),
  feedback: z.string({ message: 'feedback must be a string' }).max(MAX_TEXT, `feedback must be at most ${MAX_TEXT} characters`).nullish(),
  extra: jsonObject('extra')
    .pipe(
      z.looseObject({
        negative_opinions: z.array(z.string().max(500), { message: 'extra.negative_opinions must be an array of strings' }).max(50).optional(),
      }),
    )
    .optional(),
  /** The `identifier` of the interaction (search records it); links exactly. */
  identifier: z.uuid({ message: 'identifier must be a UUID' }).optional(),
  /** The `conversation` returned by search: links to its latest interaction with the same question. */
  conversation: z.string({ message: 'conversation must be a string' }).max(100).optional(),
});

export type AssessmentBody = z.infer<typeof assessmentBody>;
