'use client';
// From the review queue: keep a question in an evaluation set with the
// document that should answer it, so later runs show whether it is fixed.
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/client';
import { Field, FormDialog, Input, Select } from '@/components/ui';
import { NamedOptions } from '@/components/ui/named-options';
import { useEvaluationSets, type EvaluationSetDetail } from './use-evaluation';

export type AddToSetDraft = { question: string; cited: string[] };

export function AddToSetDialog({ draft, onClose, onAdded }: { draft: AddToSetDraft | null; onClose: () => void; onAdded: (set: EvaluationSetDetail) => void }) {
  const sets = useEvaluationSets();
  const client = useQueryClient();
  const [setId, setSetId] = useState<number | ''>('');
  const [question, setQuestion] = useState('');
  const [source, setSource] = useState('');
  const add = useMutation({
    mutationFn: (input: { setId: number; question: string; source: string }) =>
      apiFetch<EvaluationSetDetail>(`/searcher/v1/evaluation_sets/${input.setId}/questions`, {
        method: 'POST',
        json: { question: input.question, expected_sources: [input.source] },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['evaluation', 'sets'] }),
  });
  const { reset } = add;
  useEffect(() => {
    if (!draft) return;
    reset();
    setQuestion(draft.question);
    setSource(draft.cited[0] ?? '');
    // Fresh values each time it opens.
  }, [draft, reset]);
  const chosen = setId || sets.data?.[0]?.id || '';
  return (
    <FormDialog
      open={draft !== null}
      onClose={onClose}
      title="Add to an evaluation set"
      description="The question and the document that should answer it. Later runs of the set show whether it is found first."
      formId="add-to-set"
      save={add}
      submitLabel="Add question"
      canSubmit={Boolean(chosen && question.trim() && source.trim())}
      onSubmit={() => {
        if (chosen) add.mutate({ setId: Number(chosen), question: question.trim(), source: source.trim() }, { onSuccess: onAdded });
      }}
    >
      {sets.data && sets.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          There is no evaluation set yet: create one in the <strong>Evaluation sets</strong> tab first.
        </p>
      ) : (
        <>
          <Field label="Evaluation set">
            {(props) => (
              <Select {...props} value={chosen} onChange={(e) => setSetId(Number(e.target.value))}>
                <NamedOptions records={sets.data ?? []} />
              </Select>
            )}
          </Field>
          <Field label="Question">{(props) => <Input {...props} value={question} maxLength={1000} onChange={(e) => setQuestion(e.target.value)} />}</Field>
          <Field label="Expected source" hint="The document that should answer it: its name, its link or its content id.">
            {(props) => <Input {...props} value={source} maxLength={2000} list="cited-documents" onChange={(e) => setSource(e.target.value)} />}
          </Field>
          <datalist id="cited-documents">
            {(draft?.cited ?? []).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </>
      )}
    </FormDialog>
  );
}
