import { SelectField, TextAreaField, TextField, WholeNumberField } from '../../../../client/components/ui/form';
import { ResourceFormDialog, type ResourceFormProps } from '../../../../client/components/ui/form-dialog';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { expertiseLabels, expertiseLevels } from '../../../workshops';
import { DEFAULT_TEMPLATE_SEATS } from '../../admin-workshops.schema';
import {
  workshopTemplateFormSchema,
  type WorkshopTemplate,
  type WorkshopTemplateForm,
} from '../../workshop-templates.schema';

const expertiseOptions = expertiseLevels.map((level) => ({ value: level, label: expertiseLabels[level] }));

/** Create or edit a workshop template: title, expertise level, default seats, description. */
export function TemplateFormDialog({ editing, onSubmit, ...dialog }: ResourceFormProps<WorkshopTemplate, WorkshopTemplateForm>) {
  const { formId, field, handleSubmit } = useSchemaForm(workshopTemplateFormSchema, {
    title: editing?.title ?? '',
    expertiseLevel: editing?.expertiseLevel ?? 'beginner',
    defaultSeats: editing?.defaultSeats ?? DEFAULT_TEMPLATE_SEATS,
    description: editing?.description ?? '',
  });
  return (
    <ResourceFormDialog
      {...dialog}
      size="md"
      texts={{ noun: 'Template', description: "New workshop dates can start from a template's title, level and seats.", editTitle: () => 'Edit Template' }}
      editing={editing}
      formId={formId}
      onSubmit={handleSubmit((values) => onSubmit(values))}
    >
      <TextField label="Title" className="sm:col-span-2" {...field('title')} />
      <SelectField label="Expertise level" options={expertiseOptions} {...field('expertiseLevel')} />
      <WholeNumberField label="Default seats" min={1} {...field('defaultSeats', { valueAsNumber: true })} />
      <TextAreaField label="Description" optional className="sm:col-span-2" rows={3} {...field('description')} />
    </ResourceFormDialog>
  );
}
