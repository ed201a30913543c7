// GET /api/v1/token_resume: processed tokens and requests per bucket (paged
// by offset/limit), totals, the previous period and usage by origin.
import type { TokensPoint, TokensQuery, TokensReport } from './contract';
import { bucketIndexer, bucketsOf, granularityOf, MIN_DATE, monthRange, previousPeriod, percentOf, type DayRange, type Granularity } from './periods';
import { datamodelIdsNamed, readUsage, topDatamodels, totalsOf, type UsageRow } from './usage';
import type { ReportScope } from './scope';

export const TOKENS_PAGE_SIZE = 30;

export async function tokensReport(scope: ReportScope, query: TokensQuery, now = new Date()): Promise<TokensReport> {
  const range = monthRange(query, now, MIN_DATE);
  const filter = { datamodelIds: await datamodelIdsNamed(scope, query.datamodel_name) };
  const [rows, byDatamodel, previousRows] = await Promise.all([
    readUsage(scope, range, filter, ['day', 'origin']),
    readUsage(scope, range, filter, ['datamodel_id']),
    readUsage(scope, previousPeriod(range), filter, []),
  ]);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? TOKENS_PAGE_SIZE;
  const totals = totalsOf(rows);
  const byOrigin = { smartpage: 0, api: 0, workspace: 0 };
  for (const r of rows) byOrigin[r.origin] += r.tokens;
  const top = await topDatamodels(byDatamodel, 'tokens');
  return {
    tokens: tokensSeries(rows, range).slice(offset, offset + limit),
    token_usage_details: {
      total_tokens_processed: totals.tokens,
      tokens_previous_period_comparison: { current_period: totals.tokens, previous_period: totalsOf(previousRows).tokens },
      usage_by_origin: byOrigin,
    },
    top_datamodels_by_token_usage: top.map((t) => ({
      name: t.name,
      dataset: t.dataset,
      tokens_processed: t.tokens_processed,
      api_requests: t.api_requests,
      percentage: percentOf(t.tokens_processed, totals.tokens),
    })),
  };
}

/** Zero-filled tokens and requests per bucket of the range. */
export function tokensSeries(rows: UsageRow[], range: DayRange, granularity: Granularity = granularityOf(range)): TokensPoint[] {
  const buckets = bucketsOf(range, granularity);
  const series = buckets.map((b) => ({ date: b.date, processed_tokens: 0, api_requests: 0 }));
  const indexOf = bucketIndexer(buckets);
  for (const r of rows) {
    const point = series[indexOf(r.day)];
    if (!point) continue;
    point.processed_tokens += r.tokens;
    point.api_requests += r.requests;
  }
  return series;
}
