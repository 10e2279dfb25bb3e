import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../../../client/components/ui/badge';
import { TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { ApiError } from '../../../../client/lib/api-client';
import { confirmDemoPayment } from '../api/confirm-demo-payment';
import { checkoutMessages } from '../checkout-messages';
import { DEMO_CARD_DECLINED, DEMO_CARD_SUCCEEDS, demoCardSchema, type DemoCard, type DemoCardInput } from '../demo-card';
import { PaymentActions, PaymentPanel } from './payment-panel';

type Props = {
  paymentIntentId: string;
  nameOnCard: string;
  /** Completes the booking once the payment succeeded; resolves false when it could not. */
  onPaid: (paymentIntentId: string) => Promise<boolean>;
  onBack: () => void;
};

/**
 * The demo provider's card form (CONTRACT §3): clearly marked, no real payment. The server
 * decides by card number; this form only makes sure the fields look like a card.
 */
export function DemoCardForm({ paymentIntentId, nameOnCard, onPaid, onBack }: Props) {
  const [busy, setBusy] = useState(false);
  const [schema] = useState(() => demoCardSchema());
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DemoCardInput, unknown, DemoCard>({
    resolver: zodResolver(schema),
    defaultValues: { cardNumber: DEMO_CARD_SUCCEEDS, expiry: '12/34', cvc: '123', nameOnCard },
  });

  const pay = async (card: DemoCard) => {
    setBusy(true);
    try {
      await confirmDemoPayment({ paymentIntentId, cardNumber: card.cardNumber });
    } catch (error) {
      // A decline (402) or a refund because the last seat went (409) carries the provider's words.
      const message = error instanceof ApiError && (error.status === 402 || error.status === 409) ? error.field('message') : undefined;
      if (message) toast({ title: checkoutMessages.paymentFailedTitle, description: message, variant: 'destructive' });
      else toast({ title: checkoutMessages.errorTitle, description: checkoutMessages.unexpectedError, variant: 'destructive' });
      setBusy(false);
      return;
    }
    if (!(await onPaid(paymentIntentId))) setBusy(false);
  };

  return (
    <PaymentPanel headingId="payment-heading" title="Payment Information" badge={<Badge tone="secondary">DEMO MODE — no real payment</Badge>}>
      <p className="mt-3 text-sm text-ink-soft">
        This site runs with the demo payment provider: nothing is charged. Card{' '}
        <span className="font-mono font-semibold text-ink">{DEMO_CARD_SUCCEEDS}</span> succeeds,{' '}
        <span className="font-mono font-semibold text-ink">{DEMO_CARD_DECLINED}</span> is declined; any future expiry and any CVC.
      </p>
      <form aria-label="Demo card payment" noValidate onSubmit={handleSubmit(pay)} className="mt-5">
        <fieldset disabled={busy} className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="demo-card-number"
            label="Card number"
            inputMode="numeric"
            // A demo form must not invite the browser to fill in a real card.
            autoComplete="off"
            className="sm:col-span-2"
            registration={register('cardNumber')}
            error={errors.cardNumber?.message}
          />
          <TextField
            id="demo-card-expiry"
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="MM/YY"
            registration={register('expiry')}
            error={errors.expiry?.message}
          />
          <TextField
            id="demo-card-cvc"
            label="CVC"
            inputMode="numeric"
            autoComplete="off"
            registration={register('cvc')}
            error={errors.cvc?.message}
          />
          <TextField
            id="demo-card-name"
            label="Name on card"
            autoComplete="off"
            className="sm:col-span-2"
            registration={register('nameOnCard')}
            error={errors.nameOnCard?.message}
          />
        </fieldset>
        <PaymentActions onBack={onBack} primaryLabel="COMPLETE PAYMENT" busy={busy} />
      </form>
    </PaymentPanel>
  );
}
