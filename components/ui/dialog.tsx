'use client';
// Modal dialogs on the native <dialog> element: the browser traps focus,
// closes on Escape and restores focus to the opener.
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from './button';
import { cn } from './cn';

/**
 * Dialog widths. A width is a prop, not a class passed in `className`: `cn`
 * only joins class names, so a second `max-w-*` class would fight the default
 * one and the winner would be whichever Tailwind happens to emit last.
 */
const WIDTHS = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-3xl' } as const;
export type DialogWidth = keyof typeof WIDTHS;

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  className,
  width = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  footer?: React.ReactNode;
  className?: string;
  width?: DialogWidth;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === ref.current) onClose();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:backdrop:bg-black/60',
        WIDTHS[width],
        className,
      )}
    >
      {open ? (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
            {/* min-w-0 lets a long title (a whole question) wrap instead of pushing the close button out. */}
            <div className="min-w-0 break-words">
              <h2 id={titleId} className="text-base font-semibold">
                {title}
              </h2>
              {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
            </div>
            <button type="button" onClick={onClose} className="shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          {children ? <div className="overflow-y-auto px-5 py-4">{children}</div> : null}
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 px-5 py-3">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** "Are you sure?" for destructive actions; stays open while the action runs. */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  confirmLabel = 'Confirm',
  pending = false,
  tone = 'danger',
  error,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  confirmLabel?: string;
  pending?: boolean;
  tone?: 'danger' | 'primary';
  error?: React.ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {description ? <div className="text-sm text-slate-600">{description}</div> : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
