import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send, Stethoscope, TriangleAlert, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Button, RunButton } from '../../../../client/components/ui/button';
import { controlClasses, FieldError, SelectField, TextField } from '../../../../client/components/ui/form';
import { SwitchField } from '../../../../client/components/ui/switch';
import { toast } from '../../../../client/components/ui/toast-store';
import {
  emailSettingsFormSchema,
  EMAIL_SERVICE_TYPES,
  ORGANISER_NOTIFICATION_NAMES,
  ORGANISER_NOTIFICATIONS,
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
    emailReplyTo: settings.emailReplyTo ?? '',
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
      emailReplyTo: values.emailReplyTo,
    };
  }
  return {
    emailServiceType: 'microsoft365',
    emailTenantId: values.emailTenantId,
    emailClientId: values.emailClientId,
    emailClientSecret: secret(values.emailClientSecret),
    emailFrom: values.emailFrom,
    emailReplyTo: values.emailReplyTo,
  };
}

/** Whether the changes name another mail server than the saved one (the sender alone is not). */
function changesServer(changes: SettingsUpdateInput, settings: Settings): boolean {
  const saved: Partial<Record<keyof SettingsUpdateInput, unknown>> = {
    emailServiceType: settings.emailServiceType,
    emailHost: settings.emailHost ?? '',
    emailPort: String(settings.emailPort),
    emailUser: settings.emailUser ?? '',
    emailTenantId: settings.emailTenantId ?? '',
    emailClientId: settings.emailClientId ?? '',
  };
  if (changes.emailPassword || changes.emailClientSecret) return true;
  return Object.entries(saved).some(([name, value]) => {
    const changed = changes[name as keyof SettingsUpdateInput];
    return changed !== undefined && String(changed) !== String(value);
  });
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

/**
 * Saves the e-mail settings. A change of mail server is saved only once a test message went
 * through it to the organiser's address: half-working settings never replace ones that
 * work, and the admin sees the server's own reason when it fails.
 */
function EmailSettingsForm({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const test = useSendTestEmail();
  const [testFailure, setTestFailure] = useState<string | null>(null);
  const testTo = settings.emailReplyToInUse;
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

  const saveChanges = (changes: SettingsUpdateInput, tested: string | null) =>
    save.mutate(changes, {
      onSuccess: (saved) => {
        reset(formValues(saved));
        toast({ title: 'Settings Updated', description: tested ? `A test message went through to ${tested}, and the settings are saved.` : 'Your e-mail settings have been saved.' });
      },
      onError: (error) => toast({ title: 'Error', description: `Failed to save settings: ${messageOf(error)}`, variant: 'destructive' }),
    });

  const submit = handleSubmit((values) => {
    const changes = changesFrom(values);
    setTestFailure(null);
    if (!changesServer(changes, settings) || !testTo) return saveChanges(changes, null);
    test.mutate(
      { to: testTo, settings: changes },
      {
        onSuccess: () => saveChanges(changes, testTo),
        onError: (failure) => setTestFailure(messageOf(failure)),
      },
    );
  });

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
        optional={serviceType === 'smtp'}
        placeholder={serviceType === 'microsoft365' ? 'workshops@yourcompany.com (the sending mailbox)' : 'Workshops <hello@example.com>'}
        error={errors.emailFrom?.message}
        registration={register('emailFrom')}
      />
      <TextField
        id="settings-email-reply-to"
        label="Reply-To"
        autoComplete="off"
        optional
        placeholder={settings.emailReplyToInUse ?? 'you@example.com'}
        error={errors.emailReplyTo?.message}
        registration={register('emailReplyTo')}
      />
      <p className="text-sm text-ink-soft">
        Empty fields use the organiser&apos;s address. A new mail server is saved once a test message to {testTo ?? 'the organiser'} goes through it.
      </p>
      <div aria-live="polite">
        {testFailure ? (
          <p role="alert" className="flex items-start gap-2 rounded-brutal border-2 border-danger bg-danger-soft px-3 py-2 text-sm font-semibold">
            <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">The test message did not go through, so nothing was saved: {testFailure}</span>
          </p>
        ) : null}
      </div>
      <SaveButton pending={save.isPending || test.isPending} label={test.isPending ? 'Sending a test…' : undefined} />
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
      <RunButton icon={Stethoscope} pending={run.isPending} pendingLabel="Running diagnostics…" onClick={() => run.mutate()}>
        Run diagnostics
      </RunButton>
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

/** Who the e-mails come from, whom replies reach, and why that sender may hurt delivery. */
function SenderSummary({ settings }: { settings: Settings }) {
  return (
    <div className="grid max-w-2xl gap-3">
      {settings.emailSenderWarning ? (
        <p role="status" className="flex items-start gap-2 rounded-brutal border-2 border-ink bg-accent-soft px-3 py-2 text-sm font-semibold">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">{settings.emailSenderWarning}</span>
        </p>
      ) : null}
      <p className="min-w-0 break-words text-sm">
        E-mails go out as <strong>{settings.emailSender}</strong>
        {settings.emailReplyToInUse ? (
          <>
            ; replies reach <strong>{settings.emailReplyToInUse}</strong>
          </>
        ) : null}
        .
      </p>
    </div>
  );
}

/** What the organiser is e-mailed about; each switch saves at once. */
function OrganiserNotifications({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  return (
    <div className="grid gap-1" role="group" aria-labelledby="settings-notifications-heading">
      <p className="mb-2 text-sm text-ink-soft">Sent to {settings.emailReplyToInUse ?? 'the organiser'}.</p>
      {ORGANISER_NOTIFICATION_NAMES.map((name) => (
        <SwitchField
          key={name}
          label={ORGANISER_NOTIFICATIONS[name]}
          checked={settings[name]}
          disabled={save.isPending}
          onCheckedChange={(checked) =>
            save.mutate(
              { [name]: checked },
              {
                onSuccess: () => toast({ title: 'Settings Updated', description: `${ORGANISER_NOTIFICATIONS[name]}: ${checked ? 'e-mailed to you' : 'no e-mail'}.` }),
                onError: (error) => toast({ title: 'Error', description: `Failed to save settings: ${messageOf(error)}`, variant: 'destructive' }),
              },
            )
          }
        />
      ))}
    </div>
  );
}

/** Email sub-tab: the sender, the mail server (SMTP or Microsoft 365), notifications, a test e-mail and diagnostics. */
export function EmailSettings({ settings }: { settings: Settings }) {
  return (
    <div className="grid gap-8">
      <SenderSummary settings={settings} />
      <section aria-labelledby="settings-email-server-heading">
        <h3 id="settings-email-server-heading" className="mb-3 text-lg font-extrabold">
          Mail server
        </h3>
        {/* Saved elsewhere meanwhile (another tab, another admin): the form starts again from what is saved. */}
        <EmailSettingsForm key={settings.updatedAt ?? 'none'} settings={settings} />
      </section>
      <section aria-labelledby="settings-notifications-heading">
        <h3 id="settings-notifications-heading" className="mb-3 text-lg font-extrabold">
          E-mails to you
        </h3>
        <OrganiserNotifications settings={settings} />
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
