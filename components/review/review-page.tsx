'use client';
// /review: what the knowledge did not answer well, and the curated answers
// written for it. Editors mark a question resolved or write the answer.
import { useState } from 'react';
import { PageHeader, cn } from '@/components/ui';
import { useDocumentTitle } from '@/components/ui/document-title';
import { EvaluationTab } from './evaluation-tab';
import { CuratedList } from './curated-list';
import { ReviewQueue } from './review-queue';

export function ReviewPage() {
  useDocumentTitle('Review queue');
  const [tab, setTab] = useState<'queue' | 'curated' | 'evaluation'>('queue');
  return (
    <div>
      <PageHeader
        title="Review queue"
        description="Answers people rated not helpful, questions nothing answered, and questions asked again and again with weak matches. Fix them with a curated answer."
      />
      <div role="tablist" aria-label="Review" className="mb-5 inline-flex rounded-md bg-slate-100 p-0.5">
        {(
          [
            ['queue', 'To review'],
            ['curated', 'Curated answers'],
            ['evaluation', 'Evaluation sets'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            onClick={() => setTab(value)}
            className={cn(
              'rounded px-3 py-1.5 text-sm font-medium',
              tab === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'queue' ? <ReviewQueue /> : tab === 'curated' ? <CuratedList /> : <EvaluationTab />}
    </div>
  );
}
