import type { FormEventHandler, ReactNode } from 'react';
import { Dialog, FormDialogFooter } from './dialog';

/** What a tab gives its create / edit dialog (useResourceEditor's `form`). */
export type ResourceFormProps<Row, Submitted> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new row. */
  editing: Row | null;
  busy: boolean;
  onSubmit: (submitted: Submitted) => void;
};

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title, also the form's name. */
  title: string;
  description?: string;
  size?: 'md' | 'lg';
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  /** The submit button's word ('Create Testimonial', 'Save Changes') and its busy form. */
  submitLabel: string;
  busyLabel?: string;
  /** The form's layout (default: two columns from tablet width). */
  formClassName?: string;
  children: ReactNode;
  /** What the dialog shows below the form (a warning, a note). */
  after?: ReactNode;
};

/** A create / edit dialog: the form in the body, Cancel and the submit button in the footer. */
export function FormDialog({ formId, onSubmit, submitLabel, busyLabel, busy, formClassName = 'grid gap-4 sm:grid-cols-2', children, after, ...dialog }: FormDialogProps) {
  return (
    <Dialog
      {...dialog}
      footer={<FormDialogFooter formId={formId} busy={busy} label={submitLabel} busyLabel={busyLabel} onCancel={() => dialog.onOpenChange(false)} />}
    >
      <form id={formId} noValidate onSubmit={onSubmit} aria-label={dialog.title} className={formClassName}>
        {children}
      </form>
      {after}
    </Dialog>
  );
}

/** A resource dialog's words: 'Announcement' makes 'Add Announcement' and 'Create Announcement'. */
export type ResourceDialogTexts<Row> = {
  noun: string;
  description?: string;
  /** The button for a new row, when not 'Create {noun}'. */
  createLabel?: string;
  /** The title while a row is edited; 'Edit {its title}' when not given. */
  editTitle?: (row: Row) => string;
};

type ResourceFormDialogProps<Row> = Omit<FormDialogProps, 'title' | 'submitLabel' | 'description'> & {
  texts: ResourceDialogTexts<Row>;
  /** The row being edited; null for a new one. */
  editing: Row | null;
  /** Replaces the button's word (e.g. 'Save anyway' after a warning). */
  submitLabel?: string;
  /** Replaces the texts' description (one that depends on the row). */
  description?: string;
};

const titleOf = (row: unknown): string => String((row as { title?: unknown }).title ?? '');

/** The create / edit dialog of an admin resource: its title and button words follow from its texts. */
export function ResourceFormDialog<Row>({ texts, editing, submitLabel, description = texts.description, size = 'lg', ...rest }: ResourceFormDialogProps<Row>) {
  const { noun, createLabel = `Create ${noun}`, editTitle = (row: Row) => `Edit ${titleOf(row)}` } = texts;
  const title = editing === null ? `Add ${noun}` : editTitle(editing);
  return <FormDialog {...rest} size={size} description={description} title={title} submitLabel={submitLabel ?? (editing === null ? createLabel : 'Save Changes')} />;
}
