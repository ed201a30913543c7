// The SQL of the per-interaction path: which conversations (`c`) match a
// filter, read from the thread summary that triggers keep on conversations
// (migration 20261123140000_threads_speed) and, where that is not exact,
// from the threads' interactions (`i`).
import { Prisma } from '../../db/client';
import { containsPattern } from '../../db/like';
import { scopeSql, type ReportScope } from '../scope';
import type { ThreadFilter } from './filter';
import { threadsInPeriodSql } from './period';
import { questionIndex } from './choose-question-index';

// Bits of the thread summary.
const TYPE_BIT: Record<string, number> = { search: 1, stream: 2, deepsearch: 4 };
const EVALUATION_BIT: Record<string, number> = { positive: 1, negative: 2, neutral: 4 };
const maskOf = (values: readonly string[], bits: Record<string, number>) => values.reduce((mask, v) => mask | (bits[v] ?? 0), 0);

/** Whether the filter asks more than the threads started in the period. */
export const hasThreadConditions = (f: ThreadFilter) =>
  Boolean(
    f.question ||
      f.evaluation?.length ||
      f.feedback !== undefined ||
      f.datamodelNames?.length ||
      f.datamodelIds ||
      f.interactionTypes?.length ||
      f.origins?.length,
  );

export function whereOf(scope: ReportScope, filter: ThreadFilter): Prisma.Sql {
  const where = threadsInPeriodSql(scope, filter, 'c');
  // The thread summary: exact when it is the only interaction filter, a
  // cheap necessary condition when combined (one interaction must then meet
  // them all, checked below). `evaluation_flags <> 0` and `has_feedback = 1`
  // are written as the partial indexes' conditions so both databases use them.
  if (filter.evaluation?.length)
    where.push(Prisma.sql`c.evaluation_flags <> 0 AND (c.evaluation_flags & CAST(${maskOf(filter.evaluation, EVALUATION_BIT)} AS INTEGER)) <> 0`);
  if (filter.feedback === true) where.push(Prisma.sql`c.has_feedback = 1`);
  if (filter.feedback === false) where.push(Prisma.sql`c.has_feedback = 0`);
  if (filter.interactionTypes?.length) where.push(Prisma.sql`(c.type_flags & CAST(${maskOf(filter.interactionTypes, TYPE_BIT)} AS INTEGER)) <> 0`);
  if (filter.origins?.length) where.push(Prisma.sql`c.origin IN (${Prisma.join(filter.origins)})`);

  const on: Prisma.Sql[] = [];
  const question = filter.question ? filter.question.toLowerCase() : '';
  if (question && filter.questionIndex !== false) on.push(Prisma.sql`LOWER(i.question) LIKE ${containsPattern(question)} ESCAPE '\\'`);
  // Without the index (one or two characters, or a term so common that the
  // period's rows are fewer than its candidates): a plain substring test
  // that no trigram index claims, so PostgreSQL does not scan all of its GIN.
  else if (question) on.push(questionIndex().substring(question));
  if (filter.evaluation?.length) on.push(Prisma.sql`i.evaluation IN (${Prisma.join(filter.evaluation)})`);
  if (filter.datamodelNames?.length) on.push(Prisma.sql`i.datamodel_name IN (${Prisma.join(filter.datamodelNames)})`);
  if (filter.datamodelIds) on.push(filter.datamodelIds.length ? Prisma.sql`i.datamodel_id IN (${Prisma.join(filter.datamodelIds)})` : Prisma.sql`1 = 0`);
  if (filter.interactionTypes?.length) on.push(Prisma.sql`i.type IN (${Prisma.join(filter.interactionTypes)})`);
  if (filter.feedback === true) on.push(Prisma.sql`i.feedback IS NOT NULL AND i.feedback <> ''`);
  const summaryIsExact = on.length === 1 && !question && !filter.datamodelNames?.length && !filter.datamodelIds;
  if (on.length === 0 || summaryIsExact) return Prisma.join(where, ' AND ');

  if (question || filter.evaluation?.length || filter.feedback === true) {
    // Read the set of conversation ids once from the matching interactions:
    // a word through its trigram index (PostgreSQL: pg_trgm on
    // lower(question); SQLite: its FTS5 table), ratings through the
    // partial indexes. A term of one or two characters has no trigram: it
    // is a scan, still exact. A thread's interactions come after its start,
    // so the period's first day bounds the interactions to read.
    const fromIndex = filter.questionIndex ? questionIndex().interactionCandidates(question) : [];
    where.push(
      Prisma.sql`c.id IN (SELECT i.conversation_id FROM interactions i WHERE ${scopeSql(scope, 'i')} AND i.day >= ${filter.start} AND ${Prisma.join([...fromIndex, ...on], ' AND ')})`,
    );
  } else {
    // Common values (a datamodel, a type with another filter): walk the
    // threads of the period and probe each one's interactions (index on
    // conversation_id); the page stops early.
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM interactions i WHERE i.conversation_id = c.id AND ${Prisma.join(on, ' AND ')})`);
  }
  return Prisma.join(where, ' AND ');
}

/** Conditions on `i` keeping only the interactions of the filter's datamodels and types (the spreadsheet's rows). */
export function matchingSql(filter: ThreadFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (filter.datamodelIds)
    parts.push(filter.datamodelIds.length ? Prisma.sql`AND i.datamodel_id IN (${Prisma.join(filter.datamodelIds)})` : Prisma.sql`AND 1 = 0`);
  if (filter.datamodelNames?.length) parts.push(Prisma.sql`AND i.datamodel_name IN (${Prisma.join(filter.datamodelNames)})`);
  if (filter.interactionTypes?.length) parts.push(Prisma.sql`AND i.type IN (${Prisma.join(filter.interactionTypes)})`);
  return parts.length ? Prisma.join(parts, ' ') : Prisma.empty;
}
