'use client';
// Modal dialogs on the native <dialog> element: the browser traps focus and
// closes on Escape. Focus is placed here, not left to showModal(), which
// would pick the Close button (the first focusable element): the field with
// autoFocus, else the first field, gets it, and closing hands it back to
// the element that opened the dialog.
import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
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
  const opener = useRef<HTMLElement | null>(null);
  // The content mounts only once the dialog is shown: React's autoFocus
  // calls focus() as the element mounts, which does nothing inside a closed
  // <dialog> (display: none).
  const [shown, setShown] = useState(false);
  // A close the parent asked for (open became false) still fires the native `close` event, a moment
  // later: passing that on would call onClose a second time, with the props of an earlier render.
  const closedByProp = useRef(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      dialog.showModal();
      setShown(true);
    }
    if (!open && dialog.open) {
      closedByProp.current = true;
      dialog.close();
      setShown(false);
      returnFocus(opener);
    }
  }, [open]);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (shown && dialog) focusFirstField(dialog);
  }, [shown]);
  // Unmounted while open (the parent stopped rendering it): focus goes back all the same, once the
  // dialog is closed (while it is modal, the rest of the page cannot take focus).
  useLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) {
        closedByProp.current = true;
        dialog.close();
      }
      returnFocus(opener);
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => {
        if (closedByProp.current) closedByProp.current = false;
        else onClose();
      }}
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
      {open && shown ? (
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
          {children ? (
            <div data-dialog-part="body" className="overflow-y-auto px-5 py-4">
              {children}
            </div>
          ) : null}
          {footer ? (
            <div data-dialog-part="footer" className="flex flex-wrap justify-end gap-2 border-t border-slate-100 px-5 py-3">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

const FIELDS = 'input:not([type="hidden"]), select, textarea, [contenteditable="true"]';
const FOCUSABLE = `${FIELDS}, button, a[href], [tabindex]:not([tabindex="-1"])`;

function focusable(root: Element | null, selector: string): HTMLElement | undefined {
  if (!root) return undefined;
  return [...root.querySelectorAll<HTMLElement>(selector)].find(
    (el) => !el.matches(':disabled') && el.getClientRects().length > 0 && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Unless a field already took focus (autoFocus), the first field of the
 * body, else its first control, else the footer's first button (Cancel in a
 * confirmation), else the Close button.
 */
function focusFirstField(dialog: HTMLDialogElement): void {
  const active = document.activeElement;
  if (active && active !== dialog && dialog.contains(active) && active.getAttribute('aria-label') !== 'Close') return;
  const body = dialog.querySelector('[data-dialog-part="body"]');
  const target =
    focusable(body, FIELDS) ??
    focusable(body, FOCUSABLE) ??
    focusable(dialog.querySelector('[data-dialog-part="footer"]'), FOCUSABLE) ??
    focusable(dialog, FOCUSABLE);
  target?.focus();
}

function returnFocus(opener: React.RefObject<HTMLElement | null>): void {
  const element = opener.current;
  opener.current = null;
  if (element?.isConnected) element.focus();
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
