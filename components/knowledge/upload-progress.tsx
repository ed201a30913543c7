'use client';
import { useDocumentTitle } from '@/components/ui/document-title';
// /knowledge/uploads/{id}: the live state of each file of an import, polled
// every second until every file is done or failed.
import { AlertCircle, ArrowLeft, CheckCircle2, Clock, Download, FileSearch, Loader2, Sparkles } from 'lucide-react';
import Link from 'next/link';
import { Badge, Card, CardHeader, ErrorState, LoadingCard, PageHeader, ProgressBar, QueryView, formatDateTime, formatNumber } from '@/components/ui';
import { formatBytes } from './file-upload';
import { CrawlProgressCard } from './crawl-progress';
import type { CrawlProgress } from './crawl-api';
import { type UploadItem, type UploadState, type UploadStatus, uploadRunning, useCanWrite, useUpload } from './api';
import { RetryItem } from './retry-item';

const STATE_LOOK: Record<UploadState, { label: string; tone: 'neutral' | 'info' | 'success' | 'danger'; icon: React.ReactNode }> = {
  queued: { label: 'Queued', tone: 'neutral', icon: <Clock className="size-3.5" aria-hidden="true" /> },
  fetching: { label: 'Fetching', tone: 'info', icon: <Download className="size-3.5" aria-hidden="true" /> },
  parsing: { label: 'Parsing', tone: 'info', icon: <FileSearch className="size-3.5" aria-hidden="true" /> },
  indexing: { label: 'Indexing', tone: 'info', icon: <Sparkles className="size-3.5" aria-hidden="true" /> },
  done: { label: 'Done', tone: 'success', icon: <CheckCircle2 className="size-3.5" aria-hidden="true" /> },
  failed: { label: 'Failed', tone: 'danger', icon: <AlertCircle className="size-3.5" aria-hidden="true" /> },
};

/** `file`: an uploaded file is read from storage, not fetched. */
export function StateBadge({ state, file = false }: { state: UploadState; file?: boolean }) {
  const look = STATE_LOOK[state] ?? STATE_LOOK.queued;
  return (
    <Badge tone={look.tone}>
      {look.icon}
      {file && state === 'fetching' ? 'Reading' : look.label}
    </Badge>
  );
}

export function UploadProgress({ uploadId }: { uploadId: number }) {
  const upload = useUpload(uploadId);
  useDocumentTitle(`Import #${uploadId}`);
  // Viewers see the progress but no way to an import they may not start.
  const canWrite = useCanWrite();
  const back = (
    <Link href="/knowledge" className="mb-3 inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900">
      <ArrowLeft className="size-4" aria-hidden="true" /> Knowledge
    </Link>
  );
  return (
    <QueryView
      query={upload}
      loading={
        <>
          {back}
          <LoadingCard lines={5} label="Loading import" />
        </>
      }
      failed={(error) => (
        <>
          {back}
          <ErrorState error={error} title="Could not load this import" onRetry={() => upload.refetch()} />
        </>
      )}
    >
      {(status) => <UploadDetail uploadId={uploadId} status={status} canWrite={canWrite} back={back} />}
    </QueryView>
  );
}

