// Curated answers: an editor's own answer to a question, stored as a
// question–answer passage (the kind the CSV/XLSX Q&A import makes) in the
// dataset's "Curated answers" subject, one content per question. Indexed in
// the same transaction (the full-text triggers), embedded when a provider is
// configured, so the next search finds it; the embedded answer quotes a
// question–answer passage verbatim (lib/generation/extractive.ts).
import { db, type Tx } from '../db/client';
import { badRequest, notFound } from '../errors';
import { findDataset } from '../knowledge/datasets';
import { replacePassages } from '../knowledge/passages';
import { embedPassages, storeVectors } from '../embeddings/store';
import { countTokens } from '../text/tokens';
import type { CuratedAnswer, CuratedCreate, CuratedUpdate } from './contract';
import { resolveInteractions } from './queue';
import { rerunSetsAsking } from '../evaluation/runs';

export const CURATED_SUBJECT = 'Curated answers';
const NAME_CHARS = 200;

type Row = { id: number; datasetId: number; name: string; source: string; createdAt: Date; updatedAt: Date; passages: { text: string; answer: string }[] };

function record(row: Row): CuratedAnswer {
  const passage = row.passages[0];
  return {
    id: row.id,
    dataset_id: row.datasetId,
    question: passage?.text ?? row.name,
    answer: passage?.answer ?? '',
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const include = { passages: { select: { text: true, answer: true }, orderBy: { position: 'asc' as const }, take: 1 } };

/** A curated answer of the caller's project, or 404. */
async function findCurated(tx: Tx, projectId: number, id: number) {
  const row = await tx.content.findFirst({ where: { id, dataset: { projectId }, subject: { name: CURATED_SUBJECT } }, include: { ...include, subject: true } });
  if (!row) throw notFound(`Curated answer ${id} not found`);
  return row;
}

async function passageOf(question: string, answer: string) {
  return { heading: '', text: question, answer, tokenCount: (await countTokens(question)) + (await countTokens(answer)) };
}

/** The plan's indexed-token limit holds for curated answers too. */
async function checkTokenLimit(tx: Tx, organizationId: number, delta: number) {
  await tx.organization.update({ where: { id: organizationId }, data: { indexedTokens: { increment: 0 } } });
  const org = await tx.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { indexedTokens: true, subscription: { select: { plan: true } } },
  });
  const plan = org.subscription?.plan;
  if (plan && delta > 0 && org.indexedTokens + delta > plan.indexedTokenLimit) {
    throw badRequest(
      `This answer (${delta} tokens) would pass the plan's indexed-token limit: ${org.indexedTokens} of ${plan.indexedTokenLimit} tokens are already indexed`,
    );
  }
}

export async function listCurated(projectId: number, datasetId?: number): Promise<CuratedAnswer[]> {
  if (datasetId) await findDataset(projectId, datasetId);
  const rows = await db().content.findMany({
    where: { dataset: { projectId }, subject: { name: CURATED_SUBJECT }, ...(datasetId ? { datasetId } : {}) },
    include,
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: 500,
  });
  return rows.map(record);
}

/** The questions of the interactions a curated answer resolves (they may be worded unlike the curated one). */
async function resolvedQuestions(projectId: number, identifiers: string[]): Promise<string[]> {
  const rows = await db().interaction.findMany({ where: { projectId, identifier: { in: identifiers } }, select: { question: true } });
  return rows.map((r) => r.question);
}

export async function createCurated(
  projectId: number,
  organizationId: number,
  input: CuratedCreate,
  by: string,
): Promise<CuratedAnswer & { evaluation_runs: { set_id: number; run_id: number }[] }> {
  await findDataset(projectId, input.dataset_id);
  const passage = await passageOf(input.question, input.answer);
  const name = input.question.slice(0, NAME_CHARS);
  // Embedded before the transaction: a network call must not hold the write lock.
  const embedded = await embedPassages(name, [passage]);
  const row = await db().$transaction(async (tx) => {
    await checkTokenLimit(tx, organizationId, passage.tokenCount);
    const subject = await tx.subject.upsert({
      where: { datasetId_name: { datasetId: input.dataset_id, name: CURATED_SUBJECT } },
      create: { datasetId: input.dataset_id, name: CURATED_SUBJECT },
      update: {},
    });
    const content = await tx.content.create({ data: { datasetId: input.dataset_id, subjectId: subject.id, name, source: input.source ?? '' } });
    const written = await replacePassages(tx, { id: content.id, datasetId: content.datasetId, tokenCount: 0 }, organizationId, [passage]);
    await storeVectors(tx, content.datasetId, written.passages, embedded);
    return tx.content.findUniqueOrThrow({ where: { id: content.id }, include });
  });
  const resolved = input.resolves?.length ? await resolvedQuestions(projectId, input.resolves) : [];
  if (input.resolves?.length) await resolveInteractions(projectId, input.resolves, by);
  const evaluationRuns = await rerunSetsAsking(projectId, [input.question, ...resolved]);
  return { ...record(row), evaluation_runs: evaluationRuns };
}

export async function updateCurated(projectId: number, organizationId: number, id: number, input: CuratedUpdate): Promise<CuratedAnswer> {
  const current = await findCurated(db(), projectId, id);
  const question = input.question ?? current.passages[0]?.text ?? current.name;
  const answer = input.answer ?? current.passages[0]?.answer ?? '';
  const passage = await passageOf(question, answer);
  const name = question.slice(0, NAME_CHARS);
  const embedded = await embedPassages(name, [passage], { stored: { id: current.id, name: current.name } });
  const row = await db().$transaction(async (tx) => {
    const content = await findCurated(tx, projectId, id);
    await checkTokenLimit(tx, organizationId, passage.tokenCount - content.tokenCount);
    await tx.content.update({ where: { id }, data: { name, ...(input.source !== undefined ? { source: input.source } : {}) } });
    const written = await replacePassages(tx, { id, datasetId: content.datasetId, tokenCount: content.tokenCount }, organizationId, [passage]);
    await storeVectors(tx, content.datasetId, written.passages, embedded);
    return tx.content.findUniqueOrThrow({ where: { id }, include });
  });
  return record(row);
}

export async function deleteCurated(projectId: number, organizationId: number, id: number): Promise<void> {
  await db().$transaction(async (tx) => {
    const content = await findCurated(tx, projectId, id);
    await tx.content.delete({ where: { id } });
    await tx.organization.update({ where: { id: organizationId }, data: { indexedTokens: { decrement: content.tokenCount } } });
  });
}
