import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import {
  MAX_RESERVATION_HOURS,
  MIN_RESERVATION_HOURS,
  paymentSettingsFormSchema,
  type PaymentSettingsFormInput,
  type PaymentSettingsFormOutput,
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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PaymentSettingsFormInput, unknown, PaymentSettingsFormOutput>({
    resolver: zodResolver(paymentSettingsFormSchema),
    defaultValues: formValues(settings),
  });
  const error = errors.reservationHours?.message;

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
        <TextField
          id={FIELD_ID}
          label="Reservation hours"
          type="number"
          inputMode="numeric"
          min={MIN_RESERVATION_HOURS}
          max={MAX_RESERVATION_HOURS}
          step={1}
          className="w-40"
          // Passing aria-describedby replaces the field's own, so the error is linked here too.
          aria-describedby={error ? `${HINT_ID} ${FIELD_ID}-error` : HINT_ID}
          error={error}
          registration={register('reservationHours')}
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
