'use client';
// One question of the review queue: why it is there, the latest answer and
// its rating, the passages it cited, and what a reviewer can do about it.
import { CheckCircle2, FlaskConical, PenLine } from 'lucide-react';
import { Badge, Button, Card, formatDateTime, formatNumber } from '@/components/ui';
import type { ReviewGroup, ReviewKind } from './use-review';

export const KIND_LOOK: Record<ReviewKind, { label: string; tone: 'danger' | 'warning' | 'neutral' }> = {
  negative: { label: 'Rated not helpful', tone: 'danger' },
  unanswered: { label: 'Unanswered', tone: 'warning' },
  low_score: { label: 'Weak matches', tone: 'neutral' },
};
const ORIGIN_NAMES: Record<string, string> = { workspace: 'Console', smartpage: 'Smartpage', api: 'API' };
export function ReviewCard({
  group,
  resolving,
  onResolve,
  onCurate,
  onAddToSet,
}: {
  group: ReviewGroup;
  resolving: boolean;
  onResolve: () => void;
  onCurate: () => void;
  onAddToSet: () => void;
}) {
  const latest = group.latest;
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 flex-1">
            <p className="break-words font-medium text-slate-900">{group.question}</p>
            <p className="mt-0.5 text-xs text-slate-500">
              {group.count === 1 ? 'Asked once' : `Asked ${formatNumber(group.count)} times`} · last {formatDateTime(latest.created_at)} ·{' '}
              {ORIGIN_NAMES[latest.origin] ?? latest.origin} · {latest.datamodel || latest.dataset}
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            {group.kinds.map((kind) => (
              <Badge key={kind} tone={KIND_LOOK[kind].tone}>
                {KIND_LOOK[kind].label}
              </Badge>
            ))}
          </div>
        </div>
        {/* The clamp sits inside the padded box: padding under a clamped block would show part of a fourth line. */}
        <div className="mt-3 rounded-md bg-slate-50 px-3 py-2">
          <p className="line-clamp-3 whitespace-pre-line text-sm text-slate-700">{latest.answer || 'No answer text'}</p>
        </div>
        {latest.feedback || latest.feedback_options?.length ? (
          <p className="mt-2 text-sm text-amber-900">
            {latest.feedback_options?.map((reason) => (
              <Badge key={reason} tone="warning" className="mr-1">
                {reason}
              </Badge>
            ))}
            {latest.feedback ? <q>{latest.feedback}</q> : null}
          </p>
        ) : null}
        {latest.sources.length ? (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-xs font-medium text-slate-600">
              Cited {latest.sources.length === 1 ? '1 passage' : `${latest.sources.length} passages`}:{' '}
              {[...new Set(latest.sources.map((s) => s.content))].join(', ')}
            </summary>
            <ol className="mt-2 space-y-2">
              {latest.sources.map((s, i) => (
                <li key={i} className="rounded border border-slate-200 px-3 py-2 text-xs text-slate-600">
                  <span className="font-medium text-slate-800">{s.content}</span> · relevance {formatNumber(s.score, { maximumFractionDigits: 3 })}
                  {s.context ? <p className="mt-1 line-clamp-3 whitespace-pre-line">{s.context}</p> : null}
                </li>
              ))}
            </ol>
          </details>
        ) : (
          <p className="mt-2 text-xs text-slate-500">No passage matched this question.</p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={onCurate}>
            <PenLine className="size-4" aria-hidden="true" /> Write a curated answer
          </Button>
          <Button size="sm" variant="secondary" loading={resolving} onClick={onResolve}>
            <CheckCircle2 className="size-4" aria-hidden="true" /> Mark resolved
          </Button>
          <Button size="sm" variant="ghost" onClick={onAddToSet}>
            <FlaskConical className="size-4" aria-hidden="true" /> Add to evaluation set
          </Button>
        </div>
      </Card>
    </li>
  );
}
