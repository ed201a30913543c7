// GET /api/v1/credits_resume: credits per bucket split by origin, totals,
// the previous period of the same length and the top five datamodels.
import type { CreditsPoint, CreditsQuery, CreditsReport } from './contract';
import { bucketIndexer, bucketsOf, granularityOf, MIN_DATE, monthRange, percentDifference, previousPeriod, type DayRange, type Granularity } from './periods';
import { datamodelIdsNamed, readUsage, topDatamodels, totalsOf, type UsageFilter, type UsageRow } from './usage';
import type { ReportScope } from './scope';

export async function creditsReport(scope: ReportScope, query: CreditsQuery, now = new Date()): Promise<CreditsReport> {
  const range = monthRange(query, now, MIN_DATE);
  const filter: UsageFilter = { datamodelIds: await datamodelIdsNamed(scope, query.datamodel_name) };
  const [rows, byDatamodel, previousRows] = await Promise.all([
    readUsage(scope, range, filter, ['day', 'origin']),
    readUsage(scope, range, filter, ['datamodel_id']),
    readUsage(scope, previousPeriod(range), filter, []),
  ]);
  const current = totalsOf(rows).credits;
  const previous = totalsOf(previousRows).credits;
  return {
    credits: creditsSeries(rows, range),
    credits_usage_details: {
      total_credits_used: current,
      credits_previous_period_comparison: {
        current_period_usage: current,
        previous_period_usage: previous,
        percent_difference: percentDifference(current, previous),
      },
    },
    top_datamodels_by_credit_usage: await topDatamodels(byDatamodel, 'credits'),
  };
}

/** Zero-filled credits per bucket of the range (granularity from its length). */
export function creditsSeries(rows: UsageRow[], range: DayRange, granularity: Granularity = granularityOf(range)): CreditsPoint[] {
  const buckets = bucketsOf(range, granularity);
  const series = buckets.map((b) => ({ date: b.date, workspace_credits: 0, smartpage_credits: 0, api_credits: 0 }));
  const indexOf = bucketIndexer(buckets);
  for (const r of rows) {
    const point = series[indexOf(r.day)];
    if (!point) continue;
    if (r.origin === 'workspace') point.workspace_credits += r.credits;
    else if (r.origin === 'smartpage') point.smartpage_credits += r.credits;
    else point.api_credits += r.credits;
  }
  return series;
}
