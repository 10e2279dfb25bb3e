import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClasses } from '../../../../client/components/ui/button';
import { Spinner } from '../../../../client/components/ui/spinner';
import { toast } from '../../../../client/components/ui/toast-store';
import { useWorkshopDate } from '../../../workshops/ui';
import type { BookingResponse, ReservationDetails, SharedBookingData } from '../../booking.schema';
import { clearSharedBookingData, getSharedBookingData, setSharedBookingData } from '../booking-data-store';
import { confirmationPath } from '../confirmation-link';
import { detectBrowserTimeZone, displayTime } from '../timezone';
import { useTimeZoneChoice } from '../use-time-zone-choice';
import { usePaymentDetails } from './api/get-payment-details';
import { isCheckoutBooking, offerBooking, type CheckoutBooking, type CheckoutOffer, type PayLater, type WaitlistOfferCheckout } from './booking-payloads';
import { checkoutMessages } from './checkout-messages';
import { CheckoutFlow } from './components/checkout-flow';
import { OfferSeatsStep } from './components/offer-seats-step';

/**
 * After a confirmed booking (its toast is already up, and stays over the next page): the shared
 * data is cleared and the visitor goes to the confirmation page instead of the
 * spec's '/' two seconds later. It replaces the checkout in the history, so BACK does not return
 * to a payment that is done.
 */
function useFinishAndConfirm(): (booking: BookingResponse) => void {
  const [, navigate] = useLocation();
  return (booking) => {
    clearSharedBookingData();
    navigate(confirmationPath({ bookingId: booking.id, token: booking.confirmationToken }), { replace: true });
  };
}

function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 md:py-16">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Complete Your Booking</h1>
      {children}
    </div>
  );
}

function WorkshopLine({ workshopDateId }: { workshopDateId: number }) {
  const workshopDate = useWorkshopDate(workshopDateId);
  useEffect(() => {
    // A failure here is only logged; the checkout's figures come from the server anyway.
    if (workshopDate.error) console.warn('Could not load the workshop date', workshopDate.error);
  }, [workshopDate.error]);
  // The same zone the visitor chose in the booking section.
  const [timeZoneChoice] = useTimeZoneChoice();
  const [browserZone] = useState(detectBrowserTimeZone);
  const date = workshopDate.data;
  const shown = date ? displayTime(date, timeZoneChoice, browserZone) : null;
  const dated = Boolean(date && shown && !date.isTBC && date.date);
  // The lines keep their room while the date loads (the organiser's time and the visitor's: four
  // lines on a phone, three on a tablet, two on a wide screen), so the checkout does not move.
  return (
    <p className="mt-3 min-h-28 text-lg text-ink-soft sm:min-h-21 lg:min-h-14">
      {date && shown ? (
        <>
          {date.title}
          {dated ? ` — ${shown.date}, ${shown.time}` : ' — date to be set via participant poll'}
          {dated && shown.forYou ? <span className="block font-semibold text-ink">{shown.forYou}</span> : null}
        </>
      ) : null}
    </p>
  );
}

function Checkout({ booking, payLater, offer }: { booking: CheckoutBooking; payLater?: PayLater; offer?: CheckoutOffer }) {
  const finish = useFinishAndConfirm();
  return (
    <CheckoutLayout>
      <WorkshopLine workshopDateId={booking.workshopDateId} />
      <CheckoutFlow booking={booking} payLater={payLater} offer={offer} onFinished={finish} />
    </CheckoutLayout>
  );
}

/** /checkout from the booking form: runs on the shared booking data, or sends the visitor back to it. */
function FormCheckout() {
  const [, navigate] = useLocation();
  // A snapshot: the data is cleared as soon as the booking is confirmed, before this page gives
  // way to the confirmation page.
  const [booking] = useState<SharedBookingData>(getSharedBookingData);
  const complete = isCheckoutBooking(booking);

  useEffect(() => {
    if (complete) return;
    toast({ title: checkoutMessages.missingBookingData });
    navigate('/', { replace: true });
  }, [complete, navigate]);

  return complete ? <Checkout booking={booking} /> : null;
}

function Notice({ tone, title, children }: { tone: 'success' | 'problem'; title: string; children?: ReactNode }) {
  const Icon = tone === 'success' ? CircleCheck : TriangleAlert;
  return (
    <CheckoutLayout>
      <section
        role={tone === 'problem' ? 'alert' : 'status'}
        className={`mt-10 max-w-2xl rounded-brutal border-2 border-ink p-6 shadow-brutal ${tone === 'success' ? 'bg-success-soft' : 'bg-danger-soft'}`}
      >
        <div className="flex items-center gap-3">
          <Icon aria-hidden="true" className="size-7 shrink-0" />
          <h2 className="text-xl font-black">{title}</h2>
        </div>
        {children}
        <Link href="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
          Back to the home page
        </Link>
      </section>
    </CheckoutLayout>
  );
}

