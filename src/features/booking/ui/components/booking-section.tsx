import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, RotateCw } from 'lucide-react';
import { useCallback, useLayoutEffect, useMemo } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useLocation } from 'wouter';
import { Button } from '../../../../client/components/ui/button';
import { controlClasses, FieldError, TextField } from '../../../../client/components/ui/form';
import { Spinner } from '../../../../client/components/ui/spinner';
import { useHydrated } from '../../../../client/lib/use-hydrated';
import { useWorkshopDates } from '../../../workshops/ui';
import { bookingPageFormSchema, emptyBookingData, MAX_SEATS_PER_ORDER, pageFormSeats, type BookingForm, type BookingPageFormInput, type SharedBookingData } from '../../booking.schema';
import { getSharedBookingData, rememberBookingFormPage, setSharedBookingData } from '../booking-data-store';
import { detectBrowserTimeZone, timeZoneChoiceOptions } from '../timezone';
import { useTimeZoneChoice } from '../use-time-zone-choice';
import { browserVisitorSigns, newsletterTickedByDefault } from '../newsletter-consent';
import { DiscountCodeField, useDiscountCheck } from './discount-code-field';
import { SeatsStep } from './seats-step';
import { WorkshopDateOptions } from './workshop-date-options';

const fieldOrder = ['workshopDateId', 'firstName', 'lastName', 'email', 'company', 'discountCode', 'seats'] as const;

function StepHeading({ id, step, children }: { id: string; step: number; children: string }) {
  return (
    <h3 id={id} className="flex items-center gap-3 text-xl font-black">
      <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-full border-2 border-ink bg-secondary text-sm">
        {step}
      </span>
      {children}
    </h3>
  );
}