/** The import's files and where each one is. */
function UploadDetail({ uploadId, status, canWrite, back }: { uploadId: number; status: UploadStatus; canWrite: boolean; back: React.ReactNode }) {
  const { counts } = status;
  const finished = counts.done + counts.failed;
  const running = uploadRunning(status);
  const percent = counts.total ? Math.round((finished / counts.total) * 100) : 100;

  return (
    <div>
      {back}
      <PageHeader
        title={status.name}
        description={`Started ${formatDateTime(status.created_at)}`}
        actions={
          running ? (
            <span className="inline-flex items-center gap-2 text-sm text-slate-600">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Updating live
            </span>
          ) : canWrite ? (
            <Link href="/knowledge/import" className="text-sm font-medium text-indigo-700 hover:underline">
              Import more files
            </Link>
          ) : null
        }
      />

      {'crawl' in status ? <CrawlProgressCard crawl={status.crawl as CrawlProgress} /> : null}
      <Card className="mb-6 p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm font-medium text-slate-800" aria-live="polite">
            {running
              ? `${formatNumber(finished)} of ${formatNumber(counts.total)} files finished`
              : counts.failed
                ? `Finished with ${formatNumber(counts.failed)} failed`
                : 'All files imported'}
          </p>
          <p className="text-sm text-slate-500">{formatNumber(percent)}%</p>
        </div>
        <ProgressBar
          className="mt-3 h-2.5"
          label="Import progress"
          value={finished}
          max={counts.total}
          segments={[
            { value: counts.done, className: 'bg-emerald-500' },
            { value: counts.failed, className: 'bg-red-500' },
          ]}
        />
        <dl className="mt-4 grid grid-cols-3 gap-3 text-sm sm:grid-cols-6">
          {(['queued', 'fetching', 'parsing', 'indexing', 'done', 'failed'] as const).map((state) => (
            <div key={state} className="rounded-md bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-500">{STATE_LOOK[state].label}</dt>
              <dd className="text-base font-semibold tabular-nums text-slate-900">{formatNumber(counts[state])}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card>
        <CardHeader title="Files" description={`${formatNumber(counts.total)} in this import`} />
        <ul className="divide-y divide-slate-100" aria-label="Imported files">
          {status.items.map((item) => (
            <UploadRow key={item.id} uploadId={uploadId} item={item} canWrite={canWrite} />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function UploadRow({ uploadId, item, canWrite }: { uploadId: number; item: UploadItem; canWrite: boolean }) {
  const title = item.content_title || item.content_name || item.file_name || (item.url ? fileName(item.url) : 'File');
  // A file from the computer shows its name and size; a URL import its address.
  const origin = item.url ?? `${item.file_name ?? 'File'} · ${formatBytes(item.file_size ?? 0)} uploaded from a computer`;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:px-5" data-state={item.state}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <StateBadge state={item.state} file={item.file_name !== null} />
          {item.content_id && item.state === 'done' ? (
            <Link href={`/knowledge/contents/${item.content_id}`} className="truncate font-medium text-indigo-700 hover:underline">
              {title}
            </Link>
          ) : (
            <span className="truncate font-medium text-slate-800">{title}</span>
          )}
        </div>
        <p className="mt-1 truncate text-xs text-slate-500" title={origin}>
          {origin}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {item.dataset_name}
          {item.subject_name ? ` › ${item.subject_name}` : ''}
          {item.attempts > 1 ? ` · attempt ${formatNumber(item.attempts)}` : ''}
        </p>
        {item.error ? <FailureReason text={item.error} /> : null}
        {canWrite && item.state === 'failed' ? <RetryItem uploadId={uploadId} item={item} title={title} /> : null}
      </div>
      <div className="shrink-0 text-left text-xs text-slate-500 sm:text-right">
        {item.state === 'done' ? (
          <p className="font-medium text-slate-700">
            {formatNumber(item.passages ?? 0)} passages · {formatNumber(item.tokens ?? 0)} tokens
          </p>
        ) : null}
        <p>{formatDateTime(item.updated_at)}</p>
      </div>
    </li>
  );
}

function fileName(url: string): string {
  try {
    const path = new URL(url).pathname.split('/').filter(Boolean);
    return decodeURIComponent(path.at(-1) ?? url);
  } catch {
    return url;
  }
}

/** The reason in plain words; a technical code at its end ("… (ECONNREFUSED)") goes behind a disclosure. */
function FailureReason({ text }: { text: string }) {
  const split = /^(.+?) \(([^()]+)\)$/.exec(text);
  const [words, detail] = split ? [split[1], split[2]] : [text, null];
  return (
    <div role="status" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      <p>{words}</p>
      {detail ? (
        <details className="mt-1 text-xs text-red-700">
          <summary className="cursor-pointer">Technical detail</summary>
          <code className="break-all font-mono">{detail}</code>
        </details>
      ) : null}
    </div>
  );
}
