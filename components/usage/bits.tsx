'use client';
// Small pieces the report pages share: figure cards, the change against the
// previous period, and the top-datamodels table.
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { Card, CardHeader, cn, formatNumber, formatPercent } from '@/components/ui';
import { ColumnHeads } from '@/components/ui/column-heads';
import type { CreditsReport, TokensReport } from './api';
import { remainderOf } from './chart-scale';

export function Stat({ label, value, hint, className }: { label: string; value: React.ReactNode; hint?: React.ReactNode; className?: string }) {
  return (
    <Card className={cn('p-4', className)}>
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums tracking-tight text-slate-900">{value}</p>
      {hint ? <div className="mt-1 text-xs text-slate-500">{hint}</div> : null}
    </Card>
  );
}

/** "+12 % vs previous period" with an arrow; more usage is shown neutral-to-amber, not as good or bad. */
export function Change({ current, previous, percent }: { current: number; previous: number; percent?: number }) {
  // Nothing before: a percentage ("+100 %") would invent a growth rate.
  if (previous === 0) {
    return (
      <span className="inline-flex items-center gap-1">
        <Minus className="size-3.5 text-slate-400" aria-hidden="true" />
        <span>{current > 0 ? 'No usage in the previous period' : 'No usage in either period'}</span>
      </span>
    );
  }
  const pct = percent ?? ((current - previous) / previous) * 100;
  const Icon = pct > 0 ? ArrowUpRight : pct < 0 ? ArrowDownRight : Minus;
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className={cn('size-3.5', pct > 0 ? 'text-amber-600' : pct < 0 ? 'text-emerald-600' : 'text-slate-400')} aria-hidden="true" />
      <span>
        {pct > 0 ? '+' : ''}
        {formatPercent(pct)} vs previous period ({formatNumber(previous)})
      </span>
    </span>
  );
}

const NUMBER_HEAD = 'px-3 py-2 text-right font-medium';

export type TopRow = { name: string; dataset: string; value: number; tokens: number; requests: number; percentage: number };

/** A report's top datamodels as table rows; `rankedBy` picks the figure the report ranks them by. */
export function topRows<D extends TokensReport['top_datamodels_by_token_usage'][number]>(datamodels: D[], rankedBy: (d: D) => number): TopRow[] {
  return datamodels.map((d) => ({
    name: d.name,
    dataset: d.dataset,
    value: rankedBy(d),
    tokens: d.tokens_processed,
    requests: d.api_requests,
    percentage: d.percentage,
  }));
}

/**
 * The top datamodels and, when `total` is given, a last row for what they
 * leave out: questions asked of a dataset with a preset (no datamodel), or,
 * with five rows listed, other datamodels too. `filtered`: the report shows
 * one datamodel, so nothing else belongs in it.
 */
export function TopDatamodels({
  title,
  valueLabel,
  rows,
  total,
  filtered = false,
  className,
}: {
  title: string;
  valueLabel: string;
  rows: TopRow[];
  total?: number;
  filtered?: boolean;
  className?: string;
}) {
  const rest =
    total !== undefined && !filtered
      ? remainderOf(
          total,
          rows.map((r) => r.value),
        )
      : 0;
  const restLabel = rows.length < 5 ? 'Without a datamodel' : 'Other datamodels or none';
  return (
    <Card className={className}>
      <CardHeader title={title} description="Up to five, for the period and filter shown." />
      {rows.length === 0 && rest === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">Nothing was asked in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          {/* On a phone the table keeps the datamodel, its figure and its share; tokens and requests go under the name. */}
          <table className="w-full text-sm sm:min-w-[32rem]">
            <ColumnHeads
              columns={[
                { label: 'Datamodel', className: 'px-5 py-2 font-medium' },
                { label: valueLabel, className: NUMBER_HEAD },
                valueLabel !== 'Tokens' && { label: 'Tokens', className: cn(NUMBER_HEAD, WIDE_ONLY) },
                { label: 'Requests', className: cn(NUMBER_HEAD, WIDE_ONLY) },
                { label: 'Share', className: 'w-28 px-3 py-2 font-medium sm:w-40 sm:px-5' },
              ]}
            />
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={`${row.name}-${row.dataset}`}>
                  <td className="px-5 py-2.5">
                    <p className="font-medium text-slate-800">{row.name}</p>
                    <p className="text-xs text-slate-500">{row.dataset}</p>
                    <p className="text-xs text-slate-500 sm:hidden">
                      {valueLabel !== 'Tokens' ? `${formatNumber(row.tokens)} tokens · ` : ''}
                      {formatNumber(row.requests)} {row.requests === 1 ? 'request' : 'requests'}
                    </p>
                  </td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{formatNumber(row.value)}</td>
                  {valueLabel !== 'Tokens' ? <td className={cn('px-3 py-2.5 text-right tabular-nums', WIDE_ONLY)}>{formatNumber(row.tokens)}</td> : null}
                  <td className={cn('px-3 py-2.5 text-right tabular-nums', WIDE_ONLY)}>{formatNumber(row.requests)}</td>
                  <td className="px-3 py-2.5 sm:px-5">
                    <ShareBar percentage={row.percentage} />
                  </td>
                </tr>
              ))}
              {rest > 0 ? (
                <tr data-testid="top-datamodels-rest">
                  <td className="px-5 py-2.5">
                    <p className="font-medium text-slate-800">{restLabel}</p>
                    <p className="text-xs text-slate-500">
                      {rows.length < 5 ? 'asked of a dataset with a preset' : 'beyond the top five, or asked of a dataset with a preset'}
                    </p>
                  </td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{formatNumber(rest)}</td>
                  {valueLabel !== 'Tokens' ? <td className={cn('px-3 py-2.5 text-right text-slate-400', WIDE_ONLY)}>—</td> : null}
                  <td className={cn('px-3 py-2.5 text-right text-slate-400', WIDE_ONLY)}>—</td>
                  <td className="px-3 py-2.5 sm:px-5">
                    <ShareBar percentage={total ? (rest / total) * 100 : 0} muted />
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** Columns a phone leaves out. */
const WIDE_ONLY = 'hidden sm:table-cell';

function ShareBar({ percentage, muted = false }: { percentage: number; muted?: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100">
        <div className={cn('h-full rounded-full', muted ? 'bg-slate-400' : 'bg-indigo-500')} style={{ width: `${Math.min(percentage, 100)}%` }} />
      </div>
      <span className="w-12 text-right text-xs tabular-nums text-slate-600">{formatPercent(percentage)}</span>
    </div>
  );
}

/** The credits report's top datamodels, as the overview and the credits page show them. */
export function TopDatamodelsByCredits({ report, filtered, className }: { report: CreditsReport; filtered?: boolean; className?: string }) {
  return (
    <TopDatamodels
      className={className}
      title="Top datamodels by credits"
      valueLabel="Credits"
      rows={topRows(report.top_datamodels_by_credit_usage, (d) => d.credits_used)}
      total={report.credits_usage_details.total_credits_used}
      filtered={filtered}
    />
  );
}
