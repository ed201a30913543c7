'use client';
// "Edit text" of a content made in the editors or the API: its passages'
// text joined (or nothing yet) in a textarea; saving replaces its passages
// as a re-import would (unchanged ones keep their rows) and the page's
// passages list refreshes.
import { useEffect, useState } from 'react';
import { Dialog, FormDialog, LoadingBlock, QueryView } from '@/components/ui';
import { useContentText, useReplaceContentText } from './api';
import { ContentTextField, textProblem } from './content-text-field';

export function EditTextDialog({
  open,
  contentId,
  contentName,
  onClose,
  onSaved,
}: {
  open: boolean;
  contentId: number;
  contentName: string;
  onClose: () => void;
  onSaved: (passages: number) => void;
}) {
  const current = useContentText(contentId, { enabled: open });
  const save = useReplaceContentText();
  const [text, setText] = useState<string | null>(null);
  // A fresh copy each time the dialog opens (the text may have changed elsewhere).
  useEffect(() => {
    if (!open) setText(null);
    else if (text === null && current.data && !current.isFetching) setText(current.data.text);
  }, [open, current.data, current.isFetching, text]);
  const title = `Edit the text of “${contentName}”`;
  if (open && text === null) {
    return (
      <Dialog open onClose={onClose} title={title} width="lg">
        <QueryView query={current} loading={<LoadingBlock lines={6} label="Loading the text" />}>
          {() => null}
        </QueryView>
      </Dialog>
    );
  }
  const value = text ?? '';
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      description="Saving splits the text into passages again; search finds the new text at once."
      width="xl"
      formId="content-text-form"
      save={save}
      submitLabel={save.isPending ? 'Saving…' : 'Save text'}
      canSubmit={textProblem(value) === null}
      onSubmit={() => {
        if (textProblem(value)) return;
        save.mutate({ id: contentId, text: value }, { onSuccess: (content) => onSaved(content.passage_count) });
      }}
    >
      <ContentTextField value={value} onChange={setText} rows={16} hint="Markdown or plain text." autoFocus />
      <p aria-live="polite" className="text-sm text-slate-600">
        {save.isPending ? 'Saving and indexing the passages…' : ''}
      </p>
    </FormDialog>
  );
}
