// A smartpage visitor rating an answer. Visitors have no token, so the page
// itself is the authority: the answer must be an interaction of the page's
// project, asked on a smartpage, in the named conversation, by this visitor
// (signed-in e-mail, or nobody on a public page). Anything else is 404, so
// the route cannot be used to rate, or learn about, other conversations.
import { db } from '../db/client';
import { notFound } from '../errors';
import { saveAssessment } from '../assessments/record';
import type { AssessmentCreated } from '../reports/contract';
import type { SmartpageRating } from './contract';
import { openSmartpage } from './service';
import type { Visitor } from './visitor';
import { jsonValue } from '../db/json-column';

export async function rateSmartpageAnswer(slug: string, visitor: Visitor, input: SmartpageRating): Promise<AssessmentCreated> {
  const { page } = await openSmartpage(slug, visitor?.email ?? null);
  const interaction = await db().interaction.findFirst({
    where: {
      identifier: input.identifier,
      conversationId: input.conversation,
      projectId: page.projectId,
      origin: 'smartpage',
      userEmail: visitor?.email ?? '',
      conversation: { origin: 'smartpage', userEmail: visitor?.email ?? null },
    },
  });
  if (!interaction) throw notFound('This answer was not given on this smartpage in your conversation');
  const negative = input.evaluation === 'negative' && input.negative_opinions?.length ? input.negative_opinions : undefined;
  return saveAssessment(page.projectId, {
    question: interaction.question,
    answers: { search: jsonValue(interaction.search), generational: { content: interaction.content, total_tokens: interaction.totalTokens } },
    generativeAnswer: interaction.content,
    modelId: interaction.datamodelId ?? 0,
    // A dataset deleted since the answer leaves the page's own dataset.
    datasetId: interaction.datasetId ?? page.datamodel.datasetId,
    evaluation: input.evaluation,
    feedback: input.feedback || null,
    extra: { origin: 'smartpage', smartpage: page.slug, ...(negative ? { negative_opinions: negative } : {}) },
    identifier: interaction.identifier,
  });
}
