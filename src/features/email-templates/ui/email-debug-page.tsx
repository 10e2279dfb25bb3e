import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { DataTable, ErrorState, TableHead, TableSkeleton, Td } from '../../../client/components/ui/data-table';
import { EditAction } from '../../../client/components/ui/resource-view';
import { RefreshButton } from '../../../client/components/ui/refresh-button';
import { toast } from '../../../client/components/ui/toast-store';
import type { EmailTemplateType } from '../email-template-types';
import type { EmailStatus } from '../email-templates.schema';
import { useEmailStatus } from './api/get-email-status';
import { serverMessage } from './components/server-message';
import { TemplateEditor } from './components/template-editor';
import { TemplateSourceBadge } from './components/template-source-badge';
import { TestEmailForm } from './components/test-email-form';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function ConfigurationRow({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex flex-wrap gap-x-3 border-b border-paper-deep py-2 last:border-b-0">
      <dt className="w-32 shrink-0 font-bold">{label}</dt>
      <dd className="min-w-0 break-all">{value ?? <span className="text-ink-soft">Not set</span>}</dd>
    </div>
  );
}

/** Email Configuration Status: configured, service type, host, user and from; never a password. */
function ConfigurationCard({ status, loading, onRefresh, refreshing }: { status: EmailStatus | undefined; loading: boolean; onRefresh: () => void; refreshing: boolean }) {
  return (
    <section aria-labelledby="email-config-heading" className="rounded-brutal border-2 border-ink bg-white p-5 shadow-brutal-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="email-config-heading" className="text-xl font-extrabold">
          Email Configuration Status
        </h2>
        <RefreshButton refreshing={refreshing} onRefresh={onRefresh} />
      </div>
      {loading || !status ? (
        <p role="status" className="mt-4 text-ink-soft">
          Loading configuration...
        </p>
      ) : (
        <dl className="mt-3 text-sm">
          <div className="flex flex-wrap items-center gap-x-3 border-b border-paper-deep py-2">
            <dt className="w-32 shrink-0 font-bold">Configured</dt>
            <dd>
              <Badge tone={status.emailConfigured ? 'success' : 'paper'}>{status.emailConfigured ? 'Configured' : 'Not configured'}</Badge>
            </dd>
          </div>
          <ConfigurationRow label="Service type" value={status.emailServiceType} />
          <ConfigurationRow label="Host" value={status.emailHost} />
          <ConfigurationRow label="User" value={status.emailUser} />
          <ConfigurationRow label="From" value={status.emailFrom} />
          <ConfigurationRow label="Saved templates" value={String(status.totalTemplates)} />
        </dl>
      )}
      {status && !status.emailConfigured ? (
        <p className="mt-3 text-sm text-ink-soft">
          Without a mail server, e-mails wait in the outbox. Configure one under Settings → email, or set SMTP_URL.
        </p>
      ) : null}
    </section>
  );
}

/** Email Templates: type, exists (saved or the built-in default), subject, active, copies admin. */
function TemplatesTable({ status, onEdit }: { status: EmailStatus; onEdit: (type: EmailTemplateType) => void }) {
  return (
    <DataTable label="Email Templates">
      <TableHead headers={['Type', 'Exists', 'Subject', 'Active', 'Copies admin', { hidden: 'Actions' }]} />
      <tbody>
        {status.templateStatus.map((entry) => (
          <tr key={entry.type}>
            <Td className="font-mono font-bold">{entry.type}</Td>
            <Td>
              <span className="inline-flex flex-wrap items-center gap-2">
                {yesNo(entry.exists)}
                <TemplateSourceBadge saved={entry.saved} />
              </span>
            </Td>
            <Td className="max-w-80 truncate">{entry.details.subject || 'N/A'}</Td>
            <Td>{yesNo(entry.details.isActive)}</Td>
            <Td>{yesNo(entry.details.bccAdmin)}</Td>
            <Td>
              <EditAction label={`Edit ${entry.type}`} onEdit={() => onEdit(entry.type)} />
            </Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

const tabTrigger =
  'inline-flex min-h-11 items-center rounded-brutal border-2 border-transparent px-3 text-sm font-bold hover:bg-paper-deep data-[state=active]:border-ink data-[state=active]:bg-accent data-[state=active]:shadow-brutal-sm';

/** The e-mail debugging tool (/email-debug), under the page's h1 'Email Debugging'. */
export default function EmailDebugTool() {
  const status = useEmailStatus();
  const [tab, setTab] = useState('edit');
  const [editType, setEditType] = useState<EmailTemplateType>('booking-confirmation');
  const [testType, setTestType] = useState<EmailTemplateType>('booking-confirmation');

  const failed = status.isError;
  useEffect(() => {
    if (failed) toast({ title: 'Error retrieving template status', description: serverMessage(status.error) ?? 'Please try again.', variant: 'destructive' });
  }, [failed, status.error]);

  return (
    <div className="space-y-8">
      <ConfigurationCard status={status.data} loading={status.isPending} onRefresh={() => void status.refetch()} refreshing={status.isFetching} />

      <div className="space-y-3">
        <h2 className="text-xl font-extrabold">
          Email Templates
        </h2>
        {status.isPending ? <TableSkeleton rows={4} /> : null}
        {status.isError ? <ErrorState message="The template status could not be loaded." onRetry={() => void status.refetch()} /> : null}
        {status.data ? (
          <TemplatesTable
            status={status.data}
            onEdit={(type) => {
              setEditType(type);
              setTab('edit');
            }}
          />
        ) : null}
      </div>

      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label="Email tools" className="flex flex-wrap gap-1.5 border-b-2 border-ink pb-3">
          <Tabs.Trigger value="edit" className={tabTrigger}>
            Edit Templates
          </Tabs.Trigger>
          <Tabs.Trigger value="test" className={tabTrigger}>
            Send Test Email
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="edit" className="pt-5 outline-none">
          <TemplateEditor type={editType} onTypeChange={setEditType} />
        </Tabs.Content>
        <Tabs.Content value="test" className="pt-5 outline-none">
          <TestEmailForm type={testType} onTypeChange={setTestType} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
