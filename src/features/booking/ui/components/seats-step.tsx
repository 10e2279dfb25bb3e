import { Minus, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { formatUsd } from '../../../../common/money';
import { Button } from '../../../../client/components/ui/button';
import { TextField } from '../../../../client/components/ui/form';
import { MAX_SEATS_PER_ORDER, type BookingPageFormInput, type DiscountCheckResponse } from '../../booking.schema';

type Props = {
  control: Control<BookingPageFormInput>;
  register: UseFormRegister<BookingPageFormInput>;
  errors: FieldErrors<BookingPageFormInput>;
  /** Seats the chosen date has left (undefined until a date is chosen). */
  seatsLeft: number | undefined;
  /** One seat's price on the chosen date, in dollars. */
  seatPrice: number | undefined;
  /** The code's price for one seat, once applied. */
  applied: DiscountCheckResponse | undefined;
  onSeatsChange: (seats: number) => void;
};

const BLANK_ROW = { firstName: '', lastName: '', email: '' };

/**
 * How many seats, whether the buyer takes the first, and who takes each other one. A seat left
 * blank is unnamed: its claim link comes with the order confirmation, for a colleague to put their
 * own name on it. The total shows as seats × price, with the code when applied.
 */
export function SeatsStep({ control, register, errors, seatsLeft, seatPrice, applied, onSeatsChange }: Props) {
  const [seats = 1, buyerAttends = true] = useWatch({ control, name: ['seats', 'buyerAttends'] });
  const { fields, append, remove } = useFieldArray({ control, name: 'seatRows' });
  const most = Math.max(1, Math.min(MAX_SEATS_PER_ORDER, seatsLeft ?? MAX_SEATS_PER_ORDER));
  const rowsWanted = seats - (buyerAttends ? 1 : 0);

  // One row per seat the buyer does not take: rows come and go with the count, keeping what was typed.
  useEffect(() => {
    if (fields.length < rowsWanted) append(Array.from({ length: rowsWanted - fields.length }, () => BLANK_ROW), { shouldFocus: false });
    else if (fields.length > rowsWanted) remove(Array.from({ length: fields.length - rowsWanted }, (_, n) => rowsWanted + n));
  }, [rowsWanted, fields.length, append, remove]);

  // A date with fewer seats left than asked for: the count comes down to what is there.
  useEffect(() => {
    if (seats > most) onSeatsChange(most);
  }, [seats, most, onSeatsChange]);

  const unitPrice = applied?.finalPrice ?? seatPrice;
  const firstOtherSeat = buyerAttends ? 2 : 1;

  return (
    <div className="mt-5 grid gap-6">
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="booking-seats" className="mb-1.5 block text-sm font-bold">
            Seats
          </label>
          <div className="flex items-center gap-2">
            <Button variant="secondary" aria-label="One seat fewer" disabled={seats <= 1} onClick={() => onSeatsChange(seats - 1)}>
              <Minus aria-hidden="true" className="size-4" />
            </Button>
            <select
              id="booking-seats"
              className="min-h-11 rounded-brutal border-2 border-ink bg-white px-3 text-base font-bold shadow-brutal-sm"
              value={seats}
              onChange={(event) => onSeatsChange(Number(event.target.value))}
              aria-describedby="booking-seats-note"
            >
              {Array.from({ length: most }, (_, n) => n + 1).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
            <Button variant="secondary" aria-label="One seat more" disabled={seats >= most} onClick={() => onSeatsChange(seats + 1)}>
              <Plus aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </div>
        <p id="booking-seats-note" className="pb-2 text-sm text-ink-soft">
          {seatsLeft === undefined ? `Up to ${MAX_SEATS_PER_ORDER} seats in one booking.` : `${most === 1 ? '1 seat' : `Up to ${most} seats`} on this date.`}
        </p>
      </div>

      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input type="checkbox" className="mt-0.5 size-6 shrink-0 accent-ink" {...register('buyerAttends')} />
        <span>
          <span className="font-bold">I’m attending</span>
          <span className="block text-sm text-ink-soft">Seat 1 is yours. Untick it if you are booking for others only.</span>
        </span>
      </label>

      {fields.length > 0 ? (
        <ol className="grid gap-5" aria-label="Who takes the other seats">
          {fields.map((field, index) => {
            const rowErrors = errors.seatRows?.[index];
            const seatNumber = firstOtherSeat + index;
            return (
              <li key={field.id}>
                <fieldset className="rounded-brutal border-2 border-ink bg-white p-4 shadow-brutal-sm">
                  <legend className="px-1 font-black">Seat {seatNumber}</legend>
                  <p className="text-sm text-ink-soft" id={`seat-${index}-hint`}>
                    Leave blank to name them later: you get a link to send them, and they put their own name on it.
                  </p>
                  <div className="mt-3 grid gap-4 sm:grid-cols-2">
                    <TextField
                      id={`seat-${index}-first-name`}
                      label="First name"
                      autoComplete="off"
                      registration={register(`seatRows.${index}.firstName`)}
                      error={rowErrors?.firstName?.message}
                    />
                    <TextField
                      id={`seat-${index}-last-name`}
                      label="Last name"
                      autoComplete="off"
                      registration={register(`seatRows.${index}.lastName`)}
                      error={rowErrors?.lastName?.message}
                    />
                    <TextField
                      id={`seat-${index}-email`}
                      label="Email"
                      type="email"
                      inputMode="email"
                      autoComplete="off"
                      className="sm:col-span-2"
                      registration={register(`seatRows.${index}.email`)}
                      error={rowErrors?.email?.message}
                    />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : null}

      {unitPrice !== undefined ? (
        <p className="text-lg" data-testid="booking-total" aria-live="polite">
          <span className="font-bold">Total:</span> {seats} {seats === 1 ? 'seat' : 'seats'} × {formatUsd(unitPrice)}
          {applied && applied.discountAmount > 0 ? ` (with ${applied.code})` : ''} ={' '}
          <span className="font-black">{formatUsd(Math.round(unitPrice * seats * 100) / 100)}</span>
        </p>
      ) : null}
    </div>
  );
}
