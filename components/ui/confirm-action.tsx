'use client';
// "Are you sure?" before a destructive action on one item (delete, revoke):
// the dialog stays open while it runs, a refusal stays on screen with the
// server's reason, success says so in a toast.
import { useState } from 'react';
import { ConfirmDialog } from './dialog';
import { errorMessage } from './states';
import { useToast } from './toast';

type Item = { id: number };
/** What the hook needs of the mutation (react-query's useMutation result fits). */
type Action = { isPending: boolean; error: unknown; reset: () => void; mutate: (id: number, options: { onSuccess: () => void }) => void };

export function useConfirmAction<T extends Item>({
  action,
  title,
  description,
  confirmLabel,
  done,
}: {
  action: Action;
  title: (item: T) => string;
  description: string;
  confirmLabel: string;
  /** The toast after success. */
  done: (item: T) => string;
}) {
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={target ? title(target) : ''}
      description={description}
      confirmLabel={confirmLabel}
      pending={action.isPending}
      error={action.error ? errorMessage(action.error) : undefined}
      onCancel={() => {
        action.reset();
        setTarget(null);
      }}
      onConfirm={() =>
        target &&
        action.mutate(target.id, {
          onSuccess: () => {
            toast.success(done(target));
            setTarget(null);
          },
        })
      }
    />
  );
  return { ask: setTarget, dialog };
}
