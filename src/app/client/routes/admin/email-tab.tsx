import { BookingConfirmationTester, EmailTemplatesPanel } from '../../../../features/email-templates/ui/email-templates-panel';
import { OutboxPanel } from '../../../../features/operations/ui/ops-panels';
import { EmailSettings } from '../../../../features/settings/ui/components/email-settings';
import { SettingsPart, SubTabs, WithSettings } from '../../../../features/settings/ui/components/sub-tabs';

/** The admin's Email section: the spec's email and email-templates settings sub-tabs (§2). */
export default function EmailTab() {
  return (
    <SubTabs
      label="Email sections"
      tabs={[
        {
          value: 'email',
          label: 'Email',
          content: (
            <>
              <WithSettings>{(settings) => <EmailSettings settings={settings} />}</WithSettings>
              <SettingsPart id="settings-confirmation-tester-heading" title="Booking confirmation tester">
                <BookingConfirmationTester />
              </SettingsPart>
              <SettingsPart id="settings-outbox-heading" title="Outbox">
                <OutboxPanel />
              </SettingsPart>
            </>
          ),
        },
        { value: 'email-templates', label: 'Email templates', content: <EmailTemplatesPanel /> },
      ]}
    />
  );
}
