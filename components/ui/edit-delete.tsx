'use client';
// The Edit and Delete buttons of an item in a list, labelled with its name
// for screen readers (several items show the same two buttons).
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './button';

/** What the two buttons do; a list's row takes these and hands them on. */
export type EditDeleteActions = { onEdit: () => void; onDelete: () => void; editDisabled?: boolean };

export function EditDeleteButtons({ name, onEdit, onDelete, editDisabled }: EditDeleteActions & { name: string }) {
  return (
    <>
      <Button variant="ghost" size="sm" onClick={onEdit} disabled={editDisabled} aria-label={`Edit ${name}`}>
        <Pencil className="size-4" aria-hidden="true" /> Edit
      </Button>
      <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${name}`}>
        <Trash2 className="size-4" aria-hidden="true" /> Delete
      </Button>
    </>
  );
}
