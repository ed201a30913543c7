'use client';
// The runs of an evaluation set: a table of their figures, the figures over
// time as a chart, and which questions got better or worse since the
// previous run (and what was not found first).
import { CartesianGrid, Label, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Badge, Card, CardBody, CardHeader, ProgressBar, formatDateTime, formatNumber } from '@/components/ui';
import { ColumnHeads } from '@/components/ui/column-heads';
import { compareRuns } from './run-compare';
import { type RunSummary, useRun } from './use-evaluation';

const SCORE_HEAD = 'px-3 py-2 text-right font-medium';

export const pct = (x: number) => `${formatNumber(x * 100, { maximumFractionDigits: 1 })} %`;

export function RunsCard({ setId, runs }: { setId: number; runs: RunSummary[] }) {
  const finished = runs.filter((r) => r.status === 'done');
  const latest = useRun(setId, finished[0]?.id ?? null);
  const previous = useRun(setId, finished[1]?.id ?? null);
  const changes = latest.data && previous.data ? compareRuns(previous.data.results, latest.data.results) : null;
  const chart = [...finished]
    .reverse()
    .map((r) => ({ when: formatDateTime(r.started_at), 'Recall@1': r.recall_at_1, 'Recall@5': r.recall_at_5, 'MRR@10': r.mrr_at_10 }));
  return (
    <Card>
      <CardHeader
        title="Runs"
        description="Newest first. Ranks count distinct documents; a question scores when its expected source is among the first 1 / 5 / 10."
      />
      <CardBody className="space-y-5">
        {chart.length >= 2 ? (
          // overflow-hidden: while the chart re-measures after a resize, its old width must not widen the page.
          <div className="h-64 w-full min-w-0 overflow-hidden" role="img" aria-label="Recall@1, recall@5 and MRR@10 per run">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={chart} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                <CartesianGrid stroke="#e2e8f0" vertical={false} />
                <XAxis dataKey="when" stroke="#64748b" fontSize={12} tickLine={false} height={40} minTickGap={24}>
                  <Label value="Run" position="insideBottom" offset={0} style={{ fill: '#475569', fontSize: 12 }} />
                </XAxis>
                <YAxis
                  domain={[0, 1]}
                  ticks={[0, 0.25, 0.5, 0.75, 1]}
                  tickFormatter={(v: number) => `${v * 100} %`}
                  stroke="#64748b"
                  fontSize={12}
                  tickLine={false}
                  width={56}
                >
                  <Label value="Share of questions" angle={-90} position="insideLeft" style={{ fill: '#475569', fontSize: 12, textAnchor: 'middle' }} />
                </YAxis>
                <Tooltip formatter={(v: unknown) => (typeof v === 'number' ? pct(v) : String(v))} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Line dataKey="Recall@1" stroke="#6366f1" strokeWidth={2} isAnimationActive={false} />
                <Line dataKey="Recall@5" stroke="#14b8a6" strokeWidth={2} isAnimationActive={false} />
                <Line dataKey="MRR@10" stroke="#f59e0b" strokeWidth={2} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        ) : null}
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <ColumnHeads
              columns={[
                { label: 'Started', className: 'py-2 pr-3 font-medium' },
                { label: 'Against', className: 'px-3 py-2 font-medium' },
                { label: 'R@1', className: SCORE_HEAD },
                { label: 'R@5', className: SCORE_HEAD },
                { label: 'MRR@10', className: SCORE_HEAD },
                { label: 'Time', className: 'py-2 pl-3 text-right font-medium' },
              ]}
            />
            <tbody className="divide-y divide-slate-100">
              {runs.map((r) => (
                <tr key={r.id} data-testid="evaluation-run">
                  <td className="py-2 pr-3 text-slate-700">{formatDateTime(r.started_at)}</td>
                  <td className="px-3 py-2 text-slate-700">{r.target}</td>
                  {r.status === 'done' ? (
                    <>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{pct(r.recall_at_1)}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{pct(r.recall_at_5)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatNumber(r.mrr_at_10, { maximumFractionDigits: 3 })}</td>
                      <td className="whitespace-nowrap py-2 pl-3 text-right tabular-nums">
                        {r.duration_ms < 1000 ? `${formatNumber(r.duration_ms)} ms` : `${formatNumber(r.duration_ms / 1000, { maximumFractionDigits: 1 })} s`}
                      </td>
                    </>
                  ) : r.status === 'running' ? (
                    <td colSpan={4} className="px-3 py-2">
                      <div className="flex items-center gap-2">
                        <ProgressBar className="h-1.5 flex-1" label="Run progress" value={r.done} max={r.total} />
                        <span className="text-xs tabular-nums text-slate-600">
                          {formatNumber(r.done)} / {formatNumber(r.total)}
                        </span>
                      </div>
                    </td>
                  ) : (
                    <td colSpan={4} className="px-3 py-2 text-sm text-red-700">
                      {r.error ?? 'Failed'}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {changes ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <ChangeList title="Better since the previous run" tone="success" items={changes.better} />
            <ChangeList title="Worse since the previous run" tone="danger" items={changes.worse} />
          </div>
        ) : null}
        {latest.data ? <Misses results={latest.data.results} /> : null}
      </CardBody>
    </Card>
  );
}

const rankText = (rank: number | null) => (rank === null ? 'not in the top 10' : `#${rank}`);

function ChangeList({
  title,
  tone,
  items,
}: {
  title: string;
  tone: 'success' | 'danger';
  items: { question: string; before: number | null; after: number | null }[];
}) {
  return (
    <div>
      <h3 className="mb-1.5 text-sm font-semibold text-slate-800">
        {title} <Badge tone={items.length ? tone : 'neutral'}>{items.length}</Badge>
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">None.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {items.slice(0, 20).map((c) => (
            <li key={c.question} className="text-slate-700">
              {c.question}{' '}
              <span className="text-xs text-slate-500">
                ({rankText(c.before)} → {rankText(c.after)})
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Misses({ results }: { results: { question: string; rank: number | null; top: string[] }[] }) {
  const misses = results.filter((r) => r.rank !== 1);
  if (misses.length === 0) return <p className="text-sm text-emerald-700">Every question found its source first.</p>;
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-slate-700">Not first in the latest run ({misses.length})</summary>
      <ul className="mt-2 space-y-1.5 text-sm">
        {misses.map((m) => (
          <li key={m.question} className="text-slate-700">
            {m.question}{' '}
            <span className="text-xs text-slate-500">
              — {rankText(m.rank)}; found first: {m.top[0] ?? 'nothing'}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
