// What the page opening one of the knowledge editors' dialogs (a name, a
// content) hands it: whether it is open, its wording, the save mutation
// (pending and error), what to do with the values and how to close it.
import type { FormSave } from '@/components/ui/form-dialog';

export type EditorDialogProps<Values> = {
  open: boolean;
  title: string;
  submitLabel: string;
  save: FormSave;
  onSubmit: (values: Values) => void;
  onClose: () => void;
};
