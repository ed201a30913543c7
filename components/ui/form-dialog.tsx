'use client';
// A dialog holding one form: its fields, the save's error under them, and
// Cancel + submit in the footer. Closing forgets the last failed save, so
// the dialog opens clean next time.
import { Button } from './button';
import { Dialog, type DialogWidth } from './dialog';
import { ErrorNote } from './states';

/** What the dialog needs of the save mutation (react-query's useMutation result fits). */
export type FormSave = { isPending: boolean; error: unknown; reset: () => void };

export function FormDialog({
  open = true,
  onClose,
  title,
  description,
  width,
  formId,
  save,
  submitLabel,
  canSubmit,
  noValidate,
  onSubmit,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  width?: DialogWidth;
  /** The form's id, which the footer's submit button names (it sits outside the form). */
  formId: string;
  save: FormSave;
  submitLabel: React.ReactNode;
  canSubmit: boolean;
  /** The form checks its own fields on submit (its messages, not the browser's). */
  noValidate?: boolean;
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      width={width}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending} disabled={!canSubmit}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4"
        noValidate={noValidate}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <ErrorNote error={save.error} />
      </form>
    </Dialog>
  );
}
