import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { WAITLIST_PATH_PREFIX } from '../../../../../common/route-meta';
import { formatUsd } from '../../../../../common/money';
import { buttonClasses } from '../../../../../client/components/ui/button';
import { Spinner } from '../../../../../client/components/ui/spinner';
import { toast } from '../../../../../client/components/ui/toast-store';
import { ApiError, refusalMessage } from '../../../../../client/lib/api-client';
import type { BookingResponse, PaymentConfig } from '../../../booking.schema';
import { bookingFormReturnPath, currentCheckoutKey } from '../../booking-data-store';
import { chosenTimeZone, detectBrowserTimeZone } from '../../timezone';
import { useTimeZoneChoice } from '../../use-time-zone-choice';
import { bookingChangesQueryKeys, completeOrder, createBooking } from '../api/create-booking';
import { createPaymentIntent, paymentIntentQueryOptions, usePaymentIntent, type PaymentIntentAnswer } from '../api/create-payment-intent';
import { usePaymentConfig } from '../api/get-payment-config';
import { freeBookingPayload, paymentIntentPayload, type CheckoutBooking, type CheckoutOffer, type PayLater } from '../booking-payloads';
import { alreadyBookedNotice, checkoutMessages } from '../checkout-messages';
import { publishableKeyFor } from '../stripe-key';
import { BookingSummary } from './booking-summary';
import { DemoCardForm } from './demo-card-form';
import { FreeBookingPanel } from './free-booking-panel';
import { OfferHold } from './offer-hold';
import { PriceSummary } from './price-summary';
import { SeatHold, useSecondsLeft } from './seat-hold';

// Stripe.js and its React bindings load only when the provider is Stripe.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

type Props = {
  booking: CheckoutBooking;
  /** Paying for a reservation through its e-mailed link. */
  payLater?: PayLater;
  /** Booking the seats a waiting-list offer holds. */
  offer?: CheckoutOffer;
  /**
   * Called once the booking is confirmed (after its toast) with the server's answer, whose token
   * opens the confirmation page: the page clears the data and moves on.
   */
  onFinished: (booking: BookingResponse) => void;
};

type Ready =
  | { kind: 'free'; intent: PaymentIntentAnswer }
  | { kind: 'demo'; intent: PaymentIntentAnswer; paymentIntentId: string }
  | { kind: 'stripe'; intent: PaymentIntentAnswer; clientSecret: string; publishableKey: string };

/** What the server's answers allow: a free panel, a card form, or an initialisation error. */
function readyState(intent: PaymentIntentAnswer, config: PaymentConfig): Ready | Error {
  if (intent.isFree) return { kind: 'free', intent };
  if (!intent.clientSecret) return new Error(checkoutMessages.invalidPaymentResponse);
  if (config.provider === 'demo') {
    return intent.paymentIntentId ? { kind: 'demo', intent, paymentIntentId: intent.paymentIntentId } : new Error(checkoutMessages.invalidPaymentResponse);
  }
  return { kind: 'stripe', intent, clientSecret: intent.clientSecret, publishableKey: publishableKeyFor(config) };
}

/** The toast for a checkout that cannot start; the visitor then goes to '/'. */
function announceInitError(error: unknown) {
  const code = error instanceof ApiError ? error.field('code') : undefined;
  const message = error instanceof ApiError ? error.field('message') : undefined;
  if (code === 'discount_code_invalid') {
    toast({
      title: checkoutMessages.invalidDiscountTitle,
      description: message || checkoutMessages.invalidDiscountDescription,
      variant: 'destructive',
    });
  } else if (code === 'sold_out' && message) {
    toast({ title: message, description: checkoutMessages.soldOutWaitlist, variant: 'destructive' });
  } else {
    toast({ title: checkoutMessages.errorTitle, description: checkoutMessages.initError, variant: 'destructive' });
  }
}

/**
 * The checkout below its heading: booking summary, the payment step and the price box. Payment
 * is set up once per visit (it holds a seat); the figures shown are the server's.
 */
/** The waiting-list page of an offer: where its checkout's BACK and its refusals lead. */
const offerPagePath = (offer: CheckoutOffer) => `${WAITLIST_PATH_PREFIX}${encodeURIComponent(offer.token)}`;

/**
 * An offer's checkout that cannot start (the offer ended, was booked, is not this link's): the
 * server's words stay on the page with the way to the offer's own page, rather than a toast on
 * the home page, since the visitor came from an e-mail about these seats.
 */
function OfferRefused({ error, offer }: { error: unknown; offer: CheckoutOffer }) {
  return (
    <section role="alert" className="mt-10 max-w-2xl rounded-brutal border-2 border-ink bg-danger-soft p-6 shadow-brutal">
      <h2 className="text-xl font-black">We couldn't open the checkout for your held seats</h2>
      <p className="mt-3">{refusalMessage(error) ?? checkoutMessages.initError}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href={offerPagePath(offer)} className={buttonClasses('secondary')}>
          See your waiting-list entry
        </Link>
        <Link href="/#booking" className={buttonClasses('secondary')}>
          See the workshop dates
        </Link>
      </div>
    </section>
  );
}

