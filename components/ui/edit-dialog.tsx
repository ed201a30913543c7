'use client';
// The other half of useConfirmAction, for a list whose items open a dialog
// to edit them (or to make a new one): which dialog is open, a fresh one per
// item, and the toast after a save.
import { Fragment, useState } from 'react';
import type { FormSave } from './form-dialog';
import { useToast } from './toast';

type Item = { id: number; name: string };

/** What a list's edit dialog is handed: the item (null: a new one), how to close, what follows a save. */
export type EditDialogProps<T> = { item: T | null; onClose: () => void; onSaved: (saved: T) => void };

export function useEditDialog<T extends Item>({ created }: { /** The toast after a new item was saved. */ created: (saved: T) => string }) {
  const toast = useToast();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const props: EditDialogProps<T> = {
    item: editing === 'new' ? null : editing,
    onClose: () => setEditing(null),
    onSaved: (saved) => {
      toast.success(editing === 'new' ? created(saved) : `${saved.name} saved`);
      setEditing(null);
    },
  };
  return {
    create: () => setEditing('new'),
    edit: (item: T) => setEditing(item),
    /** The open dialog, if any; keyed by its item so each opens with fresh fields. */
    dialog: (render: (props: EditDialogProps<T>) => React.ReactNode) =>
      editing === null ? null : <Fragment key={editing === 'new' ? 'new' : editing.id}>{render(props)}</Fragment>,
  };
}

/**
 * The wording of a dialog that edits an item or makes a new one: "Edit “name”"
 * and Save, or the new one's title and submit label; the form's id names it.
 */
export function editOrNew(item: Item | null, kind: string, fresh: { title: string; submitLabel: string }) {
  return item ? { title: `Edit “${item.name}”`, formId: `${kind}-${item.id}`, submitLabel: 'Save' } : { ...fresh, formId: `${kind}-new` };
}

/** What an edit dialog needs of its save mutation (react-query's useMutation result fits). */
export type ItemSave<Body, T> = FormSave & { mutate: (body: Body, options: { onSuccess: (saved: T) => void }) => void };

/**
 * An edit dialog's form, wired once: `dialog` holds the FormDialog props it
 * shares with every such dialog (editOrNew's wording, Cancel, the save's
 * state); `submit` saves a body and hands the saved item to the list.
 */
export function editForm<T extends Item, Body>(
  { item, onClose, onSaved }: EditDialogProps<T>,
  save: ItemSave<Body, T>,
  kind: string,
  fresh: { title: string; submitLabel: string },
) {
  return {
    dialog: { ...editOrNew(item, kind, fresh), onClose, save },
    submit: (body: Body) => save.mutate(body, { onSuccess: onSaved }),
  };
}
