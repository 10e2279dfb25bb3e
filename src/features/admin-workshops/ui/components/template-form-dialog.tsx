import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogFooter } from '../../../../client/components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../../client/components/ui/form';
import { expertiseLabels, expertiseLevels } from '../../../workshops';
import { DEFAULT_TEMPLATE_SEATS } from '../../admin-workshops.schema';
import {
  workshopTemplateFormSchema,
  type WorkshopTemplate,
  type WorkshopTemplateForm,
  type WorkshopTemplateFormInput,
} from '../../workshop-templates.schema';

const FORM_ID = 'workshop-template-form';
const expertiseOptions = expertiseLevels.map((level) => ({ value: level, label: expertiseLabels[level] }));

type TemplateFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new template. */
  editing: WorkshopTemplate | null;
  busy: boolean;
  onSubmit: (values: WorkshopTemplateForm) => void;
};

/** Create or edit a workshop template: title, expertise level, default seats, description. */
export function TemplateFormDialog({ open, onOpenChange, editing, busy, onSubmit }: TemplateFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Template' : 'Add Template'}
      description="New workshop dates can start from a template's title, level and seats."
      footer={<FormDialogFooter formId={FORM_ID} busy={busy} label={editing ? 'Save Changes' : 'Create Template'} onCancel={() => onOpenChange(false)} />}
    >
      {open ? <TemplateFormBody key={editing?.id ?? 'new'} template={editing} onSubmit={onSubmit} /> : null}
    </Dialog>
  );
}

type TemplateFormBodyProps = {
  template: WorkshopTemplate | null;
  onSubmit: (values: WorkshopTemplateForm) => void;
};

function TemplateFormBody({ template, onSubmit }: TemplateFormBodyProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<WorkshopTemplateFormInput, unknown, WorkshopTemplateForm>({
    resolver: zodResolver(workshopTemplateFormSchema),
    defaultValues: {
      title: template?.title ?? '',
      expertiseLevel: template?.expertiseLevel ?? 'beginner',
      defaultSeats: template?.defaultSeats ?? DEFAULT_TEMPLATE_SEATS,
      description: template?.description ?? '',
    },
  });

  return (
    <form id={FORM_ID} noValidate onSubmit={handleSubmit((values) => onSubmit(values))} className="grid gap-4 sm:grid-cols-2">
      <TextField id="template-title" label="Title" className="sm:col-span-2" error={errors.title?.message} registration={register('title')} />
      <SelectField
        id="template-expertise"
        label="Expertise level"
        options={expertiseOptions}
        error={errors.expertiseLevel?.message}
        registration={register('expertiseLevel')}
      />
      <TextField
        id="template-seats"
        label="Default seats"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.defaultSeats?.message}
        registration={register('defaultSeats', { valueAsNumber: true })}
      />
      <TextAreaField
        id="template-description"
        label="Description"
        optional
        className="sm:col-span-2"
        rows={3}
        error={errors.description?.message}
        registration={register('description')}
      />
    </form>
  );
}
