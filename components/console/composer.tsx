'use client';
import { SendHorizontal, Square } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { SubmitForm } from '@/components/ui/submit-form';

/** The question box: Enter sends, Shift+Enter starts a new line. */
export function Composer({
  onSend,
  onStop,
  busy,
  disabled,
  placeholder = 'Ask a question…',
}: {
  onSend: (question: string) => void;
  onStop?: () => void;
  busy: boolean;
  disabled?: boolean;
  placeholder?: string;
}) {
  const [text, setText] = useState('');
  const send = () => {
    const question = text.trim();
    if (!question || busy || disabled) return;
    onSend(question);
    setText('');
  };
  return (
    <SubmitForm
      className="flex items-end gap-2 rounded-xl border border-slate-300 bg-white p-2 shadow-sm focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/20"
      onSubmit={send}
    >
      <label className="min-w-0 flex-1">
        <span className="sr-only">Your question</span>
        <Textarea
          rows={1}
          value={text}
          maxLength={4000}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          className="max-h-40 min-h-10 resize-none border-0 shadow-none focus:ring-0"
        />
      </label>
      {busy && onStop ? (
        <Button variant="secondary" onClick={onStop} aria-label="Stop the answer">
          <Square className="size-4" aria-hidden="true" /> Stop
        </Button>
      ) : (
        <Button type="submit" disabled={!text.trim() || busy || disabled} aria-label="Send question">
          <SendHorizontal className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">Send</span>
        </Button>
      )}
    </SubmitForm>
  );
}
