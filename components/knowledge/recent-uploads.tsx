'use client';
// The newest imports of the project with their state, each linking to its
// progress page.
import { ChevronRight, Upload } from 'lucide-react';
import Link from 'next/link';
import { Badge, Card, CardHeader, LoadingBlock, QueryView, cn, formatDateTime, formatNumber } from '@/components/ui';
import { type UploadSummary, useRecentUploads } from './api';

const LOOK: Record<UploadSummary['state'], { label: string; tone: 'neutral' | 'info' | 'success' | 'warning' | 'danger' }> = {
  queued: { label: 'Queued', tone: 'neutral' },
  running: { label: 'Running', tone: 'info' },
  done: { label: 'Done', tone: 'success' },
  partial: { label: 'Partly failed', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

export function RecentUploads({ className }: { className?: string }) {
  const uploads = useRecentUploads(10);
  return (
    <Card className={className}>
      <CardHeader title="Recent imports" description="Files uploaded or imported by URL, newest first." />
      <QueryView
        query={uploads}
        loading={
          <div className="p-5">
            <LoadingBlock lines={3} label="Loading imports" />
          </div>
        }
        errorTitle="Could not load the imports"
        inset
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="flex flex-col items-center gap-2 px-1 py-4 text-center text-sm text-slate-500">
            <Upload className="size-6 text-slate-400" aria-hidden="true" />
            <p>No imports yet.</p>
            <Link href="/knowledge/import" className="font-medium text-indigo-700 hover:underline">
              Import files
            </Link>
          </div>
        }
      >
        {(list) => (
          <ul className="divide-y divide-slate-100" aria-label="Recent imports">
            {list.map((upload) => {
              const look = LOOK[upload.state] ?? LOOK.queued;
              const { counts } = upload;
              return (
                <li key={upload.id}>
                  <Link href={`/knowledge/uploads/${upload.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 sm:px-5">
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium text-slate-800">{upload.name}</p>
                      <p className="text-xs text-slate-500">
                        {formatDateTime(upload.created_at)} · {formatNumber(counts.done)} of {formatNumber(counts.total)} done
                        {counts.failed ? <span className={cn('text-red-700')}> · {formatNumber(counts.failed)} failed</span> : null}
                      </p>
                    </div>
                    <Badge tone={look.tone}>{look.label}</Badge>
                    <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
