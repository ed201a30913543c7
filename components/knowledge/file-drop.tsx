'use client';
// Files from the computer into a dataset: drop them on the zone or choose
// them with the button (the keyboard's way), several at once. Each file shows
// how much of it has been sent (XMLHttpRequest upload events), then the
// import's own state of it (queued → reading → parsing → indexing → done or
// failed, from GET /searcher/v1/upload/{id}), with failures in plain words.
import { AlertCircle, FileUp, RotateCcw, X } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ProgressBar, cn } from '@/components/ui';
import { type UploadItem, uploadRunning, useUpload } from './api';
import { StateBadge } from './upload-progress';
import { batchesOf, formatBytes, refusalOf, sendFiles, type UploadLimits } from './file-upload';

type Batch = {
  key: number;
  files: File[];
  progress: number[];
  phase: 'waiting' | 'sending' | 'sent' | 'failed';
  uploadId?: number;
  message?: string;
};
type Refused = { key: number; name: string; reason: string };

let nextKey = 1;

export type FileDropProps = {
  datasetName: string;
  subjectName?: string;
  uploadName?: string;
  limits: UploadLimits;
  /** Shown above the zone's button, e.g. where the files go. */
  hint?: React.ReactNode;
  className?: string;
};

export function FileDrop({ datasetName, subjectName, uploadName, limits, hint, className }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [batches, setBatches] = useState<Batch[]>([]);
  const [refused, setRefused] = useState<Refused[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  // Where the files go is read when a batch is sent (the form's fields may change meanwhile).
  const target = useRef({ datasetName, subjectName, uploadName });
  useEffect(() => {
    target.current = { datasetName, subjectName, uploadName };
  }, [datasetName, subjectName, uploadName]);

  useDropsOutsideIgnored();

  const patch = (key: number, change: Partial<Batch>) => setBatches((list) => list.map((b) => (b.key === key ? { ...b, ...change } : b)));

  /** Batches are sent one after another: one upload's bytes at a time keeps each file's progress honest. */
  function send(batch: Batch) {
    queue.current = queue.current.then(async () => {
      patch(batch.key, { phase: 'sending', message: undefined, progress: batch.files.map(() => 0) });
      const { datasetName: dataset_name, subjectName: subject_name, uploadName: name } = target.current;
      const result = await sendFiles(batch.files, { dataset_name, subject_name, name }, (progress) => patch(batch.key, { progress }));
      if (result.ok) patch(batch.key, { phase: 'sent', uploadId: result.answer.id });
      else patch(batch.key, { phase: 'failed', message: result.message });
    });
  }

  function add(list: FileList | File[] | null) {
    const files = Array.from(list ?? []);
    if (!files.length) return;
    const accepted: File[] = [];
    const notSent: Refused[] = [];
    for (const file of files) {
      const reason = refusalOf(file, limits);
      if (reason) notSent.push({ key: nextKey++, name: file.name, reason });
      else accepted.push(file);
    }
    setRefused((old) => [...notSent, ...old]);
    const made = batchesOf(accepted, limits).map((group): Batch => ({ key: nextKey++, files: group, progress: group.map(() => 0), phase: 'waiting' }));
    setBatches((old) => [...made, ...old]);
    made.forEach(send);
  }

  return (
    <div className={className}>
      <fieldset
        aria-label="Upload files from your computer"
        data-dragging={over || undefined}
        onDragEnter={(e) => {
          if (!carriesFiles(e)) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragOver={(e) => {
          if (!carriesFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          add(e.dataTransfer.files);
        }}
        className={cn(
          'flex min-w-0 flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
          over ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <FileUp className={cn('size-7', over ? 'text-indigo-600' : 'text-slate-400')} aria-hidden="true" />
        <p className="text-sm font-medium text-slate-800">{over ? 'Drop to upload' : 'Drag files here'}</p>
        {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          Choose files…
        </Button>
        <p className="text-xs text-slate-500">
          PDF, Word, Excel, HTML, Markdown, text or CSV · up to {formatBytes(limits.maxFileBytes)} a file, {limits.maxFiles} files per upload
        </p>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Files to upload"
          accept=".pdf,.docx,.xlsx,.html,.htm,.md,.markdown,.txt,.csv,.tsv,text/*,application/pdf"
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </fieldset>

      {refused.length ? (
        <ul className="mt-3 space-y-2" aria-label="Files not sent">
          {refused.map((r) => (
            <li key={r.key} role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p className="min-w-0 flex-1 break-words">
                <span className="font-medium">{r.name}</span> was not sent. {r.reason}
              </p>
              <Button
                size="sm"
                variant="ghost"
                className="h-6 px-1"
                onClick={() => setRefused((list) => list.filter((x) => x.key !== r.key))}
                aria-label={`Dismiss the message about ${r.name}`}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      {batches.length ? (
        <ul className="mt-3 space-y-3" aria-label="Uploaded files" aria-live="polite">
          {batches.map((batch) => (
            <BatchRow
              key={batch.key}
              batch={batch}
              onRetry={() => send(batch)}
              onDismiss={() => setBatches((list) => list.filter((b) => b.key !== batch.key))}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function BatchRow({ batch, onRetry, onDismiss }: { batch: Batch; onRetry: () => void; onDismiss: () => void }) {
  return (
    <li className="rounded-md border border-slate-200 bg-white">
      {batch.phase === 'sent' && batch.uploadId ? (
        <SentFiles uploadId={batch.uploadId} files={batch.files} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {batch.files.map((file, i) => (
            <FileRow key={i} name={file.name} size={file.size}>
              {batch.phase === 'failed' ? (
                <span className="text-xs font-medium text-red-700">Not sent</span>
              ) : (
                <SendProgress name={file.name} share={batch.progress[i] ?? 0} waiting={batch.phase === 'waiting'} />
              )}
            </FileRow>
          ))}
        </ul>
      )}
      {batch.phase === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 border-t border-red-100 bg-red-50 px-3 py-2 text-sm text-red-800">
          <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1 basis-48">{batch.message}</p>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            <RotateCcw className="size-4" aria-hidden="true" /> Try again
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function SendProgress({ name, share, waiting }: { name: string; share: number; waiting: boolean }) {
  const percent = Math.round(share * 100);
  return (
    <div className="flex w-40 items-center gap-2">
      <ProgressBar className="h-1.5 flex-1" label={`Sending ${name}`} value={percent} max={100} />
      <span className="w-16 text-right text-xs tabular-nums text-slate-600">{waiting ? 'Waiting' : percent >= 100 ? 'Sent' : `${percent}%`}</span>
    </div>
  );
}

/** After the upload was accepted: each file's import state, polled until all are finished. */
function SentFiles({ uploadId, files }: { uploadId: number; files: File[] }) {
  const upload = useUpload(uploadId);
  const client = useQueryClient();
  const running = uploadRunning(upload.data);
  // Once every file is finished, the dataset's lists show the new contents.
  useEffect(() => {
    if (upload.data && !running) void client.invalidateQueries({ queryKey: ['knowledge', 'dataset'] });
  }, [client, running, upload.data]);
  const items: (UploadItem | undefined)[] = files.map((_, i) => upload.data?.items[i]);
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {files.map((file, i) => {
          const item = items[i];
          return (
            <FileRow
              key={i}
              name={item?.file_name ?? file.name}
              size={file.size}
              state={item?.state}
              error={item?.error ?? null}
              contentId={item?.state === 'done' ? item.content_id : null}
            >
              {item ? <StateBadge state={item.state} file /> : <span className="text-xs text-slate-500">Sent</span>}
            </FileRow>
          );
        })}
      </ul>
      <p className="border-t border-slate-100 px-3 py-1.5 text-xs text-slate-500">
        {upload.isError ? "Could not read this upload's progress. " : null}
        <Link href={`/knowledge/uploads/${uploadId}`} className="font-medium text-indigo-700 hover:underline">
          Details of this upload
        </Link>
      </p>
    </>
  );
}

function FileRow({
  name,
  size,
  state,
  error,
  contentId,
  children,
}: {
  name: string;
  size: number;
  state?: string;
  error?: string | null;
  contentId?: number | null;
  children: React.ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2" data-state={state}>
      <div className="min-w-0 flex-1 basis-40">
        {contentId ? (
          <Link href={`/knowledge/contents/${contentId}`} className="block truncate text-sm font-medium text-indigo-700 hover:underline" title={name}>
            {name}
          </Link>
        ) : (
          <p className="truncate text-sm font-medium text-slate-800" title={name}>
            {name}
          </p>
        )}
        <p className="text-xs text-slate-500">{formatBytes(size)}</p>
      </div>
      {children}
      {error ? <p className="w-full rounded-md bg-red-50 px-2 py-1 text-sm text-red-800">{error}</p> : null}
    </li>
  );
}

const carriesFiles = (event: React.DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * A file dropped beside the zone would make the browser leave the page to
 * open it; while the uploader is on the page such drops do nothing.
 */
function useDropsOutsideIgnored() {
  useEffect(() => {
    const ignore = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);
}
