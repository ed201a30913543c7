'use client';
// /usage/credits: credits per period stacked by origin, the total against
// the previous period, and the top datamodels; filtered by period and datamodel.
import { BarChart3 } from 'lucide-react';
import { Card, CardBody, CardHeader, EmptyState, formatNumber } from '@/components/ui';
import { useMe } from '@/components/shell/use-me';
import { type CreditsReport, useCredits, useOverview } from './api';
import type { DateRange } from './params';
import { Change, Stat, TopDatamodelsByCredits } from './bits';
import { CreditsChart, ORIGIN_COLORS, ORIGIN_LABELS } from './charts';
import { SeriesTable } from './series-table';
import { SeriesReportPage } from './series-report-page';

const ORIGIN_HINTS = { workspace: 'in the console', smartpage: 'on smartpages', api: 'through the API' } as const;

export function CreditsView() {
  // EDITORs may read this report but not download the spreadsheet.
  const reports = useMe().data?.permissions.reports;
  const mayDownload = reports?.includes('report_download') ?? false;
  const mayReadOverview = reports?.includes('overview') ?? false;
  return (
    <SeriesReportPage
      title="Credits"
      mayDownload={mayDownload}
      useReport={useCredits}
      body={(report, view) => <CreditsBody report={report} range={view.range} datamodel={view.datamodel} mayReadOverview={mayReadOverview} />}
    />
  );
}

/**
 * The plan's credit limit (with any add-on) for the chart's limit line, from
 * the overview, which only OWNER and ADMIN may read; only for the whole
 * project: a datamodel's share has no limit of its own.
 */
function usePlanLimit(range: DateRange, enabled: boolean): number | null {
  const overview = useOverview(range, enabled);
  if (!enabled || !overview.data) return null;
  return overview.data.credit_limit + (overview.data.addon?.credits ?? 0);
}

function CreditsBody({ report, range, datamodel, mayReadOverview }: { report: CreditsReport; range: DateRange; datamodel: string; mayReadOverview: boolean }) {
  const limit = usePlanLimit(range, mayReadOverview && !datamodel);
  const details = report.credits_usage_details;
  const comparison = details.credits_previous_period_comparison;
  const byOrigin = { workspace: 0, smartpage: 0, api: 0 };
  for (const p of report.credits) {
    byOrigin.workspace += p.workspace_credits;
    byOrigin.smartpage += p.smartpage_credits;
    byOrigin.api += p.api_credits;
  }
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        <Stat
          className="sm:col-span-3 lg:col-span-1"
          label="Credits used"
          value={formatNumber(details.total_credits_used)}
          hint={<Change current={comparison.current_period_usage} previous={comparison.previous_period_usage} percent={comparison.percent_difference} />}
        />
        {(['workspace', 'smartpage', 'api'] as const).map((origin) => (
          <Stat
            key={origin}
            label={ORIGIN_LABELS[origin]}
            value={formatNumber(byOrigin[origin])}
            hint={
              <span className="inline-flex items-center gap-1.5">
                <span className="size-2 rounded-full" style={{ background: ORIGIN_COLORS[origin] }} aria-hidden="true" />
                {ORIGIN_HINTS[origin]}
              </span>
            }
          />
        ))}
      </div>
      <Card className="mt-6">
        <CardHeader
          title="Credits per period"
          description="Stacked by where the question was asked. Days up to a month, weeks up to six months, then months."
        />
        <CardBody>
          {details.total_credits_used === 0 ? (
            <EmptyState
              icon={<BarChart3 className="size-8" />}
              title="No credits used in this period"
              description="Questions asked in the console, on smartpages or through the API show up here."
            />
          ) : (
            <>
              <CreditsChart data={report.credits} limit={limit} />
              <SeriesTable
                rows={report.credits}
                columns={[
                  { key: 'workspace_credits', label: ORIGIN_LABELS.workspace },
                  { key: 'smartpage_credits', label: ORIGIN_LABELS.smartpage },
                  { key: 'api_credits', label: ORIGIN_LABELS.api },
                ]}
              />
            </>
          )}
        </CardBody>
      </Card>
      <TopDatamodelsByCredits className="mt-6" report={report} filtered={!!datamodel} />
    </>
  );
}
