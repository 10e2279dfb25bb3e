import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Dialog, FormDialogFooter } from '../../../../client/components/ui/dialog';
import { CheckboxField, TextAreaField, TextField } from '../../../../client/components/ui/form';
import { ImageField } from '../../../uploads/ui';
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

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new testimonial. */
  editing: AdminTestimonial | null;
  busy: boolean;
  onSubmit: (values: TestimonialInput) => void;
};

/** Add or edit a testimonial; messages come from the shared schema. */
export function TestimonialDialog({ open, onOpenChange, editing, busy, onSubmit }: Props) {
  const formId = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TestimonialFormValues, unknown, TestimonialInput>({
    resolver: zodResolver(testimonialInputSchema),
    defaultValues: startingValues(editing),
  });

  useEffect(() => {
    if (open) reset(startingValues(editing));
  }, [open, editing, reset]);

  const title = editing ? `Edit testimonial from ${editing.name}` : 'Add Testimonial';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={title}
      description="Shown on the landing page in sort order (lowest first; empty counts as 0)."
      footer={<FormDialogFooter formId={formId} busy={busy} label={editing ? 'Save Changes' : 'Create Testimonial'} onCancel={() => onOpenChange(false)} />}
    >
      <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)} aria-label={title} className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${formId}-name`} label="Name" autoComplete="off" error={errors.name?.message} registration={register('name')} />
        <TextField
          id={`${formId}-sort`}
          label="Sort order"
          type="number"
          inputMode="numeric"
          step={1}
          optional
          error={errors.sortOrder?.message}
          registration={register('sortOrder')}
        />
        <TextField id={`${formId}-role`} label="Role" autoComplete="off" optional error={errors.role?.message} registration={register('role')} />
        <TextField
          id={`${formId}-organization`}
          label="Organization"
          autoComplete="off"
          optional
          error={errors.organization?.message}
          registration={register('organization')}
        />
        <TextAreaField
          id={`${formId}-text`}
          label="Testimonial"
          rows={5}
          className="sm:col-span-2"
          error={errors.text?.message}
          registration={register('text')}
        />
        <div className="sm:col-span-2">
          <Controller
            control={control}
            name="profileImageUrl"
            render={({ field, fieldState }) => (
              <ImageField
                id={`${formId}-avatar`}
                label="Profile image"
                shape="round"
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
        <CheckboxField id={`${formId}-published`} label="Published" error={errors.isPublished?.message} registration={register('isPublished')} />
      </form>
    </Dialog>
  );
}
