'use client';
// Create or edit a content: its name, source link and media links.
import { useEffect, useMemo, useState } from 'react';
import { Button, Dialog, Field, Input, LoadingBlock, QueryView, errorMessage } from '@/components/ui';
import { type ContentFields, useContent } from './api';
import { linkProblem } from './forms';

export { linkProblem };

const EMPTY: ContentFields = { name: '', source: '', media_video: null, media_image: null };

export function ContentDialog({
  open,
  title,
  submitLabel,
  initial,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  initial?: ContentFields;
  pending: boolean;
  error: unknown;
  onSubmit: (fields: ContentFields) => void;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<ContentFields>(initial ?? EMPTY);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setFields(initial ?? EMPTY);
      setTouched(false);
    }
  }, [open, initial]);
  const problems = {
    source: linkProblem(fields.source),
    media_video: linkProblem(fields.media_video ?? ''),
    media_image: linkProblem(fields.media_image ?? ''),
  };
  const invalid = !fields.name.trim() || Object.values(problems).some(Boolean);
  const set = (key: keyof ContentFields) => (e: React.ChangeEvent<HTMLInputElement>) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const formId = 'content-dialog-form';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending} disabled={!fields.name.trim()}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (invalid) return;
          onSubmit({
            name: fields.name.trim(),
            source: fields.source.trim(),
            media_video: fields.media_video?.trim() || null,
            media_image: fields.media_image?.trim() || null,
          });
        }}
      >
        <Field label="Name">{(p) => <Input {...p} value={fields.name} onChange={set('name')} maxLength={500} required autoFocus />}</Field>
        <Field label="Source link" hint="Where this content comes from; shown with search results." error={touched ? problems.source : undefined}>
          {(p) => <Input {...p} type="url" inputMode="url" placeholder="https://…" value={fields.source} onChange={set('source')} maxLength={2000} />}
        </Field>
        <Field label="Video link" hint="Optional" error={touched ? problems.media_video : undefined}>
          {(p) => (
            <Input {...p} type="url" inputMode="url" placeholder="https://…" value={fields.media_video ?? ''} onChange={set('media_video')} maxLength={2000} />
          )}
        </Field>
        <Field label="Image link" hint="Optional" error={touched ? problems.media_image : undefined}>
          {(p) => (
            <Input {...p} type="url" inputMode="url" placeholder="https://…" value={fields.media_image ?? ''} onChange={set('media_image')} maxLength={2000} />
          )}
        </Field>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(error)}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

/** Loads a content's current fields (media links are not in the listings) before editing. */
export function EditContentDialog({
  contentId,
  open,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  contentId: number;
  open: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (fields: ContentFields) => void;
  onClose: () => void;
}) {
  const detail = useContent(contentId);
  const data = detail.data;
  // Stable while the data is: the form resets whenever `initial` changes.
  const initial = useMemo(
    () => (data ? { name: data.name, source: data.source, media_video: data.media_video, media_image: data.media_image } : undefined),
    [data],
  );
  if (open && !data) {
    // Until the fields have loaded the dialog shows the loading, or the error with Try again; with them, the form below.
    return (
      <Dialog open={open} onClose={onClose} title="Edit content">
        <QueryView query={detail} loading={<LoadingBlock lines={3} label="Loading content" />}>
          {() => null}
        </QueryView>
      </Dialog>
    );
  }
  return (
    <ContentDialog
      open={open}
      title="Edit content"
      submitLabel="Save"
      initial={initial}
      pending={pending}
      error={error}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}
