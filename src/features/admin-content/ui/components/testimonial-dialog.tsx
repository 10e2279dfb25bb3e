import { CheckboxField, TextAreaField, TextField, WholeNumberField } from '../../../../client/components/ui/form';
import { ResourceFormDialog, type ResourceDialogTexts, type ResourceFormProps } from '../../../../client/components/ui/form-dialog';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { ImageFormField } from '../../../uploads/ui';
import { testimonialInputSchema, type AdminTestimonial, type TestimonialFormValues, type TestimonialInput } from '../../admin-content.schema';

function startingValues(testimonial: AdminTestimonial | null): TestimonialFormValues {
  if (!testimonial) return { name: '', text: '', role: '', organization: '', profileImageUrl: '', sortOrder: '', isPublished: true };
  return {
    name: testimonial.name,
    text: testimonial.text,
    role: testimonial.role ?? '',
    organization: testimonial.organization ?? '',
    profileImageUrl: testimonial.profileImageUrl ?? '',
    sortOrder: testimonial.sortOrder === null ? '' : String(testimonial.sortOrder),
    isPublished: testimonial.isPublished,
  };
}

const DIALOG_TEXTS: ResourceDialogTexts<AdminTestimonial> = {
  noun: 'Testimonial',
  description: 'Shown on the landing page in sort order (lowest first; empty counts as 0).',
  editTitle: (row) => `Edit testimonial from ${row.name}`,
};

/** Add or edit a testimonial; messages come from the shared schema. */
export function TestimonialDialog({ editing, onSubmit, ...dialog }: ResourceFormProps<AdminTestimonial, TestimonialInput>) {
  const { formId, field, control, handleSubmit } = useSchemaForm(testimonialInputSchema, startingValues(editing));
  return (
    <ResourceFormDialog
      {...dialog}
      texts={DIALOG_TEXTS}
      editing={editing}
      formId={formId}
      onSubmit={handleSubmit(onSubmit)}
    >
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <WholeNumberField label="Sort order" optional {...field('sortOrder')} />
      <TextField label="Role" autoComplete="off" optional {...field('role')} />
      <TextField label="Organization" autoComplete="off" optional {...field('organization')} />
      <TextAreaField label="Testimonial" rows={5} className="sm:col-span-2" {...field('text')} />
      <ImageFormField control={control} name="profileImageUrl" id={`${formId}-avatar`} label="Profile image" shape="round" />
      <CheckboxField label="Published" {...field('isPublished')} />
    </ResourceFormDialog>
  );
}
