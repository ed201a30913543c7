'use client';
// The recharts charts of the dashboards. Series arrive zero-filled from the
// report endpoints; these components only draw them. Animation is off so
// what is on screen (and in screenshots) is the data, not a transition.
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatNumber } from '@/components/ui';
import type { CreditsReport, TokensReport } from './api';

export const ORIGIN_COLORS = { workspace: '#6366f1', smartpage: '#14b8a6', api: '#f59e0b' } as const;
export const ORIGIN_LABELS = { workspace: 'Workspace', smartpage: 'Smartpages', api: 'API' } as const;

const axisDate = (value: string) => formatDate(value, { month: 'short', day: 'numeric' });
const tooltipDate = (value: unknown) => (typeof value === 'string' ? formatDate(value) : String(value));
const compact = (value: number) => formatNumber(value, { notation: 'compact', maximumFractionDigits: 1 });
const tooltipNumber = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : String(value));

const AXIS = { stroke: '#94a3b8', fontSize: 12, tickLine: false, axisLine: false } as const;

export function CreditsChart({ data }: { data: CreditsReport['credits'] }) {
  return (
    <div className="h-72 w-full" role="img" aria-label="Credits per period, stacked by origin">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="date" tickFormatter={axisDate} {...AXIS} minTickGap={16} />
          <YAxis tickFormatter={compact} {...AXIS} width={48} allowDecimals={false} />
          <Tooltip labelFormatter={tooltipDate} formatter={tooltipNumber} cursor={{ fill: '#f1f5f9' }} />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
          {(['workspace', 'smartpage', 'api'] as const).map((origin, i, all) => (
            <Bar
              key={origin}
              dataKey={`${origin}_credits`}
              name={ORIGIN_LABELS[origin]}
              stackId="credits"
              fill={ORIGIN_COLORS[origin]}
              radius={i === all.length - 1 ? [3, 3, 0, 0] : 0}
              isAnimationActive={false}
              maxBarSize={40}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function TokensChart({ data }: { data: TokensReport['tokens'] }) {
  return (
    <div className="h-72 w-full" role="img" aria-label="Processed tokens and API requests per period">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="date" tickFormatter={axisDate} {...AXIS} minTickGap={16} />
          <YAxis yAxisId="tokens" tickFormatter={compact} {...AXIS} width={48} allowDecimals={false} />
          <YAxis yAxisId="requests" orientation="right" tickFormatter={compact} {...AXIS} width={40} allowDecimals={false} />
          <Tooltip labelFormatter={tooltipDate} formatter={tooltipNumber} cursor={{ fill: '#f1f5f9' }} />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="tokens" dataKey="processed_tokens" name="Processed tokens" fill="#6366f1" radius={[3, 3, 0, 0]} isAnimationActive={false} maxBarSize={40} />
          <Line yAxisId="requests" dataKey="api_requests" name="Requests" stroke="#f59e0b" strokeWidth={2} dot={data.length <= 14 ? { r: 2 } : false} type="linear" isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
