'use client';
// Create or edit a content: its name, source link and media links; a new
// one may also be given its text (Markdown), which becomes its passages.
import { useEffect, useMemo, useState } from 'react';
import { Dialog, Field, FormDialog, Input, LoadingBlock, QueryView, UrlInput } from '@/components/ui';
import { type ContentFields, type NewContentFields, useContent } from './api';
import { ContentTextField, textProblem } from './content-text-field';
import type { EditorDialogProps } from './editor-dialog';
import { linkProblem } from './forms';

export { linkProblem };

/** The link fields: each may stay empty, and when filled must be an http(s) link. */
const LINKS = [
  ['source', 'Source link', 'Where this content comes from; shown with search results.'],
  ['media_video', 'Video link', 'Optional'],
  ['media_image', 'Image link', 'Optional'],
] as const;
type LinkKey = (typeof LINKS)[number][0];

/** The fields the dialog edits, picked from a content's record. */
export function editableFields({ name, source, media_video, media_image }: ContentFields): ContentFields {
  return { name, source, media_video, media_image };
}

const EMPTY: ContentFields = { name: '', source: '', media_video: null, media_image: null };

/**
 * `withText` (a new content): a "Text" field too, sent as `text` when filled.
 * Editing a content leaves its text to "Edit text" on its page.
 */
export function ContentDialog({
  initial,
  save,
  onSubmit,
  withText = false,
  ...dialog
}: EditorDialogProps<NewContentFields> & { initial?: ContentFields; withText?: boolean }) {
  const { open } = dialog;
  const [fields, setFields] = useState<ContentFields>(initial ?? EMPTY);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setFields(initial ?? EMPTY);
      setText('');
      setTouched(false);
    }
  }, [open, initial]);
  const problems = Object.fromEntries(LINKS.map(([key]) => [key, linkProblem(fields[key] ?? '')])) as Record<LinkKey, string | null>;
  const invalid = !fields.name.trim() || Object.values(problems).some(Boolean) || (withText && textProblem(text) !== null);
  const set = (key: keyof ContentFields) => (e: React.ChangeEvent<HTMLInputElement>) => setFields((f) => ({ ...f, [key]: e.target.value }));
  return (
    <FormDialog
      {...dialog}
      formId="content-dialog-form"
      width={withText ? 'lg' : undefined}
      save={save}
      canSubmit={Boolean(fields.name.trim())}
      noValidate
      onSubmit={() => {
        setTouched(true);
        if (invalid) return;
        onSubmit({
          name: fields.name.trim(),
          source: fields.source.trim(),
          media_video: fields.media_video?.trim() || null,
          media_image: fields.media_image?.trim() || null,
          ...(withText && text.trim() ? { text } : {}),
        });
      }}
    >
      <Field label="Name">{(p) => <Input {...p} value={fields.name} onChange={set('name')} maxLength={500} required autoFocus />}</Field>
      {LINKS.map(([key, label, hint]) => (
        <Field key={key} label={label} hint={hint} error={touched ? problems[key] : undefined}>
          {(p) => <UrlInput {...p} placeholder="https://…" value={fields[key] ?? ''} onChange={set(key)} />}
        </Field>
      ))}
      {withText ? <ContentTextField value={text} onChange={setText} /> : null}
    </FormDialog>
  );
}

/** Loads a content's current fields (media links are not in the listings) before editing. */
export function EditContentDialog({ contentId, ...dialog }: Omit<EditorDialogProps<ContentFields>, 'title' | 'submitLabel'> & { contentId: number }) {
  const { open, onClose } = dialog;
  const detail = useContent(contentId);
  const data = detail.data;
  // Stable while the data is: the form resets whenever `initial` changes.
  const initial = useMemo(() => (data ? editableFields(data) : undefined), [data]);
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
  return <ContentDialog {...dialog} title="Edit content" submitLabel="Save" initial={initial} />;
}
