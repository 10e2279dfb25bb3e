import { GeneralSettings } from './components/general-settings';
import { PaymentSettings } from './components/payment-settings';
import { ReservationSettings } from './components/reservation-settings';
import { SettingsPart, SubTabs, WithSettings } from './components/sub-tabs';

/** The admin's Settings section: general and payment; e-mail has its own section. */
export default function SettingsTab() {
  return (
    <SubTabs
      label="Settings sections"
      tabs={[
        { value: 'general', label: 'General', content: <WithSettings>{(settings) => <GeneralSettings settings={settings} />}</WithSettings> },
        {
          value: 'payment',
          label: 'Payment',
          content: (
            <>
              <PaymentSettings />
              <SettingsPart id="settings-reservations-heading" title="Reservations">
                <WithSettings>{(settings) => <ReservationSettings settings={settings} />}</WithSettings>
              </SettingsPart>
            </>
          ),
        },
      ]}
    />
  );
}
