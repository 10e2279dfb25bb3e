import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogFooter } from '../../../../client/components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { expertiseLabels, expertiseLevels } from '../../../workshops/workshops.schema';
import { DEFAULT_TEMPLATE_SEATS } from '../../admin-workshops.schema';
import {
  workshopTemplateFormSchema,
  type WorkshopTemplate,
  type WorkshopTemplateForm,
  type WorkshopTemplateFormInput,
} from '../../workshop-templates.schema';
import { useCreateWorkshopTemplate } from '../api/create-workshop-template';
import { useUpdateWorkshopTemplate } from '../api/update-workshop-template';
import { failureDescription, TEMPLATE_TOASTS } from '../workshop-texts';

const FORM_ID = 'workshop-template-form';
const expertiseOptions = expertiseLevels.map((level) => ({ value: level, label: expertiseLabels[level] }));

type TemplateFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new template. */
  template: WorkshopTemplate | null;
};

/** Create or edit a workshop template: title, expertise level, default seats, description. */
export function TemplateFormDialog({ open, onOpenChange, template }: TemplateFormDialogProps) {
  const createTemplate = useCreateWorkshopTemplate();
  const updateTemplate = useUpdateWorkshopTemplate();
  const saving = createTemplate.isPending || updateTemplate.isPending;
  const save = (values: WorkshopTemplateForm) =>
    template ? updateTemplate.mutateAsync({ id: template.id, input: values }) : createTemplate.mutateAsync(values);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={template ? 'Edit Template' : 'Add Template'}
      description="New workshop dates can start from a template's title, level and seats."
      footer={<FormDialogFooter formId={FORM_ID} busy={saving} label={template ? 'Save Changes' : 'Create Template'} onCancel={() => onOpenChange(false)} />}
    >
      {open ? <TemplateFormBody key={template?.id ?? 'new'} template={template} save={save} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

type TemplateFormBodyProps = {
  template: WorkshopTemplate | null;
  save: (values: WorkshopTemplateForm) => Promise<WorkshopTemplate>;
  onDone: () => void;
};

function TemplateFormBody({ template, save, onDone }: TemplateFormBodyProps) {
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

  const onSubmit = async (values: WorkshopTemplateForm) => {
    try {
      const saved = await save(values);
      toast({ title: template ? TEMPLATE_TOASTS.updated : TEMPLATE_TOASTS.created, description: `${saved.title} has been saved.` });
      onDone();
    } catch (error) {
      toast({
        title: TEMPLATE_TOASTS.errorTitle,
        description: failureDescription(template ? TEMPLATE_TOASTS.updateFailed : TEMPLATE_TOASTS.createFailed, error),
        variant: 'destructive',
      });
    }
  };

  return (
    <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
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
