import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../../../client/components/ui/toast-store';
import { checkoutMessages } from '../checkout-messages';
import { PaymentActions, PaymentPanel } from './payment-panel';

/*
 * The Stripe card form. This module is loaded lazily, only when the server's provider is Stripe,
 * so neither Stripe.js nor @stripe/react-stripe-js is part of the landing page or the demo
 * checkout. `@stripe/stripe-js/pure` injects the script only when loadStripe() is called.
 */

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per key for the life of the page; a failed load resolves to null. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
}

type Props = {
  publishableKey: string;
  clientSecret: string;
  /** Completes the booking once the payment succeeded; resolves false when it could not. */
  onPaid: (paymentIntentId: string) => Promise<boolean>;
  onBack: () => void;
  /** The seat hold's countdown, shown under the card fields. */
  hold?: ReactNode;
  /** The total to pay, formatted, for the pay button on a phone. */
  amountDue?: string;
  /** The hold ran out: paying waits for a new one. */
  holdEnded?: boolean;
};

const REFUSAL_ID = 'stripe-card-refusal';

function StripeFields({
  onPaid,
  onBack,
  loadFailed,
  hold,
  holdEnded = false,
  amountDue,
}: Pick<Props, 'onPaid' | 'onBack' | 'hold' | 'holdEnded' | 'amountDue'> & { loadFailed: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  // Stripe's refusal stays under the card fields until the card is edited or paid again.
  const [refusal, setRefusal] = useState<string>();

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || holdEnded) return;
    setBusy(true);
    setRefusal(undefined);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      // Cards confirm in place; a method that must redirect comes back to the site, and the
      // webhook confirms that booking on the server.
      confirmParams: { return_url: `${window.location.origin}/` },
      redirect: 'if_required',
    });
    if (error) {
      toast({ title: checkoutMessages.paymentFailedTitle, description: error.message, variant: 'destructive' });
      setRefusal(error.message ? `${checkoutMessages.paymentFailedTitle}: ${error.message}` : checkoutMessages.paymentFailedTitle);
      setBusy(false);
      return;
    }
    if (paymentIntent?.status !== 'succeeded') {
      toast({ title: checkoutMessages.errorTitle, description: checkoutMessages.unexpectedError, variant: 'destructive' });
      setBusy(false);
      return;
    }
    if (!(await onPaid(paymentIntent.id))) setBusy(false);
  };

  return (
    <form aria-label="Card payment" onSubmit={(event) => void pay(event)} className="mt-5">
      {loadFailed ? (
        <p role="alert" className="rounded-brutal border-2 border-ink bg-danger-soft p-4 font-semibold">
          The card form could not load. Check your connection and reload the page.
        </p>
      ) : (
        <PaymentElement onChange={() => setRefusal(undefined)} />
      )}
      {refusal ? (
        <p id={REFUSAL_ID} role="alert" className="mt-5 rounded-brutal border-2 border-danger bg-danger-soft p-4 font-semibold text-ink">
          {refusal}
        </p>
      ) : null}
      {hold}
      <PaymentActions onBack={onBack} primaryLabel="COMPLETE PAYMENT" amountDue={amountDue} busy={busy} disabled={!stripe || !elements || holdEnded} />
    </form>
  );
}

export default function StripePaymentForm({ publishableKey, clientSecret, onPaid, onBack, hold, holdEnded, amountDue }: Props) {
  const [stripePromise] = useState(() => stripeFor(publishableKey));
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    let active = true;
    void stripePromise.then((stripe) => {
      if (active && !stripe) setLoadFailed(true);
    });
    return () => {
      active = false;
    };
  }, [stripePromise]);

  return (
    <PaymentPanel headingId="payment-heading" title="Payment Information">
      <Elements stripe={stripePromise} options={{ clientSecret }}>
        <StripeFields onPaid={onPaid} onBack={onBack} loadFailed={loadFailed} hold={hold} holdEnded={holdEnded} amountDue={amountDue} />
      </Elements>
    </PaymentPanel>
  );
}
