// The review queue: what the organisation's knowledge did not answer well —
// answers rated negative, questions no passage answered, and questions asked
// again and again with only weak matches — grouped by similar question,
// newest first. Work is bounded: the newest SCAN_LIMIT interactions of the
// period are read, whatever the period. Reading it records nothing.
import { db } from '../db/client';
import { forbidden } from '../errors';
import { NO_ANSWER } from '../generation/extractive';
import type { Principal } from '../auth/principal';
import type { ReviewGroup, ReviewInteraction, ReviewKind, ReviewPage, ReviewQuery, ReviewSource } from './contract';
import { questionKey } from './question-key';
import { feedbackOptionsOf } from '../reports/threads/serialize';
import { jsonObject } from '../db/json-column';
import { citedSources } from '../search/recorded-results';

/** Interactions read per request, newest first. */
export const SCAN_LIMIT = 5_000;
/** Best passage scored under this (0–1): a weak match. */
export const LOW_SCORE = 0.3;
/** A weak match is worth reviewing once asked this often in the period. */
export const LOW_SCORE_REPEATS = 2;
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;
const CONTEXT_CHARS = 600;

/** Editors, admins and owners review; viewers read answers only. API keys act for their project. */
export function assertMayReview(principal: Principal): void {
  if (principal.role === 'VIEWER') throw forbidden('The review queue is for editors, admins and owners; the VIEWER role cannot open it');
}

type Row = {
  identifier: string;
  conversationId: string;
  question: string;
  content: string;
  evaluation: string | null;
  feedback: string | null;
  feedbackOptions: string | null;
  origin: string;
  datasetName: string;
  datasetId: number | null;
  datamodelName: string;
  createdAt: Date;
  search: string;
  extra: string;
};

function sourcesOf(search: unknown): ReviewSource[] {
  return citedSources(search).map((s) => ({ ...s, context: s.context.slice(0, CONTEXT_CHARS) }));
}

/** When the interaction was marked resolved (extra.review.resolved_at), if it was. */
export function resolvedAt(extra: Record<string, unknown>): Date | null {
  const review = extra.review;
  if (!review || typeof review !== 'object') return null;
  const at = (review as Record<string, unknown>).resolved_at;
  const date = typeof at === 'string' ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

function toInteraction(row: Row, sources: ReviewSource[]): ReviewInteraction {
  return {
    identifier: row.identifier,
    conversation: row.conversationId,
    question: row.question,
    answer: row.content,
    evaluation: row.evaluation,
    feedback: row.feedback,
    feedback_options: feedbackOptionsOf(row.feedbackOptions),
    origin: row.origin,
    dataset: row.datasetName,
    dataset_id: row.datasetId,
    datamodel: row.datamodelName,
    created_at: row.createdAt.toISOString(),
    best_score: sources.length ? Math.max(...sources.map((s) => s.score)) : null,
    sources,
  };
}

function period(query: ReviewQuery, now = new Date()): { from: Date; to: Date } {
  const to = query.end_date ? new Date(Date.parse(`${query.end_date}T00:00:00Z`) + DAY_MS) : now;
  const from = query.start_date ? new Date(`${query.start_date}T00:00:00Z`) : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
  return { from, to };
}

type Candidate = { interaction: ReviewInteraction; kinds: Set<ReviewKind> };

export async function reviewQueue(projectId: number, query: ReviewQuery): Promise<ReviewPage> {
  const wanted = new Set<ReviewKind>(query.kind?.length ? query.kind : ['negative', 'unanswered', 'low_score']);
  const { from, to } = period(query);
  const rows: Row[] = await db().interaction.findMany({
    where: {
      projectId,
      createdAt: { gte: from, lt: to },
      ...(query.dataset_id ? { datasetId: query.dataset_id } : {}),
      ...(query.datamodel_id ? { datamodelId: query.datamodel_id } : {}),
      ...(query.origin?.length ? { origin: { in: query.origin } } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: SCAN_LIMIT,
    select: {
      identifier: true,
      conversationId: true,
      question: true,
      content: true,
      evaluation: true,
      feedback: true,
      feedbackOptions: true,
      origin: true,
      datasetName: true,
      datasetId: true,
      datamodelName: true,
      createdAt: true,
      search: true,
      extra: true,
    },
  });

  // Newest first, so the first interaction of a group is its latest.
  const groups = new Map<string, { candidates: Candidate[]; asked: number; weak: number }>();
  const totals = { interactions: rows.length, negative: 0, unanswered: 0 };
  for (const row of rows) {
    const sources = sourcesOf(jsonObject(row.search));
    const unanswered = sources.length === 0 || row.content.trim() === NO_ANSWER;
    // The period's shares count every interaction, resolved or not.
    if (row.evaluation === 'negative') totals.negative += 1;
    if (unanswered) totals.unanswered += 1;
    const resolved = resolvedAt(jsonObject(row.extra));
    if (resolved && resolved >= row.createdAt) continue;
    const interaction = toInteraction(row, sources);
    const kinds = new Set<ReviewKind>();
    if (row.evaluation === 'negative') kinds.add('negative');
    if (unanswered) kinds.add('unanswered');
    const weak = interaction.best_score !== null && interaction.best_score < LOW_SCORE;
    const key = questionKey(row.question);
    const group = groups.get(key) ?? { candidates: [], asked: 0, weak: 0 };
    group.asked += 1;
    if (weak) group.weak += 1;
    group.candidates.push({ interaction, kinds });
    groups.set(key, group);
  }

  const results: ReviewGroup[] = [];
  for (const [key, group] of groups) {
    const kinds = new Set<ReviewKind>();
    for (const c of group.candidates) c.kinds.forEach((k) => kinds.add(k));
    if (group.weak >= LOW_SCORE_REPEATS) kinds.add('low_score');
    const shown = [...kinds].filter((k) => wanted.has(k));
    if (shown.length === 0) continue;
    // The group's face: its newest interaction of a wanted kind (the weak-match kind covers them all).
    const face = group.candidates.find((c) => [...c.kinds].some((k) => wanted.has(k))) ?? group.candidates[0];
    results.push({
      key,
      question: face.interaction.question,
      count: group.asked,
      kinds: shown,
      latest: face.interaction,
      identifiers: group.candidates.slice(0, 50).map((c) => c.interaction.identifier),
    });
  }
  results.sort((a, b) => b.latest.created_at.localeCompare(a.latest.created_at));
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 20;
  return { count: results.length, scanned: rows.length, totals, results: results.slice(offset, offset + limit) };
}

/**
 * Marks interactions of the caller's project resolved: they leave the queue
 * until the question is asked again. Kept in the interaction's `extra`
 * (`review.resolved_at`, `review.resolved_by`), so the threads report shows it.
 */
export async function resolveInteractions(projectId: number, identifiers: string[], by: string): Promise<{ resolved: number }> {
  const at = new Date().toISOString();
  return db().$transaction(async (tx) => {
    const rows = await tx.interaction.findMany({ where: { projectId, identifier: { in: identifiers } }, select: { id: true, extra: true } });
    for (const row of rows) {
      const extra = jsonObject(row.extra);
      await tx.interaction.update({ where: { id: row.id }, data: { extra: JSON.stringify({ ...extra, review: { resolved_at: at, resolved_by: by } }) } });
    }
    return { resolved: rows.length };
  });
}
