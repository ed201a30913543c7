// Storing a user's rating of an answer. The assessment is linked to the
// interaction it rates (see linkedInteraction for the order of the clues) and
// copies evaluation, feedback and reasons onto that interaction, so the
// threads report shows them; both writes happen in one transaction.
import { db, type Tx } from '../db/client';
import { notFound } from '../errors';
import type { Principal } from '../auth/principal';
import type { AssessmentCreated } from '../reports/contract';
import type { AssessmentBody } from './contract';

export async function recordAssessment(principal: Principal, body: AssessmentBody): Promise<AssessmentCreated> {
  return saveAssessment(await projectOfAssessment(principal, body), body);
}

/**
 * Stores a rating in a project already checked by the caller (the API's
 * principal above, or a smartpage's own project for its visitors).
 */
export async function saveAssessment(projectId: number, body: AssessmentBody): Promise<AssessmentCreated> {
  return db().$transaction(async (tx) => {
    const interactionId = await linkedInteraction(tx, projectId, body);
    const negativeOpinions = body.extra?.negative_opinions;
    const data = {
      projectId,
      question: body.question,
      answers: JSON.stringify(body.answers),
      generativeAnswer: body.generativeAnswer,
      modelId: body.modelId,
      datasetId: body.datasetId,
      evaluation: body.evaluation,
      feedback: body.feedback ?? null,
      extra: JSON.stringify(body.extra ?? {}),
    };
    if (interactionId === null) return { id: (await tx.assessment.create({ data, select: { id: true } })).id };
    await tx.interaction.update({
      where: { id: interactionId },
      data: {
        evaluation: body.evaluation,
        feedback: body.feedback ?? null,
        feedbackOptions: negativeOpinions?.length ? JSON.stringify(negativeOpinions) : null,
      },
    });
    // A second rating of the same interaction replaces the first (same id).
    const saved = await tx.assessment.upsert({ where: { interactionId }, create: { ...data, interactionId }, update: data, select: { id: true } });
    return { id: saved.id };
  });
}

/**
 * The project the rating belongs to. API keys and sessions have one; a user
 * token spans the organisation, so the dataset's project is used. Either way
 * the dataset (and the datamodel, unless 0) must be of the caller's
 * organisation and project: 404 otherwise.
 */
async function projectOfAssessment(principal: Principal, body: AssessmentBody): Promise<number> {
  const dataset = await db().dataset.findFirst({
    where: {
      id: body.datasetId,
      project: { organizationId: principal.organizationId },
      ...(principal.projectId !== null ? { projectId: principal.projectId } : {}),
    },
    select: { projectId: true },
  });
  if (!dataset) throw notFound(`Dataset ${body.datasetId} not found`);
  if (body.modelId !== 0) {
    const datamodel = await db().datamodel.findFirst({ where: { id: body.modelId, projectId: dataset.projectId }, select: { id: true } });
    if (!datamodel) throw notFound(`Datamodel ${body.modelId} not found`);
  }
  return dataset.projectId;
}

/**
 * The interaction rated, only ever one of `projectId`; null when none can be told.
 * Clients that follow the spec send only its fields, with `answers` = the search
 * response as received; that response carries `identifier` and `conversation`,
 * so they are read from there when the optional top-level fields are absent.
 */
async function linkedInteraction(tx: Tx, projectId: number, body: AssessmentBody): Promise<number | null> {
  if (body.identifier) {
    const found = await tx.interaction.findFirst({ where: { identifier: body.identifier, projectId }, select: { id: true } });
    if (!found) throw notFound(`Interaction ${body.identifier} not found`);
    return found.id;
  }
  const echoed = echoedReferences(body.answers);
  if (echoed.identifier) {
    const found = await tx.interaction.findFirst({ where: { identifier: echoed.identifier, projectId, question: body.question }, select: { id: true } });
    if (found) return found.id;
  }
  const conversation = body.conversation ?? echoed.conversation;
  if (conversation) {
    const latest = await tx.interaction.findFirst({
      where: { conversationId: conversation, projectId, question: body.question },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    });
    if (latest) return latest.id;
  }
  return recentSameAnswer(tx, projectId, body);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function echoedReferences(answers: Record<string, unknown>): { identifier?: string; conversation?: string } {
  const identifier = typeof answers.identifier === 'string' && UUID.test(answers.identifier) ? answers.identifier : undefined;
  const conversation = typeof answers.conversation === 'string' && answers.conversation.length <= 100 ? answers.conversation : undefined;
  return { identifier, conversation };
}

/** Days searched back when nothing but the question and the answer tells the interaction. */
const RECENT_DAYS = 2;

/**
 * Last resort for a bare rating: the newest interaction of the last days with the
 * same question, dataset, datamodel and answer text. Bounded to recent days (clients
 * rate right after searching) so it reads through the (project, day) index.
 */
async function recentSameAnswer(tx: Tx, projectId: number, body: AssessmentBody): Promise<number | null> {
  const since = new Date(Date.now() - RECENT_DAYS * 86_400_000).toISOString().slice(0, 10);
  const latest = await tx.interaction.findFirst({
    where: {
      projectId,
      day: { gte: since },
      question: body.question,
      datasetId: body.datasetId,
      datamodelId: body.modelId === 0 ? null : body.modelId,
      content: body.generativeAnswer,
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true },
  });
  return latest?.id ?? null;
}
