'use client';
// The overview's answer quality for the period: the share of answers rated
// not helpful and of questions left unanswered, from the review queue's
// totals (GET /searcher/v1/review), with the way to fix them.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { apiFetch } from '@/components/api/client';
import { Card, CardBody, CardHeader, Skeleton, formatNumber, formatPercent } from '@/components/ui';
import type { ReviewPage } from '@/lib/review/contract';
import { queryString, type DateRange } from './params';

export function AnswerQuality({ range }: { range: DateRange }) {
  const review = useQuery({
    queryKey: ['usage', 'answer-quality', range],
    queryFn: () => apiFetch<ReviewPage>(`/searcher/v1/review${queryString({ start_date: range.start, end_date: range.end, limit: 1 })}`),
  });
  const totals = review.data?.totals;
  const share = (n: number) => (totals && totals.interactions ? formatPercent((n / totals.interactions) * 100) : '—');
  return (
    <Card className="mt-6" data-testid="answer-quality">
      <CardHeader
        title="Answer quality"
        description={
          totals
            ? `Of ${formatNumber(totals.interactions)} answers in this period${totals.interactions >= 5000 ? ' (the newest 5,000)' : ''}.`
            : 'Answers rated not helpful and questions nothing answered, in this period.'
        }
        actions={
          <Link href="/review" className="text-sm font-medium text-indigo-700 hover:underline">
            Open the review queue
          </Link>
        }
      />
      <CardBody>
        {review.isPending ? (
          <Skeleton className="h-12" />
        ) : review.isError ? (
          <p className="text-sm text-slate-500">Not available.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-slate-500">Rated not helpful</dt>
              <dd className="text-2xl font-semibold tabular-nums text-slate-900">{share(totals!.negative)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">Unanswered</dt>
              <dd className="text-2xl font-semibold tabular-nums text-slate-900">{share(totals!.unanswered)}</dd>
            </div>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
