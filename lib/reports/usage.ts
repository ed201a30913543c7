// Reads the usage_daily roll-ups (never the raw interactions) for the
// credits, tokens and overview reports and the spreadsheet.
import { db, Prisma } from '../db/client';
import type { Origin } from '../usage/credits';
import type { CreditsTopDatamodel } from './contract';
import { scopeSql, projectWhere, type ReportScope } from './scope';
import { percentOf, type DayRange } from './periods';

export type UsageRow = { day: string; origin: Origin; datamodelId: number; requests: number; tokens: number; credits: number };

/** Filters on the roll-up. `datamodelIds: []` matches nothing (an unknown datamodel name). */
export type UsageFilter = { datamodelIds?: number[] | null; interactionTypes?: readonly string[] | null };

type RawSum = number | bigint | string | null;
type RawUsage = { day?: string; origin?: string; datamodel_id?: number | bigint; requests: RawSum; tokens: RawSum; credits: RawSum };

type GroupColumn = 'day' | 'origin' | 'datamodel_id';

/**
 * Sums of the roll-up grouped by `groupBy` (none: one row of totals). Each
 * report asks only for the grouping it shows, so a year of roll-ups comes
 * back as a few hundred rows, not one per day × origin × datamodel × type.
 */
export async function readUsage(
  scope: ReportScope,
  range: DayRange,
  filter: UsageFilter = {},
  groupBy: readonly GroupColumn[] = ['day', 'origin', 'datamodel_id'],
): Promise<UsageRow[]> {
  if (filter.datamodelIds && filter.datamodelIds.length === 0) return [];
  const conditions = [scopeSql(scope), Prisma.sql`day >= ${range.start} AND day <= ${range.end}`];
  if (filter.datamodelIds) conditions.push(Prisma.sql`datamodel_id IN (${Prisma.join(filter.datamodelIds)})`);
  if (filter.interactionTypes?.length) conditions.push(Prisma.sql`interaction_type IN (${Prisma.join(filter.interactionTypes)})`);
  // Column names come from the fixed GroupColumn list, never from input.
  const columns = groupBy.length ? Prisma.raw(`${groupBy.join(', ')}, `) : Prisma.empty;
  const grouping = groupBy.length ? Prisma.raw(`GROUP BY ${groupBy.join(', ')}`) : Prisma.empty;
  const rows = await db().$queryRaw<RawUsage[]>`
    SELECT ${columns}SUM(requests) AS requests, SUM(total_tokens) AS tokens, SUM(credits) AS credits
    FROM usage_daily WHERE ${Prisma.join(conditions, ' AND ')} ${grouping}`;
  return rows.map((r) => ({
    day: r.day ?? '',
    origin: (r.origin ?? 'api') as Origin,
    datamodelId: Number(r.datamodel_id ?? 0),
    requests: Number(r.requests ?? 0),
    tokens: Number(r.tokens ?? 0),
    credits: Number(r.credits ?? 0),
  }));
}

export type UsageTotals = { requests: number; tokens: number; credits: number };

export function totalsOf(rows: UsageRow[]): UsageTotals {
  const totals = { requests: 0, tokens: 0, credits: 0 };
  for (const r of rows) {
    totals.requests += r.requests;
    totals.tokens += r.tokens;
    totals.credits += r.credits;
  }
  return totals;
}

/** Ids of the datamodels called `name` in the scope ([] when none). */
export async function datamodelIdsNamed(scope: ReportScope, name: string | undefined): Promise<number[] | null> {
  if (name === undefined) return null;
  const rows = await db().datamodel.findMany({ where: { name, ...projectWhere(scope) }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** Combines the download's datamodel_id and datamodel_name filters (both must hold). */
export async function datamodelFilter(scope: ReportScope, id: number | undefined, name: string | undefined): Promise<number[] | null> {
  const named = await datamodelIdsNamed(scope, name);
  if (id === undefined) return named;
  const inScope = await db().datamodel.findFirst({ where: { id, ...projectWhere(scope) }, select: { id: true } });
  if (!inScope) return [];
  return named === null || named.includes(id) ? [id] : [];
}

/** Credits report shape; the tokens report drops credits_used. */
export type TopDatamodel = CreditsTopDatamodel;

/**
 * The five datamodels with most usage by `key`, with their share of the
 * whole (usage without a datamodel counts in the whole, never in the list).
 */
export async function topDatamodels(rows: UsageRow[], key: 'credits' | 'tokens'): Promise<TopDatamodel[]> {
  const whole = totalsOf(rows)[key];
  const byModel = new Map<number, UsageTotals>();
  for (const r of rows) {
    if (r.datamodelId === 0) continue;
    const t = byModel.get(r.datamodelId) ?? { requests: 0, tokens: 0, credits: 0 };
    t.requests += r.requests;
    t.tokens += r.tokens;
    t.credits += r.credits;
    byModel.set(r.datamodelId, t);
  }
  const top = [...byModel.entries()]
    .filter(([, t]) => t[key] > 0 || t.requests > 0)
    .sort((a, b) => b[1][key] - a[1][key] || a[0] - b[0])
    .slice(0, 5);
  const labels = await datamodelLabels(top.map(([id]) => id));
  return top.map(([id, t]) => ({
    name: labels.get(id)?.name ?? `Datamodel ${id}`,
    dataset: labels.get(id)?.dataset ?? '',
    credits_used: t.credits,
    tokens_processed: t.tokens,
    api_requests: t.requests,
    percentage: percentOf(t[key], whole),
  }));
}

async function datamodelLabels(ids: number[]): Promise<Map<number, { name: string; dataset: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db().datamodel.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, dataset: { select: { name: true } } } });
  return new Map(rows.map((r) => [r.id, { name: r.name, dataset: r.dataset.name }]));
}
