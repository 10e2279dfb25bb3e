import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { ErrorState } from '../../../client/components/ui/data-table';
import { Spinner } from '../../../client/components/ui/spinner';
import { BookingConfirmationTester, EmailTemplatesPanel } from '../../email-templates/ui/email-templates-panel';
import { AuditLogPanel, OutboxPanel } from '../../operations/ui/ops-panels';
import { useSettings } from './api/get-settings';
import { messageOf } from './components/errors';
import { EmailSettings } from './components/email-settings';
import { GeneralSettings } from './components/general-settings';
import { PaymentSettings } from './components/payment-settings';
import { ReservationSettings } from './components/reservation-settings';

/** Spec §2 settings sub-tabs, in order. */
const SUB_TABS = [
  { value: 'general', label: 'General' },
  { value: 'payment', label: 'Payment' },
  { value: 'email', label: 'Email' },
  { value: 'email-templates', label: 'Email templates' },
] as const;

type SubTab = (typeof SUB_TABS)[number]['value'];

const triggerClasses =
  'inline-flex min-h-11 items-center rounded-brutal border-2 border-ink bg-paper px-3 text-sm font-bold hover:bg-white data-[state=active]:bg-ink data-[state=active]:text-paper';

/** Loads the settings once for the sub-tabs that show them. */
function WithSettings({ children }: { children: (settings: NonNullable<ReturnType<typeof useSettings>['data']>) => React.ReactNode }) {
  const settings = useSettings();
  if (settings.isPending) return <Spinner label="Loading settings…" />;
  if (settings.isError) return <ErrorState message={`Failed to load settings: ${messageOf(settings.error)}`} onRetry={() => void settings.refetch()} />;
  return <>{children(settings.data)}</>;
}

/** The admin dashboard's Settings tab: general, payment, email and email templates (spec §2). */
export default function SettingsTab() {
  const [tab, setTab] = useState<SubTab>('general');
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as SubTab)} activationMode="manual">
      <Tabs.List aria-label="Settings sections" className="flex flex-wrap gap-2">
        {SUB_TABS.map(({ value, label }) => (
          <Tabs.Trigger key={value} value={value} className={triggerClasses}>
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>

      <Tabs.Content value="general" className="grid gap-8 pt-6 outline-none">
        <WithSettings>{(settings) => <GeneralSettings settings={settings} />}</WithSettings>
        <section aria-labelledby="settings-audit-heading">
          <h3 id="settings-audit-heading" className="mb-3 text-lg font-extrabold">
            Audit log
          </h3>
          <AuditLogPanel />
        </section>
      </Tabs.Content>

      <Tabs.Content value="payment" className="grid gap-8 pt-6 outline-none">
        <PaymentSettings />
        <section aria-labelledby="settings-reservations-heading">
          <h3 id="settings-reservations-heading" className="mb-3 text-lg font-extrabold">
            Reservations
          </h3>
          <WithSettings>{(settings) => <ReservationSettings settings={settings} />}</WithSettings>
        </section>
      </Tabs.Content>

      <Tabs.Content value="email" className="grid gap-8 pt-6 outline-none">
        <WithSettings>{(settings) => <EmailSettings settings={settings} />}</WithSettings>
        <section aria-labelledby="settings-confirmation-tester-heading">
          <h3 id="settings-confirmation-tester-heading" className="mb-3 text-lg font-extrabold">
            Booking confirmation tester
          </h3>
          <BookingConfirmationTester />
        </section>
        <section aria-labelledby="settings-outbox-heading">
          <h3 id="settings-outbox-heading" className="mb-3 text-lg font-extrabold">
            Outbox
          </h3>
          <OutboxPanel />
        </section>
      </Tabs.Content>

      <Tabs.Content value="email-templates" className="pt-6 outline-none">
        <EmailTemplatesPanel />
      </Tabs.Content>
    </Tabs.Root>
  );
}
