import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { RichTextField } from '../../../../client/components/rich-text/rich-text-field';
import { Badge } from '../../../../client/components/ui/badge';
import { Button } from '../../../../client/components/ui/button';
import { ErrorState } from '../../../../client/components/ui/data-table';
import { controlClasses, FieldError } from '../../../../client/components/ui/form';
import { Spinner } from '../../../../client/components/ui/spinner';
import { SwitchField } from '../../../../client/components/ui/switch';
import { toast } from '../../../../client/components/ui/toast-store';
import { EMAIL_TEMPLATE_DEFINITIONS, type EmailTemplateType } from '../../email-template-types';
import { templateFormSchema, type EmailTemplate, type TemplateForm } from '../../email-templates.schema';
import { useEmailStatus } from '../api/get-email-status';
import { useTemplateContent } from '../api/get-template-content';
import { useSaveTemplate } from '../api/save-template';
import { serverMessage } from './server-message';
import { TemplateTypeSelect } from './template-type-select';

/** The saved template, or the default of its type (active, no Bcc) when none is saved. */
function formValues(type: EmailTemplateType, saved: EmailTemplate | null | undefined): TemplateForm {
  if (saved) return { type, subject: saved.subject, content: saved.content, isActive: saved.isActive, bccAdmin: saved.bccAdmin };
  const fallback = EMAIL_TEMPLATE_DEFINITIONS[type];
  return { type, subject: fallback.subject, content: fallback.content, isActive: true, bccAdmin: false };
}

/** The keys a template understands, for the admin writing it. */
function PlaceholderHelp({ type }: { type: EmailTemplateType }) {
  const definition = EMAIL_TEMPLATE_DEFINITIONS[type];
  return (
    <details className="rounded-brutal border-2 border-ink bg-white px-4 py-3 text-sm">
      <summary className="min-h-11 cursor-pointer content-center font-bold">Placeholders for {type}</summary>
      <p className="mt-2 text-ink-soft">{definition.sentWhen}</p>
      <ul className="mt-3 space-y-1.5">
        {definition.keys.map((entry) => (
          <li key={entry.key}>
            <code className="rounded bg-paper-deep px-1.5 py-0.5 font-mono">{`{{${entry.key}}}`}</code> — {entry.description}
            {entry.html ? <span className="text-ink-soft"> (HTML built by the site)</span> : null}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-ink-soft">
        Values are HTML-escaped. An inactive template means this e-mail is not sent (the booking, refund or message itself still goes through).
      </p>
    </details>
  );
}

type Props = {
  type: EmailTemplateType;
  onTypeChange: (type: EmailTemplateType) => void;
};

/**
 * Edit Templates: template type, subject, content (rich text or HTML), Active and BCC Admin, Save
 * Template (disabled while busy or with an empty subject or content). A type with no saved
 * template starts from its default (spec §8: a 404 starts a new template).
 */
export function TemplateEditor({ type, onTypeChange }: Props) {
  const id = useId();
  // The status says which types are saved, so an unsaved one starts from its default without a
  // request; the content call's 404 is still handled when the two disagree.
  const status = useEmailStatus();
  const exists = status.data?.templateStatus.find((entry) => entry.type === type)?.saved;
  const content = useTemplateContent(type, { enabled: exists === true || status.isError });
  const ready = exists === false || content.isSuccess;
  const saved = exists === false ? null : (content.data ?? null);
  const save = useSaveTemplate();
  const { register, control, handleSubmit, reset, formState } = useForm<TemplateForm>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: formValues(type, null),
  });

  // Load what is saved (or the default) whenever the type or its data changes, not on every render.
  const loaded = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const stamp = `${type}:${saved ? content.dataUpdatedAt : 'default'}`;
    if (loaded.current === stamp) return;
    loaded.current = stamp;
    reset(formValues(type, saved));
  }, [type, ready, saved, content.dataUpdatedAt, reset]);

  const failedToLoad = content.isError;
  useEffect(() => {
    if (failedToLoad) toast({ title: 'Error loading template', description: serverMessage(content.error) ?? 'Please try again.', variant: 'destructive' });
  }, [failedToLoad, content.error]);

  const [subject, html] = useWatch({ control, name: ['subject', 'content'] });
  const busy = save.isPending || !ready;
  const canSave = !busy && subject.trim() !== '' && html.trim() !== '';

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => toast({ title: 'Template saved', description: `The ${saved.type} template is saved${saved.isActive ? '' : ' (inactive: this e-mail is not sent)'}.` }),
      onError: (error) => toast({ title: 'Error saving template', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    }),
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Edit template" noValidate>
      <TemplateTypeSelect id={`${id}-type`} label="Template Type" value={type} onChange={onTypeChange} />

      {!ready && !failedToLoad ? <Spinner label="Loading template..." className="py-4" /> : null}
      {failedToLoad ? <ErrorState message="The template could not be loaded." onRetry={() => void content.refetch()} /> : null}
      {ready ? (
        <p className="text-sm">
          {saved ? <Badge tone="success">Saved template</Badge> : <Badge tone="paper">New template</Badge>}
          <span className="ml-2 text-ink-soft">
            {saved ? 'Editing the saved template.' : 'Not saved yet: starting from the default text, which is what is sent now.'}
          </span>
        </p>
      ) : null}

      <div>
        <label htmlFor={`${id}-subject`} className="mb-1.5 block text-sm font-bold">
          Subject
        </label>
        <input
          id={`${id}-subject`}
          className={controlClasses}
          aria-invalid={formState.errors.subject ? true : undefined}
          aria-describedby={formState.errors.subject ? `${id}-subject-error` : undefined}
          {...register('subject')}
        />
        <FieldError id={`${id}-subject-error`} message={formState.errors.subject?.message} />
      </div>

      <RichTextField
        control={control}
        name="content"
        id={`${id}-content`}
        label="Content"
        headings="email"
        placeholderLinks
        minHeight="min-h-[300px]"
        hint="Placeholders such as {{firstName}} stay as written, in the text and in a link's address."
      />

      <div className="flex flex-wrap gap-x-8 gap-y-1">
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => <SwitchField id={`${id}-active`} label="Active" hint="will send emails" checked={field.value} onCheckedChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="bccAdmin"
          render={({ field }) => (
            <SwitchField id={`${id}-bcc`} label="BCC Admin" hint="copy admin on all emails" checked={field.value} onCheckedChange={field.onChange} />
          )}
        />
      </div>

      <PlaceholderHelp type={type} />

      <Button type="submit" disabled={!canSave}>
        <Save aria-hidden="true" className="size-4" />
        {save.isPending ? 'Saving...' : 'Save Template'}
      </Button>
    </form>
  );
}
