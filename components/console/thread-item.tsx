'use client';
// One thread in the console's list: open it, rename it in place (Enter
// saves, Escape cancels, an empty name gives back the first question), or
// delete it after a confirmation. The organisation's reports keep a deleted
// thread's figures; the dialog says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ConversationItem } from '@/lib/console/conversations';
import { apiFetch } from '@/components/api/client';
import { ConfirmDialog } from '@/components/ui/dialog';
import { formatDateTime } from '@/components/ui/format';
import { errorMessage } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/components/ui/cn';
import { THREADS_KEY } from './use-threads';
import { SubmitForm } from '@/components/ui/submit-form';

const threadPath = (id: string) => `/searcher/v1/conversations/${encodeURIComponent(id)}`;

export function ThreadItem({
  thread,
  name,
  active,
  onSelect,
  onDeleted,
}: {
  thread: ConversationItem;
  /** The name to show (distinct from the other threads listed). */
  name: string;
  active: boolean;
  onSelect: () => void;
  onDeleted: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(thread.title);
  const [confirming, setConfirming] = useState(false);
  // Leaving the name field (saved or cancelled) hands focus back to the rename button, which mounts again.
  const renameButton = useRef<HTMLButtonElement>(null);
  const refocusRename = useRef(false);
  const stopEditing = () => {
    refocusRename.current = true;
    setEditing(false);
  };
  useEffect(() => {
    if (editing || !refocusRename.current) return;
    refocusRename.current = false;
    renameButton.current?.focus();
  }, [editing]);
  const refresh = () => client.invalidateQueries({ queryKey: THREADS_KEY });
  const rename = useMutation({
    mutationFn: (title: string | null) => apiFetch(threadPath(thread.id), { method: 'PATCH', json: { title } }),
    onSuccess: () => {
      stopEditing();
      void refresh();
    },
    onError: (error) => toast.error(`The thread was not renamed: ${errorMessage(error)}`),
  });
  const remove = useMutation({
    mutationFn: () => apiFetch(threadPath(thread.id), { method: 'DELETE' }),
    onSuccess: () => {
      setConfirming(false);
      toast.success('Thread deleted');
      onDeleted();
      void refresh();
    },
  });

  const save = () => {
    const title = draft.trim();
    if (title === thread.title) return stopEditing();
    rename.mutate(title ? title.slice(0, 120) : null);
  };

  if (editing) {
    return (
      <SubmitForm className="flex items-center gap-1 rounded-md bg-white px-1 py-1 ring-2 ring-indigo-500/40" onSubmit={save}>
        <input
          autoFocus
          value={draft}
          maxLength={120}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              stopEditing();
            }
          }}
          aria-label="Thread name"
          className="min-w-0 flex-1 rounded px-1.5 py-1 text-sm outline-none"
        />
        <button type="submit" className="rounded p-1 text-slate-600 hover:bg-slate-100" aria-label="Save the name" disabled={rename.isPending}>
          <Check className="size-4" aria-hidden="true" />
        </button>
        <button type="button" className="rounded p-1 text-slate-600 hover:bg-slate-100" aria-label="Cancel renaming" onClick={stopEditing}>
          <X className="size-4" aria-hidden="true" />
        </button>
      </SubmitForm>
    );
  }

  return (
    <div className={cn('group relative rounded-md', active ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100')}>
      <button type="button" onClick={onSelect} aria-current={active ? 'true' : undefined} className="w-full rounded-md px-2.5 py-2 text-left">
        {/* Two lines of the name (all of it in the tooltip), clear of the rename and delete buttons; the line under it has the full width. */}
        <span className="line-clamp-2 pr-14 text-sm font-medium [overflow-wrap:anywhere]" title={name}>
          {name}
        </span>
        <span className="mt-0.5 flex flex-wrap gap-x-1 text-xs text-slate-500">
          <span className="whitespace-nowrap">
            {thread.turns.length} {thread.turns.length === 1 ? 'question' : 'questions'} ·
          </span>
          <span className="whitespace-nowrap">{formatDateTime(thread.updated_at)}</span>
        </span>
      </button>
      {/* Visible on hover and keyboard focus; always on touch screens, which have no hover. */}
      <div className="absolute right-1 top-1.5 flex gap-0.5 opacity-100 focus-within:opacity-100 group-hover:opacity-100 sm:opacity-0">
        <button
          ref={renameButton}
          type="button"
          className="rounded p-1.5 text-slate-500 hover:bg-white hover:text-slate-800"
          aria-label={`Rename the thread “${name}”`}
          onClick={() => {
            setDraft(thread.title);
            setEditing(true);
          }}
        >
          <Pencil className="size-3.5" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="rounded p-1.5 text-slate-500 hover:bg-white hover:text-red-700"
          aria-label={`Delete the thread “${name}”`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="size-3.5" aria-hidden="true" />
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : undefined}
        title="Delete this thread?"
        description={`“${name}” leaves your list of threads. The organisation's usage reports keep its questions and credits.`}
        confirmLabel="Delete thread"
      />
    </div>
  );
}
