import { WholeNumberField } from '../../../../client/components/ui/form';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { toast } from '../../../../client/components/ui/toast-store';
import {
  MAX_RESERVATION_HOURS,
  MAX_RESERVATION_SHARE_PERCENT,
  MIN_RESERVATION_HOURS,
  MIN_RESERVATION_SHARE_PERCENT,
  MAX_WAITLIST_OFFER_HOURS,
  MIN_WAITLIST_OFFER_HOURS,
  paymentSettingsFormSchema,
  type PaymentSettingsFormInput,
  type Settings,
} from '../../settings.schema';
import { useSaveSettings } from '../api/save-settings';
import { messageOf } from './errors';
import { SaveButton } from './save-button';

const HOURS_ID = 'settings-reservation-hours';
const SHARE_ID = 'settings-reservation-share';
const OFFER_ID = 'settings-waitlist-offer-hours';

const formValues = (settings: Settings): PaymentSettingsFormInput => ({
  reservationHours: String(settings.reservationHours),
  reservationSharePercent: String(settings.reservationSharePercent),
  waitlistOfferHours: String(settings.waitlistOfferHours),
});

/** Passing aria-describedby replaces the field's own, so the error is linked beside the hint. */
const describedBy = (id: string, error: string | undefined) => (error ? `${id}-hint ${id}-error` : `${id}-hint`);

/**
 * Payment sub-tab: how long an unpaid reservation (reserve now, pay later) holds its seat, and how
 * much of a date such reservations may hold at most; how long a waiting-list offer holds its seats.
 */
export function ReservationSettings({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const { field, handleSubmit, reset } = useSchemaForm(paymentSettingsFormSchema, formValues(settings));
  const hours = { ...field('reservationHours'), id: HOURS_ID };
  const share = { ...field('reservationSharePercent'), id: SHARE_ID };
  const offer = { ...field('waitlistOfferHours'), id: OFFER_ID };

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        // Shows the numbers as the server keeps them (e.g. "072" becomes "72").
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
          aria-describedby={describedBy(HOURS_ID, hours.error)}
        />
        <p id={`${HOURS_ID}-hint`} className="mt-1 text-sm text-ink-soft">
          Unpaid reservations are released this many hours after the participant confirms their e-mail address (never later than the workshop
          starts); until then they hold the seat for 15 minutes. The participant gets a reminder a day before.
        </p>
      </div>
      <div>
        <WholeNumberField
          label="Seats reservations may hold (%)"
          min={MIN_RESERVATION_SHARE_PERCENT}
          max={MAX_RESERVATION_SHARE_PERCENT}
          className="w-40"
          {...share}
          aria-describedby={describedBy(SHARE_ID, share.error)}
        />
        <p id={`${SHARE_ID}-hint`} className="mt-1 text-sm text-ink-soft">
          The unpaid reservations of a date never hold more than this share of its seats (always at least one seat), so the rest stays for
          people who pay when they book.
        </p>
      </div>
      <div>
        <WholeNumberField
          label="Waiting-list offer hours"
          min={MIN_WAITLIST_OFFER_HOURS}
          max={MAX_WAITLIST_OFFER_HOURS}
          className="w-40"
          {...offer}
          aria-describedby={describedBy(OFFER_ID, offer.error)}
        />
        <p id={`${OFFER_ID}-hint`} className="mt-1 text-sm text-ink-soft">
          When a seat frees up on a booked-out date, the first person waiting whose seats fit gets an e-mail and the seats are held for them
          this long (never later than the workshop starts); then the offer passes to the next person.
        </p>
      </div>
      <SaveButton pending={save.isPending} />
    </form>
  );
}