function DatesPicker({
  value,
  onChange,
  onBlur,
  focusRef,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  focusRef: (target: { focus: () => void } | null) => void;
  error?: string;
}) {
  const { data: dates, isPending, isError, refetch } = useWorkshopDates();
  const [timeZoneChoice, setTimeZoneChoice] = useTimeZoneChoice();
  // The server cannot know the visitor's zone: its HTML, and the render that hydrates it, show the
  // organiser's times; the visitor's own follow at once.
  const hydrated = useHydrated();
  const browserZone = useMemo(() => (hydrated ? detectBrowserTimeZone() : undefined), [hydrated]);
  const errorId = error ? 'workshopDateId-error' : undefined;

  if (isPending) return <Spinner label="Loading workshop dates…" />;
  if (isError) {
    return (
      <div role="alert" className="rounded-brutal border-2 border-ink bg-danger-soft p-4">
        <p className="font-semibold">We couldn't load the workshop dates.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  if (dates.length === 0) {
    return (
      <p className="rounded-brutal border-2 border-dashed border-ink p-4">
        No dates are open right now. Send us a message below and we'll tell you when the next one is set.
      </p>
    );
  }
  return (
    <>
      <div className="mb-4 max-w-sm">
        <label htmlFor="timezone-choice" className="mb-1.5 block text-sm font-bold">
          Show times in
        </label>
        <select
          id="timezone-choice"
          value={timeZoneChoice}
          onChange={(event) => setTimeZoneChoice(event.target.value)}
          // A choice made before the app has the form would be undone as it takes over.
          disabled={!hydrated}
          className={controlClasses}
        >
          {timeZoneChoiceOptions(browserZone).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <WorkshopDateOptions
        dates={dates}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        focusRef={focusRef}
        timeZoneChoice={timeZoneChoice}
        browserZone={browserZone}
        zoneKnown={hydrated}
        labelledBy="booking-step-date"
        errorId={errorId}
      />
      <FieldError id="workshopDateId-error" message={error} />
    </>
  );
}

function formValues(stored: SharedBookingData): BookingPageFormInput {
  return {
    seats: stored.seats,
    ...pageFormSeats(stored),
    workshopDateId: stored.workshopDateId === '' ? '' : String(stored.workshopDateId),
    firstName: stored.firstName,
    lastName: stored.lastName,
    email: stored.email,
    company: stored.company,
    discountCode: stored.discountCode,
    subscribedToNewsletter: stored.subscribedToNewsletter,
  };
}

/** The booking section (anchor 'booking'): pick a date, give your details, continue to payment. */
export function BookingSection() {
  const [, navigate] = useLocation();
  const { data: dates } = useWorkshopDates();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<BookingPageFormInput, unknown, BookingForm>({
    resolver: zodResolver(bookingPageFormSchema),
    // Focus follows the order on screen (date first), not the order fields registered in.
    shouldFocusError: false,
    defaultValues: formValues(emptyBookingData),
  });
  // What the visitor gave earlier in this tab (kept in sessionStorage) comes back before the form
  // is drawn; the server's HTML, and the render that hydrates it, start empty, as the server knows
  // nothing of it.
  // A first visit's newsletter box follows where the browser points (newsletter-consent.ts).
  useLayoutEffect(() => {
    const stored = getSharedBookingData();
    if (stored !== emptyBookingData) reset(formValues(stored));
    else if (!newsletterTickedByDefault(browserVisitorSigns())) setValue('subscribedToNewsletter', false);
  }, [reset, setValue]);

  const [watchedDate, watchedCode] = useWatch({ control, name: ['workshopDateId', 'discountCode'] });
  const discountCheck = useDiscountCheck(watchedDate, watchedCode);

  const chosenDate = dates?.find((date) => String(date.id) === String(watchedDate ?? ''));
  const setSeats = useCallback((seats: number) => setValue('seats', seats, { shouldDirty: true }), [setValue]);

  const onInvalid = (invalid: FieldErrors<BookingPageFormInput>) => {
    const first = fieldOrder.find((name) => invalid[name]);
    if (first) return setFocus(first);
    // Otherwise a seat's row: its first field with a message.
    for (let index = 0; index < MAX_SEATS_PER_ORDER; index++) {
      const field = (['firstName', 'lastName', 'email'] as const).find((name) => invalid.seatRows?.[index]?.[name]);
      if (field) return setFocus(`seatRows.${index}.${field}`);
    }
  };

  const onSubmit = (values: BookingForm) => {
    const chosen = dates?.find((date) => date.id === values.workshopDateId);
    if (!chosen || chosen.seatsRemaining < values.seats) {
      // A date remembered from an earlier visit that has since filled up: ask again.
      setValue('workshopDateId', '', { shouldValidate: true });
      setFocus('workshopDateId');
      return;
    }
    if (discountCheck.error) {
      // The code was checked and refused: say so here rather than at the checkout.
      setFocus('discountCode');
      return;
    }
    setSharedBookingData({ ...values, paymentMode: 'pay_now' });
    // Checkout's BACK returns to this form on this page (the landing or the intro page).
    rememberBookingFormPage(window.location.pathname);
    navigate('/checkout');
  };

  return (
    <section id="booking" aria-labelledby="booking-heading" className="border-b-2 border-ink">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <p className="text-sm font-extrabold uppercase tracking-label">Booking</p>
        <h2 id="booking-heading" className="mt-2 text-3xl font-black tracking-tight sm:text-4xl">
          Book your seat
        </h2>
        <p className="mt-3 text-ink-soft">Pick a date, tell us who you are, and pay securely on the next step.</p>

        <form aria-label="Booking form" noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="mt-10 grid max-w-3xl gap-12">
          <div>
            <StepHeading id="booking-step-date" step={1}>
              Pick a workshop date
            </StepHeading>
            <div className="mt-5">
              <Controller
                control={control}
                name="workshopDateId"
                render={({ field, fieldState }) => (
                  <DatesPicker
                    value={field.value == null ? '' : String(field.value)}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    focusRef={field.ref}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </div>
          </div>

          <fieldset>
            <legend className="contents">
              <StepHeading id="booking-step-details" step={2}>
                Your information
              </StepHeading>
            </legend>
            <div className="mt-5 grid gap-5 sm:grid-cols-2">
              <TextField
                id="booking-first-name"
                label="First name"
                autoComplete="given-name"
                registration={register('firstName')}
                error={errors.firstName?.message}
              />
              <TextField
                id="booking-last-name"
                label="Last name"
                autoComplete="family-name"
                registration={register('lastName')}
                error={errors.lastName?.message}
              />
              <TextField
                id="booking-email"
                label="Email"
                type="email"
                autoComplete="email"
                inputMode="email"
                className="sm:col-span-2"
                registration={register('email')}
                error={errors.email?.message}
              />
              <TextField
                id="booking-company"
                label="Company"
                optional
                autoComplete="organization"
                registration={register('company')}
                error={errors.company?.message}
              />
              <DiscountCodeField registration={register('discountCode')} formError={errors.discountCode?.message} check={discountCheck} />
            </div>
            <label className="mt-6 flex min-h-11 cursor-pointer items-start gap-3">
              <input type="checkbox" className="mt-0.5 size-6 shrink-0 accent-ink" {...register('subscribedToNewsletter')} />
              <span>Send me the newsletter with new workshop dates and prototyping tips.</span>
            </label>
          </fieldset>

          <fieldset>
            <legend className="contents">
              <StepHeading id="booking-step-seats" step={3}>
                Seats and who attends
              </StepHeading>
            </legend>
            <SeatsStep
              control={control}
              register={register}
              errors={errors}
              seatsLeft={chosenDate?.seatsRemaining}
              seatPrice={chosenDate?.price}
              applied={discountCheck.applied}
              onSeatsChange={setSeats}
            />
          </fieldset>

          <div>
            <StepHeading id="booking-step-pay" step={4}>
              Payment
            </StepHeading>
            <div className="mt-5 rounded-brutal border-2 border-ink bg-accent-soft p-6 shadow-brutal">
              <div className="flex items-center gap-3">
                <CreditCard aria-hidden="true" className="size-6" />
                <h4 className="text-lg font-black">Pay now</h4>
              </div>
              <p className="mt-2">
                Pay by card on the next step and your seats are confirmed straight away. Pilot cohort special rate until
                June 22.
              </p>
              {/* The server's HTML can be read without scripts, but booking needs them: the button
                  works once the app has taken the form over. */}
              <Button type="submit" size="lg" className="mt-5 w-full sm:w-auto" disabled={isSubmitting}>
                Continue to payment
              </Button>
              <noscript>
                <p className="mt-4 font-semibold">Booking needs JavaScript: turn it on in your browser to book a seat.</p>
              </noscript>
            </div>
          </div>
        </form>
      </div>
    </section>
  );
}
