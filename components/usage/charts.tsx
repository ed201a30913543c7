'use client';
// The recharts charts of the dashboards. Series arrive zero-filled from the
// report endpoints; these components only draw them. Animation is off so
// what is on screen (and in screenshots) is the data, not a transition.
import { useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Label, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { cn, formatDate, formatNumber } from '@/components/ui';
import type { CreditsReport, TokensReport } from './api';
import { cumulative, minSliceSize, niceTicks, runningTotalAxis } from './chart-scale';

export const ORIGIN_COLORS = { workspace: '#6366f1', smartpage: '#14b8a6', api: '#f59e0b' } as const;
export const ORIGIN_LABELS = { workspace: 'Workspace', smartpage: 'Smartpages', api: 'API' } as const;
const LIMIT_COLOR = '#dc2626';
const CUMULATIVE_COLOR = '#334155';

const axisDate = (value: string) => formatDate(value, { month: 'short', day: 'numeric' });
const tooltipDate = (value: unknown) => (typeof value === 'string' ? formatDate(value) : String(value));
const percentOf = (share: number) => formatNumber(share, { style: 'percent', maximumFractionDigits: share < 0.01 ? 2 : 0 });
const compact = (value: number) => formatNumber(value, { notation: 'compact', maximumFractionDigits: 1 });
const tooltipNumber = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : String(value));

const AXIS = { stroke: '#64748b', fontSize: 12, tickLine: false, axisLine: false } as const;
const AXIS_TITLE = { fill: '#475569', fontSize: 12 } as const;

// The axes are built by plain functions, not components, so each chart's
// children stay recharts' own elements.

/** The horizontal axis: the first day of each period. */
function periodAxis() {
  return (
    <XAxis dataKey="date" tickFormatter={axisDate} {...AXIS} minTickGap={16} height={40}>
      <Label value="Period start" position="insideBottom" offset={0} style={AXIS_TITLE} />
    </XAxis>
  );
}

/** A value axis on one side, from 0 to the top of its round ticks, with its title along it. */
function valueAxis({ id, side, title, ticks }: { id: string; side: 'left' | 'right'; title: string; ticks: number[] }) {
  return (
    <YAxis yAxisId={id} orientation={side} tickFormatter={compact} {...AXIS} width={56} ticks={ticks} domain={[0, ticks.at(-1)!]} allowDecimals={false}>
      <Label
        value={title}
        angle={side === 'left' ? -90 : 90}
        position={side === 'left' ? 'insideLeft' : 'insideRight'}
        style={{ ...AXIS_TITLE, textAnchor: 'middle' }}
      />
    </YAxis>
  );
}

type Series = { key: string; label: string; color: string; kind: 'bar' | 'line' | 'limit' };

/** A legend of buttons: each shows or hides its series (keyboard and screen readers included). */
function ToggleLegend({
  series,
  hidden,
  onToggle,
  note,
}: {
  series: Series[];
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
  /** A line under the buttons (what the chart leaves out). */
  note?: string;
}) {
  const buttons = (
    <fieldset aria-label="Series shown" className="flex min-w-0 flex-wrap justify-center gap-x-1 gap-y-1 pt-2">
      {series.map((s) => {
        const shown = !hidden.has(s.key);
        return (
          <button
            key={s.key}
            type="button"
            aria-pressed={shown}
            onClick={() => onToggle(s.key)}
            title={shown ? `Hide ${s.label}` : `Show ${s.label}`}
            className={cn(
              'inline-flex items-center gap-1.5 rounded px-2 py-0.5 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500',
              shown ? 'text-slate-700' : 'text-slate-400 line-through',
            )}
          >
            {s.kind === 'limit' ? (
              <span className="w-3.5 shrink-0 border-t-2 border-dashed" style={{ borderColor: shown ? s.color : '#cbd5e1' }} aria-hidden="true" />
            ) : (
              <span
                className={cn('shrink-0', s.kind === 'line' ? 'h-0.5 w-3' : 'size-2.5 rounded-full')}
                style={{ background: shown ? s.color : '#cbd5e1' }}
                aria-hidden="true"
              />
            )}
            {s.label}
          </button>
        );
      })}
    </fieldset>
  );
  if (!note) return buttons;
  return (
    <div>
      {buttons}
      <p className="mt-1 text-center text-xs text-slate-500" data-testid="chart-note">
        {note}
      </p>
    </div>
  );
}

function useHiddenSeries() {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return { hidden, toggle };
}

const ORIGINS = ['workspace', 'smartpage', 'api'] as const;

/**
 * Credits per period, stacked by origin (left axis), and, when the plan's
 * limit is known, the running total with the limit on the right axis. The
 * right axis stretches to the limit only when the running total reaches a
 * quarter of it (else the total would lie flat along the bottom): a limit
 * out of reach is named under the chart instead of drawn.
 */
