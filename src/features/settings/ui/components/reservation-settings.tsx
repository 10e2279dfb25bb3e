import { WholeNumberField } from '../../../../client/components/ui/form';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { toast } from '../../../../client/components/ui/toast-store';
import {
  MAX_RESERVATION_HOURS,
  MIN_RESERVATION_HOURS,
  paymentSettingsFormSchema,
  type PaymentSettingsFormInput,
  type Settings,
} from '../../settings.schema';
import { useSaveSettings } from '../api/save-settings';
import { messageOf } from './errors';
import { SaveButton } from './save-button';

const FIELD_ID = 'settings-reservation-hours';
const HINT_ID = `${FIELD_ID}-hint`;

const formValues = (settings: Settings): PaymentSettingsFormInput => ({ reservationHours: String(settings.reservationHours) });

/** Payment sub-tab: how long an unpaid reservation (reserve now, pay later) holds its seat. */
export function ReservationSettings({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const { field, handleSubmit, reset } = useSchemaForm(paymentSettingsFormSchema, formValues(settings));
  const hours = { ...field('reservationHours'), id: FIELD_ID };

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        // Shows the number as the server keeps it (e.g. "072" becomes "72").
        reset(formValues(saved));
        toast({ title: 'Settings Updated', description: 'Your payment settings have been saved.' });
      },
      onError: (failure) => toast({ title: 'Error', description: `Failed to save settings: ${messageOf(failure)}`, variant: 'destructive' }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Reservation settings" className="grid max-w-md gap-4">
      <div>
        <WholeNumberField
          label="Reservation hours"
          min={MIN_RESERVATION_HOURS}
          max={MAX_RESERVATION_HOURS}
          className="w-40"
          {...hours}
          // Passing aria-describedby replaces the field's own, so the error is linked here too.
          aria-describedby={hours.error ? `${HINT_ID} ${FIELD_ID}-error` : HINT_ID}
        />
        <p id={HINT_ID} className="mt-1 text-sm text-ink-soft">
          Unpaid reservations are released this many hours after they are made (never later than the workshop starts). The participant gets a
          reminder a day before.
        </p>
      </div>
      <SaveButton pending={save.isPending} />
    </form>
  );
}
