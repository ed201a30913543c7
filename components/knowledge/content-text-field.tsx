'use client';
// The text of a content, typed or pasted: Markdown or plain text that the
// server splits into passages for search. Used by "Add content" and "Edit text".
import { Field, Textarea, formatNumber } from '@/components/ui';
import { MAX_CONTENT_TEXT } from '@/lib/knowledge/text-limit';

/** What keeps a text from being sent, or null. The server checks again (400 {detail}). */
export function textProblem(text: string): string | null {
  const length = text.trim().length;
  return length > MAX_CONTENT_TEXT ? `The text is ${formatNumber(length)} characters; at most ${formatNumber(MAX_CONTENT_TEXT)} fit in one content.` : null;
}

export function ContentTextField({
  value,
  onChange,
  label = 'Text',
  hint = 'Optional. Markdown or plain text: it is split into passages that search finds at once. # Headings become the passages’ headings.',
  rows = 8,
  autoFocus,
}: {
  value: string;
  onChange: (text: string) => void;
  label?: string;
  hint?: string;
  rows?: number;
  autoFocus?: boolean;
}) {
  const problem = textProblem(value);
  return (
    <Field label={label} hint={`${hint} ${formatNumber(value.trim().length)} of ${formatNumber(MAX_CONTENT_TEXT)} characters.`} error={problem}>
      {(p) => (
        <Textarea
          {...p}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          rows={rows}
          spellCheck
          autoFocus={autoFocus}
          className="min-h-32 resize-y font-mono text-[13px] leading-relaxed"
          placeholder={'# Opening hours\n\nThe office opens at 8:00 on weekdays.'}
        />
      )}
    </Field>
  );
}
