'use client';
// The other half of useConfirmAction, for a list whose items open a dialog
// to edit them (or to make a new one): which dialog is open, a fresh one per
// item, and the toast after a save.
import { Fragment, useState } from 'react';
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
