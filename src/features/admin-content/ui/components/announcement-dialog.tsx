import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { RichTextField } from '../../../../client/components/rich-text/rich-text-field';
import { CheckboxField, TextField, WholeNumberField } from '../../../../client/components/ui/form';
import { ResourceFormDialog, type ResourceDialogTexts, type ResourceFormProps } from '../../../../client/components/ui/form-dialog';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { ImageFormField } from '../../../uploads/ui';
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

const DIALOG_TEXTS: ResourceDialogTexts<AdminAnnouncement> = {
  noun: 'Announcement',
  description: 'Shown on the landing page; scripts, event handlers and unsafe links are removed when saved.',
};

/** Add or edit an announcement: title, content (rich text or HTML) with a live sanitised preview, image, switches. */
export function AnnouncementDialog({ editing, onSubmit, ...dialog }: ResourceFormProps<AdminAnnouncement, AnnouncementInput>) {
  const { formId, field, control, handleSubmit } = useSchemaForm(announcementInputSchema, startingValues(editing));
  const content = useWatch({ control, name: 'content' });
  return (
    <ResourceFormDialog {...dialog} texts={DIALOG_TEXTS} editing={editing} formId={formId} onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Title" autoComplete="off" className="sm:col-span-2" {...field('title')} />
      <div className="sm:col-span-2">
        <RichTextField control={control} name="content" id={`${formId}-content`} label="Content" headings="page" minHeight="min-h-40" />
      </div>
      <div className="sm:col-span-2">
        <SanitisedPreview content={typeof content === 'string' ? content : ''} />
      </div>
      <ImageFormField control={control} name="imageUrl" id={`${formId}-image`} label="Image" />
      <WholeNumberField label="Sort order" {...field('sortOrder')} />
      <div className="flex flex-col gap-1">
        <CheckboxField label="Published" {...field('isPublished')} />
        <CheckboxField label="Interest form (collect e-mails)" {...field('emailFormEnabled')} />
      </div>
    </ResourceFormDialog>
  );
}
