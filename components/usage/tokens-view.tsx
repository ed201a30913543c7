'use client';
// /usage/tokens: processed tokens and requests per period, the total against
// the previous period, usage by origin and the top datamodels.
import { Sigma } from 'lucide-react';
import { Card, CardBody, CardHeader, EmptyState, formatNumber, formatPercent } from '@/components/ui';
import { type TokensReport, useTokens } from './api';
import { Change, Stat, TopDatamodels, topRows } from './bits';
import { ORIGIN_COLORS, ORIGIN_LABELS, TokensChart } from './charts';
import { SeriesTable } from './series-table';
import { SeriesReportPage } from './series-report-page';

export function TokensView() {
  // Only roles that may download reach this page (EDITORs read credits only).
  return <SeriesReportPage title="Tokens" mayDownload useReport={useTokens} body={(report, view) => <TokensBody report={report} view={view} />} />;
}

function TokensBody({ report, view }: { report: TokensReport; view: { datamodel: string } }) {
  const details = report.token_usage_details;
  const requests = report.tokens.reduce((sum, p) => sum + p.api_requests, 0);
  const origins = details.usage_by_origin;
  const originTotal = origins.workspace + origins.smartpage + origins.api;
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Stat
          label="Processed tokens"
          value={formatNumber(details.total_tokens_processed)}
          hint={
            <Change current={details.tokens_previous_period_comparison.current_period} previous={details.tokens_previous_period_comparison.previous_period} />
          }
        />
        <Stat label="Requests" value={formatNumber(requests)} hint="Questions answered in the period" />
        <Card className="col-span-2 p-4 lg:col-span-1">
          <p className="text-sm text-slate-500">By origin</p>
          <ul className="mt-2 space-y-1.5 text-sm">
            {(['workspace', 'smartpage', 'api'] as const).map((origin) => (
              <li key={origin} className="flex items-center gap-2">
                <span className="size-2.5 rounded-full" style={{ background: ORIGIN_COLORS[origin] }} aria-hidden="true" />
                <span className="flex-1 text-slate-700">{ORIGIN_LABELS[origin]}</span>
                <span className="tabular-nums font-medium text-slate-900">{formatNumber(origins[origin])}</span>
                <span className="w-14 text-right text-xs tabular-nums text-slate-500">
                  {formatPercent(originTotal ? (origins[origin] / originTotal) * 100 : 0)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <Card className="mt-6">
        <CardHeader title="Tokens per period" description="Bars: tokens processed by the language model. Line: requests." />
        <CardBody>
          {details.total_tokens_processed === 0 && requests === 0 ? (
            <EmptyState
              icon={<Sigma className="size-8" />}
              title="No tokens processed in this period"
              description="Questions asked in the console, on smartpages or through the API show up here."
            />
          ) : (
            <>
              <TokensChart data={report.tokens} />
              <SeriesTable
                rows={report.tokens}
                columns={[
                  { key: 'processed_tokens', label: 'Processed tokens' },
                  { key: 'api_requests', label: 'Requests' },
                ]}
              />
            </>
          )}
        </CardBody>
      </Card>
      <TopDatamodels
        className="mt-6"
        title="Top datamodels by tokens"
        valueLabel="Tokens"
        rows={topRows(report.top_datamodels_by_token_usage, (d) => d.tokens_processed)}
        total={report.token_usage_details.total_tokens_processed}
        filtered={!!view.datamodel}
      />
    </>
  );
}
