'use client';
// The credit gauge of the overview: credits used against the plan's limit,
// the add-on pack on top of it, and any overflow beyond both.
import { Badge, Card, CardBody, CardHeader, formatNumber, formatPercent } from '@/components/ui';
import type { OverviewReport } from './api';
import { gaugeShares } from './params';

export function CreditGauge({ overview }: { overview: OverviewReport }) {
  const addonCredits = overview.addon?.credits ?? 0;
  const used = overview.total_credit_used;
  const shares = gaugeShares(used, overview.credit_limit, addonCredits);
  // A sliver stays visible when a little was used: 0 % would read as "nothing".
  if (used > 0 && shares.plan + shares.addon + shares.overflow < 0.5) shares.plan = 0.5;
  const percentLabel =
    overview.percentage_credit_used > 0 && overview.percentage_credit_used < 0.1 ? `< ${formatPercent(0.1)}` : formatPercent(overview.percentage_credit_used);
  const over = overview.overflow_credits_usage > 0;
  const tone = over ? 'danger' : overview.percentage_credit_used >= 80 ? 'warning' : 'success';
  return (
    <Card>
      <CardHeader
        title="Credits"
        description="Credits are tokens with the model's fee applied; they are what the plan counts."
        actions={<Badge tone={tone}>{percentLabel} used</Badge>}
      />
      <CardBody>
        <p className="text-3xl font-semibold tabular-nums tracking-tight text-slate-900">
          {formatNumber(used)}
          <span className="ml-2 text-base font-normal text-slate-500">of {formatNumber(overview.credit_limit + addonCredits)} credits</span>
        </p>
        {/* biome-ignore lint/a11y/useSemanticElements: one bar in three coloured parts (plan, add-on, overflow); a <meter> draws a single fill. */}
        <div
          className="mt-4 flex h-3 overflow-hidden rounded-full bg-slate-100"
          role="meter"
          aria-label="Credits used"
          aria-valuemin={0}
          aria-valuemax={overview.credit_limit + addonCredits}
          aria-valuenow={used}
          aria-valuetext={`${formatNumber(used)} of ${formatNumber(overview.credit_limit + addonCredits)} credits`}
        >
          <div className="bg-indigo-500" style={{ width: `${shares.plan}%` }} />
          <div className="bg-teal-500" style={{ width: `${shares.addon}%` }} />
          <div className="bg-red-500" style={{ width: `${shares.overflow}%` }} />
        </div>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
          <Legend color="bg-indigo-500" label="Plan limit" value={formatNumber(overview.credit_limit)} />
          <Legend
            color="bg-teal-500"
            label={overview.addon ? `Add-on: ${overview.addon.addon_name}` : 'Add-on'}
            value={overview.addon ? formatNumber(addonCredits) : 'None'}
          />
          <Legend color="bg-red-500" label="Overflow" value={formatNumber(overview.overflow_credits_usage)} emphasis={over} />
        </dl>
        {over ? (
          <p role="status" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {formatNumber(overview.overflow_credits_usage)} credits were used beyond the plan and its add-on in this period.
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}

function Legend({ color, label, value, emphasis = false }: { color: string; label: string; value: string; emphasis?: boolean }) {
  return (
    <div className="flex items-start gap-2">
      <span className={`mt-1.5 size-2.5 shrink-0 rounded-full ${color}`} aria-hidden="true" />
      <div>
        <dt className="text-slate-500">{label}</dt>
        <dd className={emphasis ? 'font-semibold text-red-700' : 'font-semibold text-slate-900'}>{value}</dd>
      </div>
    </div>
  );
}
