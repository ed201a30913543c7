'use client';
// Write or edit a curated answer: the question as people ask it, the answer
// in Markdown, an optional link, and (new ones) the dataset it belongs to.
import { useEffect, useState } from 'react';
import { Field, FormDialog, Input, Select, Textarea } from '@/components/ui';
import { NamedOptions } from '@/components/ui/named-options';
import { useDatasets } from '@/components/knowledge/api';
import { useSaveCurated, type CuratedAnswer } from './use-review';

export type CuratedDraft = { question: string; datasetId: number | null; resolves?: string[] };

export function CuratedDialog({
  open,
  editing,
  draft,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The curated answer being edited; null writes a new one from `draft`. */
  editing: CuratedAnswer | null;
  draft: CuratedDraft | null;
  onClose: () => void;
  onSaved: (saved: CuratedAnswer) => void;
}) {
  const datasets = useDatasets();
  const save = useSaveCurated(editing?.id ?? null);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [source, setSource] = useState('');
  const [datasetId, setDatasetId] = useState<number | ''>('');
  const { reset } = save;
  useEffect(() => {
    if (!open) return;
    reset();
    setQuestion(editing?.question ?? draft?.question ?? '');
    setAnswer(editing?.answer ?? '');
    setSource(editing?.source ?? '');
    setDatasetId(editing?.dataset_id ?? draft?.datasetId ?? '');
    // Fresh values each time it opens.
  }, [open, editing, draft, reset]);
  const chosen = datasetId || datasets.data?.[0]?.id || '';
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      width="lg"
      title={editing ? 'Edit the curated answer' : 'Write a curated answer'}
      description="Stored as a question-and-answer passage: the next search for this question, or one worded like it, finds it first and the embedded answer quotes it."
      formId="curated-answer-form"
      save={save}
      submitLabel={editing ? 'Save' : 'Publish answer'}
      canSubmit={Boolean(question.trim() && answer.trim() && chosen)}
      onSubmit={() => {
        if (!chosen) return;
        save.mutate(
          {
            dataset_id: Number(chosen),
            question: question.trim(),
            answer: answer.trim(),
            source: source.trim(),
            ...(draft?.resolves?.length && !editing ? { resolves: draft.resolves } : {}),
          },
          { onSuccess: onSaved },
        );
      }}
    >
      {editing ? null : (
        <Field label="Dataset">
          {(props) => (
            <Select {...props} value={chosen} onChange={(e) => setDatasetId(Number(e.target.value))} disabled={!datasets.data?.length}>
              <NamedOptions records={datasets.data ?? []} />
            </Select>
          )}
        </Field>
      )}
      <Field label="Question" hint="As people ask it; similar wordings find it too.">
        {(props) => <Input {...props} value={question} maxLength={500} required onChange={(e) => setQuestion(e.target.value)} />}
      </Field>
      <Field label="Answer" hint="Markdown: lists, links, `code` and fenced code blocks.">
        {(props) => <Textarea {...props} rows={8} value={answer} maxLength={20000} required autoFocus onChange={(e) => setAnswer(e.target.value)} />}
      </Field>
      <Field label="Source link (optional)" hint="Where the answer comes from, shown with it.">
        {(props) => <Input {...props} type="url" value={source} maxLength={2000} placeholder="https://" onChange={(e) => setSource(e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
