import { MailCheck } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { Button } from '../../../client/components/ui/button';
import { DataTable, ErrorState, TableHead, TableSkeleton, Td } from '../../../client/components/ui/data-table';
import { EditAction } from '../../../client/components/ui/resource-view';
import { TextField } from '../../../client/components/ui/form';
import { toast } from '../../../client/components/ui/toast-store';
import { EMAIL_TEMPLATE_DEFINITIONS, type EmailTemplateType } from '../email-template-types';
import { recipientField } from '../email-templates.schema';
import { useEmailStatus } from './api/get-email-status';
import { TemplateSourceBadge } from './components/template-source-badge';
import { useSendBookingConfirmationTest } from './api/send-booking-confirmation-test';
import { serverMessage } from './components/server-message';
import { TemplateEditor } from './components/template-editor';

/**
 * Settings → email-templates: every e-mail the product sends, whether its template is saved,
 * active and copying the admins, and the same editor as /email-debug.
 */
export function EmailTemplatesPanel() {
  const status = useEmailStatus();
  const [type, setType] = useState<EmailTemplateType>('booking-confirmation');
  const editorRef = useRef<HTMLDivElement>(null);

  const edit = (next: EmailTemplateType) => {
    setType(next);
    editorRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    editorRef.current?.querySelector('select')?.focus({ preventScroll: true });
  };

  return (
    <div className="space-y-6">
      <p className="text-sm text-ink-soft">
        Every e-mail the site sends has a template with {'{{key}}'} placeholders. A template that is not active means that e-mail is not sent;
        BCC Admin copies every admin user. Test them on the <a href="/email-debug" className="font-bold underline">Email Debugging</a> page.
      </p>
      {status.isPending ? <TableSkeleton rows={6} /> : null}
      {status.isError ? <ErrorState message="The e-mail templates could not be loaded." onRetry={() => void status.refetch()} /> : null}
      {status.data ? (
        <DataTable label="E-mail templates">
          <TableHead headers={['E-mail', 'Sent when', 'Template', 'Active', 'BCC Admin', { hidden: 'Actions' }]} />
          <tbody>
            {status.data.templateStatus.map((entry) => {
              const definition = EMAIL_TEMPLATE_DEFINITIONS[entry.type];
              const active = entry.details.isActive;
              const bcc = entry.details.bccAdmin;
              return (
                <tr key={entry.type}>
                  <Td>
                    <span className="font-bold">{definition.label}</span>
                    <span className="block font-mono text-xs text-ink-soft">{entry.type}</span>
                  </Td>
                  <Td className="max-w-96 whitespace-normal text-ink-soft">{definition.sentWhen}</Td>
                  <Td>
                    <TemplateSourceBadge saved={entry.saved} />
                  </Td>
                  <Td>{active ? 'Yes' : <Badge tone="ink">Off: not sent</Badge>}</Td>
                  <Td>{bcc ? 'Yes' : 'No'}</Td>
                  <Td>
                    <EditAction label={`Edit ${entry.type}`} onEdit={() => edit(entry.type)} />
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      ) : null}
      <div ref={editorRef} className="scroll-mt-4 rounded-brutal border-2 border-ink bg-paper p-4 sm:p-5">
        <h3 className="mb-4 text-lg font-extrabold">Edit template</h3>
        <TemplateEditor type={type} onTypeChange={setType} />
      </div>
    </div>
  );
}

/**
 * The settings' booking confirmation tester: a sample booking confirmation (the current
 * template with sample values) queued in the outbox for the address typed, delivered like a
 * real one.
 */
export function BookingConfirmationTester() {
  const id = useId();
  const send = useSendBookingConfirmationTest();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = recipientField.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(
      { email: parsed.data },
      {
        onSuccess: (result) => toast({ title: 'Test email queued', description: result.message }),
        onError: (failure) => toast({ title: 'Error sending email', description: serverMessage(failure) ?? 'Unknown error', variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Booking confirmation tester" noValidate>
      <p className="text-sm text-ink-soft">Sends a sample booking confirmation, with the current template, through the outbox.</p>
      <TextField
        id={`${id}-email`}
        label="Send a sample confirmation to"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        error={error}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" disabled={send.isPending || !email.trim()}>
        <MailCheck aria-hidden="true" className="size-4" />
        {send.isPending ? 'Sending...' : 'Send sample confirmation'}
      </Button>
    </form>
  );
}
