'use client';
// /usage: the plan, the period, the credit gauge, the counters of the
// project and the datamodels that used the most credits.
import { Boxes, CalendarClock, Database, FileText, Globe, Lock, Sigma, Users, Zap } from 'lucide-react';
import Link from 'next/link';
import { Badge, Card, CardBody, CardHeader, LoadingCard, QueryView, Skeletons, formatDate, formatNumber } from '@/components/ui';
import { useCredits, useOverview, type OverviewReport } from './api';
import { TopDatamodelsByCredits } from './bits';
import { CreditGauge } from './credit-gauge';
import { DownloadButton } from './download-button';
import { usedOfLimit } from './params';
import { ReportHeader } from './report-header';
import { AnswerQuality } from './answer-quality';
import { useReportRange } from './use-report-range';

export function OverviewView() {
  const { range, setRange } = useReportRange();
  const overview = useOverview(range);
  const credits = useCredits(range);

  return (
    <div>
      <ReportHeader title="Usage overview" range={range} onRangeChange={setRange} actions={<DownloadButton range={range} />} />

      <QueryView
        query={overview}
        loading={<Skeletons className="grid gap-4 lg:grid-cols-3" blocks={['h-48 lg:col-span-1', 'h-48 lg:col-span-2']} />}
        errorTitle="Could not load the overview"
        dim
      >
        {(data) => (
          <>
            <div className="grid gap-4 lg:grid-cols-3">
              <PlanCard overview={data} />
              <div className="lg:col-span-2">
                <CreditGauge overview={data} />
              </div>
            </div>
            <Counters overview={data} />
          </>
        )}
      </QueryView>

      <AnswerQuality range={range} />

      <div className="mt-6">
        <QueryView query={credits} loading={<LoadingCard lines={4} label="Loading top datamodels" />} errorTitle="Could not load the top datamodels">
          {(data) => <TopDatamodelsByCredits report={data} />}
        </QueryView>
        <p className="mt-3 text-sm text-slate-500">
          Details:{' '}
          <Link className="text-indigo-700 hover:underline" href={`/usage/credits?start=${range.start}&end=${range.end}`}>
            credits
          </Link>{' '}
          ·{' '}
          <Link className="text-indigo-700 hover:underline" href={`/usage/tokens?start=${range.start}&end=${range.end}`}>
            tokens
          </Link>{' '}
          ·{' '}
          <Link className="text-indigo-700 hover:underline" href="/usage/threads">
            threads
          </Link>
        </p>
      </div>
    </div>
  );
}

function PlanCard({ overview }: { overview: OverviewReport }) {
  return (
    <Card>
      <CardHeader title="Plan" actions={overview.trial_period ? <Badge tone="info">Trial</Badge> : null} />
      <CardBody>
        <p className="text-2xl font-semibold text-slate-900">{overview.plan}</p>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500">Billing</dt>
            <dd className="font-medium capitalize text-slate-800">{overview.plan_interval}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="inline-flex items-center gap-1 text-slate-500">
              <CalendarClock className="size-3.5" aria-hidden="true" /> Period ends
            </dt>
            <dd className="font-medium text-slate-800">{formatDate(overview.end_date)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500">Trial</dt>
            <dd className="font-medium text-slate-800">{overview.trial_period ? 'In trial' : overview.did_trial_period ? 'Completed' : 'Not used'}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500">Signed in as</dt>
            <dd className="truncate font-medium text-slate-800">{overview.user}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}

function Counters({ overview }: { overview: OverviewReport }) {
  const p = overview.project_data;
  // "<used> / <limit>" from the API, with both numbers in the reader's locale.
  const count = (text: string) => {
    const parsed = usedOfLimit(text);
    return { value: parsed ? `${formatNumber(parsed.used)} / ${formatNumber(parsed.limit)}` : text, meter: parsed ?? undefined };
  };
  const items: { label: string; value: string; icon: React.ReactNode; meter?: { used: number; limit: number } }[] = [
    { label: 'Datamodels', ...count(overview.datamodel_count), icon: <Boxes className="size-4" /> },
    { label: 'Public smartpages', ...count(overview.public_smartpage_count), icon: <Globe className="size-4" /> },
    { label: 'Private smartpages', ...count(overview.private_smartpage_count), icon: <Lock className="size-4" /> },
    { label: 'Private smartpage users', ...count(overview.private_smartpage_user_count), icon: <Users className="size-4" /> },
    {
      label: 'Indexed tokens',
      value: `${formatNumber(p.total_indexed_tokens)} / ${formatNumber(p.indexed_tokens_limit)}`,
      icon: <Sigma className="size-4" />,
      meter: { used: p.total_indexed_tokens, limit: p.indexed_tokens_limit },
    },
    { label: 'Datasets', value: formatNumber(p.datasets), icon: <Database className="size-4" /> },
    { label: 'Contents', value: formatNumber(p.contents), icon: <FileText className="size-4" /> },
    { label: 'Processed tokens', value: formatNumber(p.total_processed_tokens), icon: <Sigma className="size-4" /> },
    { label: 'Requests', value: formatNumber(p.total_api_requests), icon: <Zap className="size-4" /> },
  ];
  return (
    <section aria-labelledby="counters-heading" className="mt-6">
      <h2 id="counters-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Project
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
        {items.map((item) => (
          <li key={item.label}>
            <Card className="h-full p-4">
              <p className="flex items-center gap-1.5 text-sm text-slate-500">
                <span aria-hidden="true" className="text-slate-400">
                  {item.icon}
                </span>
                {item.label}
              </p>
              <p className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{item.value}</p>
              {item.meter ? <Meter {...item.meter} /> : null}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Meter({ used, limit }: { used: number; limit: number }) {
  const pct = limit > 0 ? Math.min((used / limit) * 100, 100) : used > 0 ? 100 : 0;
  return (
    <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
      <div className={pct >= 100 ? 'h-full bg-red-500' : pct >= 80 ? 'h-full bg-amber-500' : 'h-full bg-indigo-500'} style={{ width: `${pct}%` }} />
    </div>
  );
}