export function CheckoutFlow({ booking, payLater, offer, onFinished }: Props) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const config = usePaymentConfig();
  // The zone the visitor chose on the booking list: the booking keeps it for its e-mails and calendar.
  const [timeZoneChoice] = useTimeZoneChoice();
  const [browserZone] = useState(detectBrowserTimeZone);
  const visitorZone = chosenTimeZone(timeZoneChoice, browserZone);
  const [checkoutKey] = useState(currentCheckoutKey);
  const intentInput = paymentIntentPayload(booking, payLater, visitorZone, checkoutKey, offer);
  const intent = usePaymentIntent(intentInput);

  const ready = intent.data && config.data ? readyState(intent.data, config.data) : undefined;
  // The seat hold's countdown; at 0 paying waits for a new hold.
  const holdSeconds = useSecondsLeft(intent.data?.holdEndsAt ?? null, intent.data?.receivedAt ?? 0);
  const holdEnded = holdSeconds !== null && holdSeconds <= 0;

  /** A new hold (a new payment) from the server in place of the one that ran out; its refusal, if any. */
  const holdAgain = async (): Promise<string | undefined> => {
    try {
      const answer = await createPaymentIntent(intentInput);
      queryClient.setQueryData(paymentIntentQueryOptions(intentInput).queryKey, answer);
      return undefined;
    } catch (error) {
      return refusalMessage(error) ?? checkoutMessages.initError;
    }
  };
  const initError = intent.error ?? config.error ?? (ready instanceof Error ? ready : null);

  const announced = useRef(false);
  useEffect(() => {
    if (!initError || announced.current || offer) return;
    announced.current = true;
    announceInitError(initError);
    // A date that sold out meanwhile: back to the dates, where its card offers the waiting list.
    const soldOut = initError instanceof ApiError && initError.field('code') === 'sold_out';
    if (soldOut) for (const queryKey of bookingChangesQueryKeys) void queryClient.invalidateQueries({ queryKey });
    navigate(soldOut ? bookingFormReturnPath() : '/', { replace: true });
  }, [initError, navigate, offer, queryClient]);

  // BACK returns to the booking form the visitor came from, scrolled to it, with their data kept
  // (it lives in the shared booking data); a reservation paid by its e-mailed link goes home.
  const goBack = () => navigate(offer ? offerPagePath(offer) : payLater ? '/' : bookingFormReturnPath());

  const bookingDone = async () => {
    await Promise.all(bookingChangesQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };

  const completePaid = async (paymentIntentId: string): Promise<boolean> => {
    if (!ready || ready instanceof Error) return false;
    let created: BookingResponse;
    try {
      // The order holds the form's data already: only the payment is named.
      created = await completeOrder(paymentIntentId);
    } catch {
      toast({ title: checkoutMessages.errorTitle, description: checkoutMessages.unexpectedError, variant: 'destructive' });
      return false;
    }
    toast({ title: checkoutMessages.paymentSuccessTitle, description: checkoutMessages.paymentSuccessDescription });
    await bookingDone();
    onFinished(created);
    return true;
  };

  const completeFree = async (): Promise<boolean> => {
    if (!ready || ready instanceof Error) return false;
    let created: BookingResponse;
    try {
      created = await createBooking(freeBookingPayload(booking, ready.intent, visitorZone));
    } catch (error) {
      const message = error instanceof ApiError ? error.field('message') : error instanceof Error ? error.message : undefined;
      toast({ title: checkoutMessages.errorTitle, description: message || checkoutMessages.freeBookingError, variant: 'destructive' });
      return false;
    }
    toast({ title: checkoutMessages.freeSuccessTitle, description: checkoutMessages.freeSuccessDescription });
    await bookingDone();
    onFinished(created);
    return true;
  };

  // Until payment is set up, one placeholder holds the whole checkout's place: the summary, the
  // payment form and the price then arrive together, and nothing on screen moves.
  if (initError) return offer ? <OfferRefused error={initError} offer={offer} /> : null;
  if (!ready || ready instanceof Error) return <Spinner label="Setting up payment…" className="mt-10 min-h-dvh items-start pt-16" />;

  // An offer's seats are held until its deadline, not for a renewable quarter of an hour.
  const hold =
    holdSeconds === null ? null : offer ? (
      <OfferHold expiresAt={ready.intent.holdExpiresAt ?? offer.expiresAt} seats={ready.intent.seats} ended={holdEnded} />
    ) : (
      <SeatHold seconds={holdSeconds} seats={ready.intent.seats} onRenew={holdAgain} />
    );

  const amountDue = formatUsd(ready.intent.amount);
  let payment;
  if (ready.kind === 'free') payment = <FreeBookingPanel onConfirm={completeFree} onBack={goBack} />;
  else if (ready.kind === 'demo')
    payment = (
      <DemoCardForm
        paymentIntentId={ready.paymentIntentId}
        nameOnCard={`${booking.firstName} ${booking.lastName}`}
        onPaid={completePaid}
        onBack={goBack}
        hold={hold}
        holdEnded={holdEnded}
        amountDue={amountDue}
      />
    );
  else
    payment = (
      <Suspense fallback={<Spinner label="Loading the card form…" />}>
        {/* A new hold is a new payment: Elements cannot change its client secret, so it starts over. */}
        <StripePaymentForm
          key={ready.clientSecret}
          publishableKey={ready.publishableKey}
          clientSecret={ready.clientSecret}
          onPaid={completePaid}
          onBack={goBack}
          hold={hold}
          holdEnded={holdEnded}
          amountDue={amountDue}
        />
      </Suspense>
    );

  return (
    <div className="mt-10 grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="grid gap-8">
        <BookingSummary booking={booking} />
        {ready.intent.alreadyBooked ? (
          // A second seat is allowed (a colleague, a friend), so this informs and does not block.
          <p role="status" className="rounded-brutal border-2 border-ink bg-secondary-soft p-4 font-semibold">
            {alreadyBookedNotice(booking.email)}
          </p>
        ) : null}
        {payment}
      </div>
      <PriceSummary price={ready.intent} withCode={Boolean(booking.discountCode)} />
    </div>
  );
}
