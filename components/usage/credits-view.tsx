'use client';
// /usage/credits: credits per period stacked by origin, the total against
// the previous period, and the top datamodels; filtered by period and datamodel.
import { BarChart3 } from 'lucide-react';
import { Card, CardBody, CardHeader, EmptyState, formatNumber } from '@/components/ui';
import { useMe } from '@/components/shell/use-me';
import { type CreditsReport, useCredits } from './api';
import { Change, Stat, TopDatamodels } from './bits';
import { CreditsChart, ORIGIN_COLORS, ORIGIN_LABELS } from './charts';
import { SeriesTable } from './series-table';
import { SeriesReportPage } from './series-report-page';

const ORIGIN_HINTS = { workspace: 'in the console', smartpage: 'on smartpages', api: 'through the API' } as const;

export function CreditsView() {
  // EDITORs may read this report but not download the spreadsheet.
  const mayDownload = useMe().data?.permissions.reports.includes('report_download') ?? false;
  return <SeriesReportPage title="Credits" mayDownload={mayDownload} useReport={useCredits} body={(report) => <CreditsBody report={report} />} />;
}

function CreditsBody({ report }: { report: CreditsReport }) {
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
      <div className="grid grid-cols-3 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat
          className="col-span-3 lg:col-span-1"
          label="Credits used"
          value={formatNumber(details.total_credits_used)}
          hint={<Change current={comparison.current_period_usage} previous={comparison.previous_period_usage} percent={comparison.percent_difference} />}
        />
        {(['workspace', 'smartpage', 'api'] as const).map((origin) => (
          <Stat
            key={origin}
            label={ORIGIN_LABELS[origin]}
            value={formatNumber(byOrigin[origin])}
            hint={<span className="inline-flex items-center gap-1.5"><span className="size-2 rounded-full" style={{ background: ORIGIN_COLORS[origin] }} aria-hidden="true" />{ORIGIN_HINTS[origin]}</span>}
          />
        ))}
      </div>
      <Card className="mt-6">
        <CardHeader title="Credits per period" description="Stacked by where the question was asked. Days up to a month, weeks up to six months, then months." />
        <CardBody>
          {details.total_credits_used === 0 ? (
            <EmptyState icon={<BarChart3 className="size-8" />} title="No credits used in this period" description="Questions asked in the console, on smartpages or through the API show up here." />
          ) : (
            <>
              <CreditsChart data={report.credits} />
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
      <TopDatamodels
        className="mt-6"
        title="Top datamodels by credits"
        valueLabel="Credits"
        rows={report.top_datamodels_by_credit_usage.map((d) => ({ name: d.name, dataset: d.dataset, value: d.credits_used, tokens: d.tokens_processed, requests: d.api_requests, percentage: d.percentage }))}
      />
    </>
  );
}