function reservationToBooking(details: ReservationDetails): CheckoutBooking {
  return {
    workshopDateId: details.workshopDateId,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    company: details.company,
    discountCode: details.discountCode,
    paymentMode: 'pay_later',
    subscribedToNewsletter: true,
    // The pay link pays the order's seats still reserved; who is on them was settled when reserved.
    seats: details.seats,
    attendees: [],
  };
}

/** /checkout?booking={id}&token={token}: paying later for a reservation, from the e-mailed link. */
function PayLinkCheckout({ bookingId, token }: { bookingId: number; token: string }) {
  const details = usePaymentDetails(bookingId, token);
  const payable = details.data && details.data.status === 'reserved' && !details.data.isPaid ? details.data : undefined;
  const booking = useMemo(() => (payable ? reservationToBooking(payable) : undefined), [payable]);

  useEffect(() => {
    // The link fills the shared booking data, as the booking form would have.
    if (booking) setSharedBookingData(booking);
  }, [booking]);

  if (details.isPending) {
    return (
      <CheckoutLayout>
        {/* Fills the screen: the footer stays below the fold until the checkout arrives. */}
        <Spinner label="Loading your reservation…" className="min-h-dvh items-start pt-16" />
      </CheckoutLayout>
    );
  }
  if (details.isError) {
    return (
      <Notice tone="problem" title="This payment link is invalid or has expired.">
        <p className="mt-3">Open the link from your most recent e-mail, or book again from the home page.</p>
      </Notice>
    );
  }
  const reservation = details.data;
  if (reservation.isPaid || reservation.status === 'confirmed') {
    return (
      <Notice tone="success" title={reservation.isPaid ? 'This booking is already paid.' : 'This booking is already confirmed.'}>
        {reservation.confirmationToken ? (
          <Link href={confirmationPath({ bookingId: reservation.bookingId, token: reservation.confirmationToken })} className={buttonClasses('primary', 'md', 'mt-6 mr-3')}>
            See your booking
          </Link>
        ) : null}
      </Notice>
    );
  }
  if (reservation.status !== 'reserved') {
    return (
      <Notice tone="problem" title="This booking can no longer be paid.">
        <p className="mt-3">
          {reservation.status === 'expired'
            ? 'The reservation was not paid in time, so its seat went back on sale.'
            : 'It was cancelled.'}{' '}
          You are welcome to book a new seat from the home page.
        </p>
      </Notice>
    );
  }
  if (!booking) return null;
  return <Checkout booking={booking} payLater={{ bookingId: reservation.bookingId, payToken: token }} />;
}

function payLinkFrom(search: string): { bookingId: number; token: string } | 'invalid' | undefined {
  const params = new URLSearchParams(search);
  const booking = params.get('booking');
  const token = params.get('token');
  if (booking === null && token === null) return undefined;
  const bookingId = Number(booking);
  if (!token || !Number.isInteger(bookingId) || bookingId <= 0) return 'invalid';
  return { bookingId, token };
}

/** /checkout: from the booking form (shared booking data) or from a pay-later link. */
export function CheckoutScreen() {
  const payLink = payLinkFrom(useSearch());
  if (payLink === 'invalid') {
    return <Notice tone="problem" title="This payment link is invalid or has expired." />;
  }
  if (payLink) return <PayLinkCheckout key={`${payLink.bookingId}:${payLink.token}`} {...payLink} />;
  return <FormCheckout />;
}

/**
 * /checkout?offer={token}: booking the seats a waiting-list offer holds (the waiting list reads the
 * offer and hands it in: docs/decisions/019-waiting-list.md). With more than one seat held the
 * visitor first says how many they take (all by default): the payment is opened for that many.
 */
export function OfferCheckout({ offer }: { offer: WaitlistOfferCheckout }) {
  const [seats, setSeats] = useState<number | null>(offer.seats === 1 ? 1 : null);
  const booking = useMemo(() => (seats === null ? null : offerBooking(offer, seats)), [offer, seats]);
  if (!booking) {
    return (
      <CheckoutLayout>
        <WorkshopLine workshopDateId={offer.workshopDateId} />
        <OfferSeatsStep held={offer.seats} onChoose={setSeats} />
      </CheckoutLayout>
    );
  }
  return <Checkout booking={booking} offer={offer} />;
}
