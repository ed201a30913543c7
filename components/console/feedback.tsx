'use client';
// Rating an answer: thumbs up, neutral or down, an optional comment and, for
// a negative rating, the reasons. The console sends it to the assessments
// endpoint (reasons as extra.negative_opinions); a smartpage to its own
// rating route — `send` says where.
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Meh, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { apiFetch } from '@/components/api/client';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { errorMessage } from '@/components/ui/states';
import { cn } from '@/components/ui/cn';
import type { Evaluation, Rating, Turn } from './types';
import { SubmitForm } from '@/components/ui/submit-form';

export const NEGATIVE_REASONS = [
  'Incorrect',
  'Incomplete',
  'Not relevant to the question',
  'Wrong or missing sources',
  'Outdated',
  'Hard to understand',
] as const;

const CHOICES: Array<{ value: Evaluation; label: string; icon: typeof ThumbsUp }> = [
  { value: 'positive', label: 'Helpful', icon: ThumbsUp },
  { value: 'neutral', label: 'Neutral', icon: Meh },
  { value: 'negative', label: 'Not helpful', icon: ThumbsDown },
];

const LABEL: Record<Evaluation, string> = { positive: 'Helpful', neutral: 'Neutral', negative: 'Not helpful' };

function assessmentBody(turn: Turn, rating: Rating) {
  const target = turn.target;
  return {
    question: turn.question,
    answers: { search: turn.sources, generational: { content: turn.answer, total_tokens: turn.totalTokens ?? 0 } },
    generativeAnswer: turn.answer,
    modelId: target?.kind === 'datamodel' ? target.datamodelId : 0,
    datasetId: target?.datasetId ?? 0,
    evaluation: rating.evaluation,
    feedback: rating.feedback || undefined,
    extra: rating.evaluation === 'negative' ? { negative_opinions: rating.reasons } : {},
    identifier: turn.identifier,
  };
}

/** The console's rating of a turn: POST /api/v1/assessments, linked by the interaction's identifier. */
export function sendConsoleRating(turn: Turn, rating: Rating): Promise<unknown> {
  return apiFetch<{ id: number }>('/api/v1/assessments', { method: 'POST', json: assessmentBody(turn, rating) });
}

export function Feedback({ turn, send, onSaved }: { turn: Turn; send: (rating: Rating) => Promise<unknown>; onSaved: (rating: Rating) => void }) {
  const [draft, setDraft] = useState<Rating | null>(null);
  const formId = useId();
  const choiceButtons = useRef(new Map<Evaluation, HTMLButtonElement>());
  // Cancel (the button or Escape) closes the form and hands focus back to the rating that opened it.
  const cancel = () => {
    const opener = draft ? choiceButtons.current.get(draft.evaluation) : undefined;
    setDraft(null);
    opener?.focus();
  };
  const save = useMutation({
    mutationFn: send,
    onSuccess: (_result, rating) => {
      onSaved(rating);
      setDraft(null);
    },
  });
  if (!turn.identifier) return null;
  const saved = turn.rating;
  const current = draft?.evaluation ?? saved?.evaluation ?? null;

  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-slate-500" id={`${formId}-label`}>
          Was this answer helpful?
        </span>
        <fieldset aria-labelledby={`${formId}-label`} className="flex min-w-0 gap-1">
          {CHOICES.map(({ value, label, icon: Icon }) => (
            <button
              key={value}
              ref={(button) => {
                if (button) choiceButtons.current.set(value, button);
                else choiceButtons.current.delete(value);
              }}
              type="button"
              aria-pressed={current === value}
              aria-label={label}
              title={label}
              onClick={() => {
                save.reset();
                setDraft({ evaluation: value, feedback: saved?.feedback ?? '', reasons: value === 'negative' ? (saved?.reasons ?? []) : [] });
              }}
              className={cn(
                // 40 px on touch screens (a finger's width), 32 px beside a mouse.
                'inline-flex size-10 items-center justify-center rounded-md border sm:size-8',
                current === value
                  ? value === 'negative'
                    ? 'border-red-300 bg-red-50 text-red-700'
                    : value === 'positive'
                      ? 'border-emerald-300 bg-emerald-50 text-emerald-700'
                      : 'border-slate-400 bg-slate-100 text-slate-800'
                  : 'border-slate-200 text-slate-500 hover:bg-slate-50 hover:text-slate-800',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
            </button>
          ))}
        </fieldset>
        {saved && !draft ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700" data-testid="rating-saved">
            <CheckCircle2 className="size-3.5" aria-hidden="true" />
            Saved: {LABEL[saved.evaluation]}
            {saved.reasons.length ? ` · ${saved.reasons.join(', ')}` : ''}
          </span>
        ) : null}
      </div>
      {draft ? (
        <SubmitForm
          className="mt-3 space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3"
          onSubmit={() => save.mutate(draft)}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || save.isPending) return;
            event.preventDefault();
            cancel();
          }}
        >
          {draft.evaluation === 'negative' ? (
            <fieldset>
              <legend className="text-sm font-medium text-slate-700">What was wrong?</legend>
              <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
                {NEGATIVE_REASONS.map((reason) => (
                  <label key={reason} className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      className="size-4 rounded border-slate-300 accent-indigo-600"
                      checked={draft.reasons.includes(reason)}
                      onChange={(e) =>
                        setDraft({ ...draft, reasons: e.target.checked ? [...draft.reasons, reason] : draft.reasons.filter((r) => r !== reason) })
                      }
                    />
                    {reason}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <label className="block">
            <span className="text-sm font-medium text-slate-700">Comment (optional)</span>
            <Textarea
              className="mt-1"
              rows={2}
              maxLength={2000}
              value={draft.feedback ?? ''}
              onChange={(e) => setDraft({ ...draft, feedback: e.target.value })}
            />
          </label>
          {save.error ? (
            <p role="alert" className="text-sm text-red-700">
              Not saved: {errorMessage(save.error)}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={save.isPending}>
              Save rating
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={cancel} disabled={save.isPending}>
              Cancel
            </Button>
          </div>
        </SubmitForm>
      ) : null}
    </div>
  );
}
