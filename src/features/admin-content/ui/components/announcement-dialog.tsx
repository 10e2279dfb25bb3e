import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Dialog, FormDialogFooter } from '../../../../client/components/ui/dialog';
import { CheckboxField, TextAreaField, TextField } from '../../../../client/components/ui/form';
import { ImageField } from '../../../uploads/ui';
import {
  announcementInputSchema,
  type AdminAnnouncement,
  type AnnouncementFormValues,
  type AnnouncementInput,
} from '../../admin-content.schema';
import { useAnnouncementPreview } from '../api/preview-announcement-html';

function startingValues(announcement: AdminAnnouncement | null): AnnouncementFormValues {
  if (!announcement) return { title: '', content: '', imageUrl: '', emailFormEnabled: false, isPublished: true, sortOrder: '0' };
  return {
    title: announcement.title,
    content: announcement.content,
    imageUrl: announcement.imageUrl ?? '',
    emailFormEnabled: announcement.emailFormEnabled,
    isPublished: announcement.isPublished,
    sortOrder: String(announcement.sortOrder),
  };
}

/** The value after it has stopped changing for `delayMs`: one preview call per pause in typing. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * What visitors will see: the HTML as the server sanitises it (the same function that runs on
 * save), never the raw text typed here.
 */
function SanitisedPreview({ content }: { content: string }) {
  const settled = useSettled(content, 400);
  const preview = useAnnouncementPreview(settled);
  let body;
  if (settled.trim() === '') body = <p className="text-ink-soft">Nothing to preview yet.</p>;
  else if (preview.isError) body = <p className="text-danger">The preview could not be loaded.</p>;
  else if (preview.data === undefined) body = <p className="text-ink-soft">Loading preview…</p>;
  // Safe: this string is the server's sanitizeHtml() output, the same the public page renders.
  else body = <div className="rich-text whitespace-pre-line" dangerouslySetInnerHTML={{ __html: preview.data }} />;
  return (
    <section aria-label="Preview" aria-busy={preview.isFetching} className="rounded-brutal border-2 border-dashed border-ink bg-white p-3 text-sm">
      <p className="mb-2 text-xs font-extrabold uppercase tracking-label text-ink-soft">Preview (as sanitised by the server)</p>
      {body}
    </section>
  );
}

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new announcement. */
  editing: AdminAnnouncement | null;
  busy: boolean;
  onSubmit: (values: AnnouncementInput) => void;
};

/** Add or edit an announcement: title, HTML content with a live sanitised preview, image, switches. */
export function AnnouncementDialog({ open, onOpenChange, editing, busy, onSubmit }: Props) {
  const formId = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AnnouncementFormValues, unknown, AnnouncementInput>({
    resolver: zodResolver(announcementInputSchema),
    defaultValues: startingValues(editing),
  });
  const content = useWatch({ control, name: 'content' });

  useEffect(() => {
    if (open) reset(startingValues(editing));
  }, [open, editing, reset]);

  const title = editing ? `Edit ${editing.title}` : 'Add Announcement';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={title}
      description="Shown on the landing page; scripts, event handlers and unsafe links are removed when saved."
      footer={<FormDialogFooter formId={formId} busy={busy} label={editing ? 'Save Changes' : 'Create Announcement'} onCancel={() => onOpenChange(false)} />}
    >
      <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)} aria-label={title} className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${formId}-title`} label="Title" autoComplete="off" className="sm:col-span-2" error={errors.title?.message} registration={register('title')} />
        <TextAreaField
          id={`${formId}-content`}
          label="Content (HTML)"
          rows={8}
          spellCheck
          className="font-mono sm:col-span-2"
          error={errors.content?.message}
          registration={register('content')}
        />
        <div className="sm:col-span-2">
          <SanitisedPreview content={typeof content === 'string' ? content : ''} />
        </div>
        <div className="sm:col-span-2">
          <Controller
            control={control}
            name="imageUrl"
            render={({ field, fieldState }) => (
              <ImageField
                id={`${formId}-image`}
                label="Image"
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
        <TextField
          id={`${formId}-sort`}
          label="Sort order"
          type="number"
          inputMode="numeric"
          step={1}
          error={errors.sortOrder?.message}
          registration={register('sortOrder')}
        />
        <div className="flex flex-col gap-1">
          <CheckboxField id={`${formId}-published`} label="Published" error={errors.isPublished?.message} registration={register('isPublished')} />
          <CheckboxField
            id={`${formId}-interest`}
            label="Interest form (collect e-mails)"
            error={errors.emailFormEnabled?.message}
            registration={register('emailFormEnabled')}
          />
        </div>
      </form>
    </Dialog>
  );
}
