import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { DEFAULT_PRICE_DOLLARS } from '../../../common/money';
import { routeMetaFor } from '../../../common/route-meta';
import type { SharedBookingData } from '../../../features/booking/booking.schema';
import { useSharedBookingData } from '../../../features/booking/ui/booking-data-store';
import { BookingSummary } from '../../../features/checkout/ui/components/booking-summary';
import { PriceSummary } from '../../../features/checkout/ui/components/price-summary';
import { useWorkshopDate } from '../../../features/workshops/ui/api/get-workshop-date';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { CONTACT_EMAIL } from '../../lib/site-info';
import { useRouteMeta } from '../../lib/use-route-meta';

type CompleteBooking = SharedBookingData & { workshopDateId: number };

function isComplete(booking: SharedBookingData): booking is CompleteBooking {
  return booking.workshopDateId !== '' && Boolean(booking.firstName && booking.lastName && booking.email);
}

function Checkout({ booking }: { booking: CompleteBooking }) {
  const [, navigate] = useLocation();
  const workshopDate = useWorkshopDate(booking.workshopDateId);

  useEffect(() => {
    // Spec §7: a failure here is only logged; the default price stands in.
    if (workshopDate.error) console.warn('Could not load the workshop price', workshopDate.error);
  }, [workshopDate.error]);

  const fee = workshopDate.isPending ? undefined : (workshopDate.data?.price ?? DEFAULT_PRICE_DOLLARS);

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 md:py-16">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Complete Your Booking</h1>
      {workshopDate.data && (
        <p className="mt-3 text-lg text-ink-soft">
          {workshopDate.data.title}
          {workshopDate.data.isTBC || !workshopDate.data.date
            ? ' — date to be set via participant poll'
            : ` — ${workshopDate.data.date}, ${workshopDate.data.time} ${workshopDate.data.timezone}`}
        </p>
      )}
      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="grid gap-8">
          <BookingSummary booking={booking} />
          {/*
           * PAYMENT FORM SLOT — the payment step (card form titled 'Payment Information' with
           * COMPLETE PAYMENT, or the 'Free Booking' panel with CONFIRM FREE BOOKING) is built in
           * the payments issue and goes here, next to the BACK button below.
           */}
          <section aria-labelledby="payment-heading" className="rounded-brutal border-2 border-dashed border-ink p-6">
            <h2 id="payment-heading" className="text-lg font-black">
              Payment
            </h2>
            <p className="mt-2 text-ink-soft">
              Online payment is not open yet. Your details are saved in this tab — to hold your seat now, email us at{' '}
              <a href={`mailto:${CONTACT_EMAIL}`} className="font-bold text-ink underline decoration-2 underline-offset-4">
                {CONTACT_EMAIL}
              </a>
              .
            </p>
            {booking.discountCode && (
              <p className="mt-3 text-ink-soft">
                Your discount code is checked and applied when payment starts; the total shown does not include it yet.
              </p>
            )}
            <div className="mt-6">
              <Button variant="secondary" onClick={() => navigate('/')}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                BACK
              </Button>
            </div>
          </section>
        </div>
        <PriceSummary fee={fee} discount={0} />
      </div>
    </div>
  );
}

/** /checkout: only reachable with the booking form's data; otherwise back to the start. */
export default function CheckoutPage() {
  useRouteMeta(routeMetaFor('/checkout'));
  const [, navigate] = useLocation();
  const booking = useSharedBookingData();
  const complete = isComplete(booking);

  useEffect(() => {
    if (complete) return;
    toast({ title: 'Please complete the booking form first' });
    navigate('/', { replace: true });
  }, [complete, navigate]);

  return complete ? <Checkout booking={booking} /> : null;
}