export function CreditsChart({ data, limit }: { data: CreditsReport['credits']; limit?: number | null }) {
  const { hidden, toggle } = useHiddenSeries();
  const shownOrigins = ORIGINS.filter((o) => !hidden.has(`${o}_credits`));
  const rows = (() => {
    const totals = cumulative(data.map((d) => d.workspace_credits + d.smartpage_credits + d.api_credits));
    return data.map((d, i) => ({ ...d, cumulative_credits: totals[i] }));
  })();
  const perPeriodMax = Math.max(0, ...data.map((d) => shownOrigins.reduce((sum, o) => sum + d[`${o}_credits`], 0)));
  const ticks = niceTicks(perPeriodMax);
  const withLimit = typeof limit === 'number' && limit > 0;
  const total = rows.at(-1)?.cumulative_credits ?? 0;
  const showCumulative = withLimit && !hidden.has('cumulative_credits');
  const right = runningTotalAxis(total, withLimit ? limit : null);
  const showLimit = showCumulative && right.limitInView && !hidden.has('plan_limit');
  const series: Series[] = [
    ...ORIGINS.map((o) => ({ key: `${o}_credits`, label: ORIGIN_LABELS[o], color: ORIGIN_COLORS[o], kind: 'bar' as const })),
    ...(withLimit ? [{ key: 'cumulative_credits', label: 'Running total (right axis)', color: CUMULATIVE_COLOR, kind: 'line' as const }] : []),
    ...(withLimit && right.limitInView
      ? [{ key: 'plan_limit', label: `Plan limit ${compact(limit)} (right axis)`, color: LIMIT_COLOR, kind: 'limit' as const }]
      : []),
  ];
  const note =
    withLimit && !right.limitInView && showCumulative
      ? `Plan limit: ${formatNumber(limit)} credits, off this scale (the running total is ${percentOf(total / limit)} of it).`
      : undefined;
  return (
    <div
      className="h-80 w-full"
      role="img"
      aria-label={`Credits per period, stacked by origin${withLimit ? `, with the running total; plan limit ${formatNumber(limit)} credits` : ''}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} yAxisId="credits" />
          {periodAxis()}
          {valueAxis({ id: 'credits', side: 'left', title: 'Credits per period', ticks })}
          {withLimit ? valueAxis({ id: 'total', side: 'right', title: 'Credits, running total', ticks: right.ticks }) : null}
          <Tooltip labelFormatter={tooltipDate} formatter={tooltipNumber} cursor={{ fill: '#f1f5f9' }} />
          <Legend content={() => <ToggleLegend series={series} hidden={hidden} onToggle={toggle} note={note} />} />
          {ORIGINS.map((origin) => (
            <Bar
              key={origin}
              yAxisId="credits"
              dataKey={`${origin}_credits`}
              name={ORIGIN_LABELS[origin]}
              stackId="credits"
              fill={ORIGIN_COLORS[origin]}
              hide={hidden.has(`${origin}_credits`)}
              minPointSize={minSliceSize(rows, `${origin}_credits`)}
              isAnimationActive={false}
              maxBarSize={40}
            />
          ))}
          {withLimit ? (
            <Line
              yAxisId="total"
              dataKey="cumulative_credits"
              name="Running total"
              stroke={CUMULATIVE_COLOR}
              strokeWidth={2}
              dot={false}
              hide={!showCumulative}
              type="linear"
              isAnimationActive={false}
            />
          ) : null}
          {/* No label on the line: the legend names it, and a label beside the axis ran into its ticks. */}
          {showLimit ? <ReferenceLine yAxisId="total" y={limit} stroke={LIMIT_COLOR} strokeDasharray="6 4" strokeWidth={1.5} /> : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export function TokensChart({ data }: { data: TokensReport['tokens'] }) {
  const { hidden, toggle } = useHiddenSeries();
  const tokenTicks = niceTicks(Math.max(0, ...data.map((d) => d.processed_tokens)));
  const requestTicks = niceTicks(Math.max(0, ...data.map((d) => d.api_requests)));
  const series: Series[] = [
    { key: 'processed_tokens', label: 'Processed tokens', color: '#6366f1', kind: 'bar' },
    { key: 'api_requests', label: 'Requests', color: '#f59e0b', kind: 'line' },
  ];
  return (
    <div className="h-80 w-full" role="img" aria-label="Processed tokens and API requests per period">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} yAxisId="tokens" />
          {periodAxis()}
          {valueAxis({ id: 'tokens', side: 'left', title: 'Tokens per period', ticks: tokenTicks })}
          {valueAxis({ id: 'requests', side: 'right', title: 'Requests per period', ticks: requestTicks })}
          <Tooltip labelFormatter={tooltipDate} formatter={tooltipNumber} cursor={{ fill: '#f1f5f9' }} />
          <Legend content={() => <ToggleLegend series={series} hidden={hidden} onToggle={toggle} />} />
          <Bar
            yAxisId="tokens"
            dataKey="processed_tokens"
            name="Processed tokens"
            fill="#6366f1"
            hide={hidden.has('processed_tokens')}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
            maxBarSize={40}
          />
          <Line
            yAxisId="requests"
            dataKey="api_requests"
            name="Requests"
            stroke="#f59e0b"
            strokeWidth={2}
            hide={hidden.has('api_requests')}
            dot={data.length <= 14 ? { r: 2 } : false}
            type="linear"
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
