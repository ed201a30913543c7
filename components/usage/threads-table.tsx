'use client';
// The table of /usage/threads: a row a conversation with its first question,
// asker, origin, datamodels, turns, tokens and ratings; the question opens it.
import { MessageSquareText } from 'lucide-react';
import { Card, cn, formatDateTime, formatNumber } from '@/components/ui';
import { ColumnHeads } from '@/components/ui/column-heads';
import type { ThreadsPage } from './api';
import { askerOf } from './asker';
import { EvaluationBadge } from './evaluation';
import { OriginBadge, originOf } from './thread-dialog';

export type Thread = ThreadsPage['results'][number];

// Narrow screens leave out the less needed columns: a column's head and its
// cells hide below the same width.
const FROM_SM = 'hidden sm:table-cell';
const FROM_MD = 'hidden md:table-cell';
// The datamodel (also in the thread's dialog) waits for a wide screen: beside the filters, the question needs the room.
const FROM_2XL = 'hidden 2xl:table-cell';
const HEAD = 'px-3 py-2.5 font-medium';

function summary(thread: Thread) {
  const evaluations = { positive: 0, negative: 0, neutral: 0 };
  let tokens = 0;
  let feedback = 0;
  for (const i of thread.interactions) {
    if (i.evaluation) evaluations[i.evaluation] += 1;
    if (i.feedback) feedback += 1;
    tokens += i.total_tokens;
  }
  const datamodels = [...new Set(thread.interactions.map((i) => i.datamodel || i.dataset))];
  const users = [...new Set(thread.interactions.map((i) => i.user.name || i.user.email).filter(Boolean))];
  const origin = originOf(thread.interactions[0]);
  return { evaluations, tokens, feedback, datamodels, users, origin };
}

export function ThreadsTable({ threads, onOpen }: { threads: Thread[]; onOpen: (t: Thread) => void }) {
  return (
    <Card className="overflow-hidden">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <ColumnHeads
            className="border-b border-slate-200 bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500"
            columns={[
              { label: 'Conversation', className: 'px-4 py-2.5 font-medium' },
              { label: 'Origin', className: cn(HEAD, FROM_MD) },
              { label: 'Datamodel', className: cn(HEAD, FROM_2XL) },
              { label: 'Turns', className: cn(HEAD, 'text-right') },
              { label: 'Tokens', className: cn(HEAD, 'text-right', FROM_SM) },
              { label: 'Rating', className: HEAD },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {threads.map((thread) => (
              <ThreadRow key={thread.conversation_id} thread={thread} onOpen={() => onOpen(thread)} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function ThreadRow({ thread, onOpen }: { thread: Thread; onOpen: () => void }) {
  const s = summary(thread);
  const first = thread.interactions[0];
  return (
    <tr className="align-top hover:bg-slate-50">
      <td className="w-full max-w-0 px-4 py-3">
        {/* Up to two lines of the question (all of it in the tooltip); a long unbroken word wraps too. */}
        <button
          type="button"
          onClick={onOpen}
          className="line-clamp-2 w-full rounded text-left font-medium text-indigo-700 [overflow-wrap:anywhere] hover:underline"
          title={first?.question}
        >
          {first?.question || 'Untitled thread'}
        </button>
        {/* Asker and last activity: the asker gives way (cut), the date stays whole, on a line of its own if it must. */}
        <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-slate-500">
          <span className="min-w-0 max-w-full truncate">{askerOf(s.origin, s.users)}</span>
          {/* The dot goes with the date, so a wrapped date does not leave it hanging at the end of the asker's line. */}
          <span className="whitespace-nowrap">
            <span aria-hidden="true">· </span>
            {formatDateTime(thread.updated_at)}
          </span>
          {s.feedback ? (
            <span className="inline-flex items-center gap-1 whitespace-nowrap text-amber-700">
              <MessageSquareText className="size-3" aria-hidden="true" />
              {formatNumber(s.feedback)} feedback
            </span>
          ) : null}
        </p>
      </td>
      <td className={cn('px-3 py-3', FROM_MD)}>
        <OriginBadge origin={s.origin} />
      </td>
      <td className={cn('max-w-[11rem] truncate px-3 py-3 text-slate-700', FROM_2XL)} title={s.datamodels.join(', ')}>
        {s.datamodels.join(', ')}
      </td>
      <td className="px-3 py-3 text-right tabular-nums">{formatNumber(thread.interactions.length)}</td>
      <td className={cn('px-3 py-3 text-right tabular-nums', FROM_SM)}>{formatNumber(s.tokens)}</td>
      <td className="px-3 py-3">
        <div className="flex flex-wrap gap-1">
          {(['positive', 'negative', 'neutral'] as const).map((e) =>
            s.evaluations[e] ? <EvaluationBadge key={e} evaluation={e} count={s.evaluations[e]} /> : null,
          )}
          {!s.evaluations.positive && !s.evaluations.negative && !s.evaluations.neutral ? <span className="text-xs text-slate-400">—</span> : null}
        </div>
      </td>
    </tr>
  );
}
