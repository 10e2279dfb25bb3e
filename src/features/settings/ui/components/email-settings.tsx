import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send, Stethoscope, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../../client/components/ui/button';
import { controlClasses, FieldError, SelectField, TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import {
  emailSettingsFormSchema,
  EMAIL_SERVICE_TYPES,
  RECIPIENT_INVALID,
  SERVICE_TYPE_LABELS,
  testEmailSchema,
  type EmailSettingsFormInput,
  type EmailSettingsFormOutput,
  type Settings,
  type SettingsUpdateInput,
} from '../../settings.schema';
import { useRunEmailDiagnostics } from '../api/run-email-diagnostics';
import { useSaveSettings } from '../api/save-settings';
import { useSendTestEmail } from '../api/send-test-email';
import { messageOf } from './errors';
import { SaveButton } from './save-button';

const SERVICE_OPTIONS = EMAIL_SERVICE_TYPES.map((type) => ({ value: type, label: SERVICE_TYPE_LABELS[type] }));

const SOURCE_TEXT: Record<Settings['emailTransportSource'], string> = {
  settings: 'E-mail is sent with the settings saved below.',
  smtp_url: 'E-mail is sent through SMTP_URL from the server environment (saved settings below take precedence once complete).',
  none: 'No mail server is configured: e-mails wait in the outbox until one is.',
};

function formValues(settings: Settings): EmailSettingsFormInput {
  return {
    emailServiceType: settings.emailServiceType,
    emailHost: settings.emailHost ?? '',
    emailPort: String(settings.emailPort),
    emailUser: settings.emailUser ?? '',
    emailPassword: '',
    emailFrom: settings.emailFrom ?? '',
    emailTenantId: settings.emailTenantId ?? '',
    emailClientId: settings.emailClientId ?? '',
    emailClientSecret: '',
  };
}

/** Only the fields of the chosen service are sent; an empty secret keeps the saved one. */
function changesFrom(values: EmailSettingsFormOutput): SettingsUpdateInput {
  const secret = (value: string) => (value === '' ? undefined : value);
  if (values.emailServiceType === 'smtp') {
    return {
      emailServiceType: 'smtp',
      emailHost: values.emailHost,
      emailPort: values.emailPort,
      emailUser: values.emailUser,
      emailPassword: secret(values.emailPassword),
      emailFrom: values.emailFrom,
    };
  }
  return {
    emailServiceType: 'microsoft365',
    emailTenantId: values.emailTenantId,
    emailClientId: values.emailClientId,
    emailClientSecret: secret(values.emailClientSecret),
    emailFrom: values.emailFrom,
  };
}

/**
 * A password or secret the server keeps but never sends back: empty means "keep the saved one",
 * the hint under it says whether one is saved, and a saved one can be removed.
 */
function SecretField({
  field,
  secret: { saved, removeLabel, onRemove, removing },
}: {
  field: { id: string; label: string; error?: string; registration: UseFormRegisterReturn };
  /** Whether one is saved, and how to remove it (Remove waits while a save is on its way). */
  secret: { saved: boolean; removeLabel: string; onRemove: () => void; removing: boolean };
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <TextField type="password" autoComplete="new-password" aria-describedby={hintId} {...field} />
      <p id={hintId} className="mt-1 text-sm text-ink-soft">
        {saved ? 'Saved — leave empty to keep it.' : 'Not saved yet.'}
      </p>
      {saved ? (
        <button type="button" className="mt-1 min-h-11 text-sm font-bold underline" disabled={removing} onClick={onRemove}>
          {removeLabel}
        </button>
      ) : null}
    </div>
  );
}

function EmailSettingsForm({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<EmailSettingsFormInput, unknown, EmailSettingsFormOutput>({
    resolver: zodResolver(emailSettingsFormSchema),
    defaultValues: formValues(settings),
  });
  const serviceType = useWatch({ control, name: 'emailServiceType' });

  const submit = handleSubmit((values) =>
    save.mutate(changesFrom(values), {
      onSuccess: (saved) => {
        reset(formValues(saved));
        toast({ title: 'Settings Updated', description: 'Your e-mail settings have been saved.' });
      },
      onError: (error) => toast({ title: 'Error', description: `Failed to save settings: ${messageOf(error)}`, variant: 'destructive' }),
    }),
  );

  const forget = (field: 'clearEmailPassword' | 'clearEmailClientSecret') =>
    save.mutate(
      { [field]: true },
      {
        onSuccess: () => toast({ title: 'Settings Updated', description: 'The saved secret was removed.' }),
        onError: (error) => toast({ title: 'Error', description: `Failed to save settings: ${messageOf(error)}`, variant: 'destructive' }),
      },
    );

  return (
    <form onSubmit={submit} noValidate aria-label="E-mail server settings" className="grid max-w-xl gap-4">
      <p className="text-sm font-semibold">{SOURCE_TEXT[settings.emailTransportSource]}</p>
      <SelectField id="settings-email-service" label="Email service" options={SERVICE_OPTIONS} error={errors.emailServiceType?.message} registration={register('emailServiceType')} />

      {serviceType === 'smtp' ? (
        <>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <TextField id="settings-email-host" label="SMTP host" autoComplete="off" placeholder="smtp.example.com" error={errors.emailHost?.message} registration={register('emailHost')} />
            <TextField id="settings-email-port" label="Port" type="number" inputMode="numeric" min={1} max={65535} error={errors.emailPort?.message} registration={register('emailPort')} />
          </div>
          <TextField id="settings-email-user" label="Username" autoComplete="off" optional error={errors.emailUser?.message} registration={register('emailUser')} />
          <SecretField
            field={{ id: 'settings-email-password', label: 'Password', error: errors.emailPassword?.message, registration: register('emailPassword') }}
            secret={{ saved: settings.hasEmailPassword, removeLabel: 'Remove saved password', onRemove: () => forget('clearEmailPassword'), removing: save.isPending }}
          />
        </>
      ) : (
        <>
          <TextField id="settings-email-tenant" label="Tenant ID" autoComplete="off" error={errors.emailTenantId?.message} registration={register('emailTenantId')} />
          <TextField id="settings-email-client" label="Client ID" autoComplete="off" error={errors.emailClientId?.message} registration={register('emailClientId')} />
          <SecretField
            field={{ id: 'settings-email-client-secret', label: 'Client secret', error: errors.emailClientSecret?.message, registration: register('emailClientSecret') }}
            secret={{ saved: settings.hasEmailClientSecret, removeLabel: 'Remove saved client secret', onRemove: () => forget('clearEmailClientSecret'), removing: save.isPending }}
          />
        </>
      )}
      <TextField
        id="settings-email-from"
        label="From address"
        autoComplete="off"
        placeholder={serviceType === 'microsoft365' ? 'workshops@yourcompany.com (the sending mailbox)' : 'Workshops <hello@example.com>'}
        error={errors.emailFrom?.message}
        registration={register('emailFrom')}
      />
      <SaveButton pending={save.isPending} />
    </form>
  );
}

function TestEmailForm() {
  const send = useSendTestEmail();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = testEmailSchema.safeParse({ to });
    if (!parsed.success) {
      setError(RECIPIENT_INVALID);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Email sent', description: `Email sent to ${parsed.data.to}` }),
      onError: (failure) => toast({ title: 'Error sending email', description: messageOf(failure), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Send a test email" className="grid max-w-xl gap-3">
      <div>
        <label htmlFor="settings-test-email" className="mb-1.5 block text-sm font-bold">
          Send test email to
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="settings-test-email"
            type="email"
            autoComplete="email"
            className={`${controlClasses} min-w-0 flex-1 basis-56`}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'settings-test-email-error' : undefined}
          />
          <Button type="submit" variant="secondary" disabled={send.isPending || to.trim() === ''}>
            <Send aria-hidden="true" className="size-4" />
            {send.isPending ? 'Sending…' : 'Send test email'}
          </Button>
        </div>
        <FieldError id="settings-test-email-error" message={error} />
      </div>
      <div aria-live="polite">
        {send.isSuccess ? (
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
            {send.data.message}
          </p>
        ) : null}
        {send.isError ? (
          <p role="alert" className="flex items-start gap-2 font-semibold text-danger">
            <XCircle aria-hidden="true" className="size-5 shrink-0" />
            {messageOf(send.error)}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function Diagnostics() {
  const run = useRunEmailDiagnostics();
  const data = run.data;
  return (
    <div className="grid max-w-2xl gap-3">
      <div>
        <Button variant="secondary" disabled={run.isPending} onClick={() => run.mutate()}>
          <Stethoscope aria-hidden="true" className="size-4" />
          {run.isPending ? 'Running diagnostics…' : 'Run diagnostics'}
        </Button>
      </div>
      <div aria-live="polite">
        {run.isError ? <p className="font-semibold text-danger">{messageOf(run.error)}</p> : null}
        {data ? (
          <div className="rounded-brutal border-2 border-ink bg-white p-4 shadow-brutal-sm">
            <p className="font-bold">
              {data.configured
                ? `${data.serviceType === 'microsoft365' ? 'Microsoft 365' : 'SMTP'} — ${data.host ?? ''}${data.port ? `:${data.port}` : ''}${data.from ? `, from ${data.from}` : ''}`
                : 'Not configured'}
            </p>
            <ul aria-label="Diagnostic results" className="mt-3 grid gap-2">
              {data.checks.map((check) => (
                <li key={check.name} className="flex items-start gap-2">
                  {check.ok ? (
                    <CheckCircle2 aria-label="Passed" className="mt-0.5 size-5 shrink-0" />
                  ) : (
                    <XCircle aria-label="Failed" className="mt-0.5 size-5 shrink-0 text-danger" />
                  )}
                  <span className="min-w-0 break-words">
                    <span className="font-bold">{check.name}:</span> {check.detail}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Email sub-tab: the mail server (SMTP or Microsoft 365), a test e-mail and diagnostics. */
export function EmailSettings({ settings }: { settings: Settings }) {
  return (
    <div className="grid gap-8">
      <section aria-labelledby="settings-email-server-heading">
        <h3 id="settings-email-server-heading" className="mb-3 text-lg font-extrabold">
          Mail server
        </h3>
        <EmailSettingsForm settings={settings} />
      </section>
      <section aria-labelledby="settings-test-email-heading">
        <h3 id="settings-test-email-heading" className="mb-3 text-lg font-extrabold">
          Test email
        </h3>
        <TestEmailForm />
      </section>
      <section aria-labelledby="settings-diagnostics-heading">
        <h3 id="settings-diagnostics-heading" className="mb-3 text-lg font-extrabold">
          Diagnostics
        </h3>
        <Diagnostics />
      </section>
    </div>
  );
}
