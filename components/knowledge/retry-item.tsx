'use client';
// The actions of a failed import item: "Retry" puts it back in the queue as
// it was; "Edit URL" (URL imports only) opens a small form to correct the
// address first. The server checks the new URL as it checks a submitted one
// and its reason is shown in the form; on success the upload's progress
// (polled again) shows the item queued, then fetching…
import { RotateCcw, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button, Field, Input } from '@/components/ui';
import { type UploadItem, useRetryItem } from './api';
import { useCloseWith } from './close-with';

export function RetryItem({ uploadId, item, title }: { uploadId: number; item: UploadItem; title: string }) {
  const retry = useRetryItem();
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState(item.url ?? '');
  const closeWith = useCloseWith(() => setEditing(false));
  const send = (newUrl?: string) => retry.mutate({ uploadId, itemId: item.id, url: newUrl }, closeWith(`“${title}” is queued again`));
  /** Opens or closes the URL form, forgetting the last failed retry. */
  const showForm = (show: boolean) => {
    retry.reset();
    setEditing(show);
  };

  if (editing) {
    return (
      <form
        className="mt-2 flex max-w-2xl flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          send(url.trim());
        }}
      >
        <Field label="New URL" error={retry.error?.message.replace(/^url: /, '')}>
          {(props) => <Input {...props} type="url" required maxLength={2000} value={url} onChange={(e) => setUrl(e.target.value)} autoFocus />}
        </Field>
        <div className="flex gap-2">
          <Button type="submit" size="sm" loading={retry.isPending}>
            Retry with this URL
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              showForm(false);
              setUrl(item.url ?? '');
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="mt-2">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" loading={retry.isPending} onClick={() => send()} aria-label={`Retry ${title}`}>
          <RotateCcw className="size-4" aria-hidden="true" /> Retry
        </Button>
        {item.url !== null ? (
          <Button size="sm" variant="ghost" onClick={() => showForm(true)} aria-label={`Edit URL of ${title}`}>
            <Pencil className="size-4" aria-hidden="true" /> Edit URL
          </Button>
        ) : null}
      </div>
      {retry.error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {retry.error.message}
        </p>
      ) : null}
    </div>
  );
}
