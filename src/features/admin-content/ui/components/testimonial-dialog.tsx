import { CheckboxField, TextAreaField, TextField, WholeNumberField } from '../../../../client/components/ui/form';
import { FormDialog, type ResourceFormProps } from '../../../../client/components/ui/form-dialog';
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

/** Add or edit a testimonial; messages come from the shared schema. */
export function TestimonialDialog({ editing, onSubmit, ...dialog }: ResourceFormProps<AdminTestimonial, TestimonialInput>) {
  const { formId, field, control, handleSubmit } = useSchemaForm(testimonialInputSchema, startingValues(editing));
  const title = editing ? `Edit testimonial from ${editing.name}` : 'Add Testimonial';
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={title}
      description="Shown on the landing page in sort order (lowest first; empty counts as 0)."
      formId={formId}
      onSubmit={handleSubmit(onSubmit)}
      submitLabel={editing ? 'Save Changes' : 'Create Testimonial'}
    >
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <WholeNumberField label="Sort order" optional {...field('sortOrder')} />
      <TextField label="Role" autoComplete="off" optional {...field('role')} />
      <TextField label="Organization" autoComplete="off" optional {...field('organization')} />
      <TextAreaField label="Testimonial" rows={5} className="sm:col-span-2" {...field('text')} />
      <ImageFormField control={control} name="profileImageUrl" id={`${formId}-avatar`} label="Profile image" shape="round" />
      <CheckboxField label="Published" {...field('isPublished')} />
    </FormDialog>
  );
}
