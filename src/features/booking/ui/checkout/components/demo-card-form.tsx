import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Badge } from '../../../../../client/components/ui/badge';
import { TextField } from '../../../../../client/components/ui/form';
import { toast } from '../../../../../client/components/ui/toast-store';
import { ApiError } from '../../../../../client/lib/api-client';
import { confirmDemoPayment } from '../api/confirm-demo-payment';
import { caretAfterFormat, cardDigits, formatCardNumber, formatCvc, formatExpiry } from '../card-format';
import { checkoutMessages } from '../checkout-messages';
import { DEMO_CARD_DECLINED, DEMO_CARD_SUCCEEDS, demoCardSchema, type DemoCard, type DemoCardInput } from '../demo-card';
import { PaymentActions, PaymentPanel } from './payment-panel';

type Props = {
  paymentIntentId: string;
  nameOnCard: string;
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

const DECLINE_ID = 'demo-card-decline';

/**
 * Wraps a field's registration so what is typed or pasted is reformatted in place (the caret
 * stays after the same digit) before react-hook-form reads it.
 */
function formatted(
  registration: UseFormRegisterReturn,
  format: (value: string, event: { nativeEvent?: Event }) => string,
  onEdit: () => void,
): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: { target: HTMLInputElement; nativeEvent?: Event }) => {
      const input = event.target;
      const typed = input.value;
      const caret = input.selectionStart ?? typed.length;
      const next = format(typed, event);
      if (next !== typed) {
        input.value = next;
        const position = caretAfterFormat(typed, caret, next);
        if (document.activeElement === input) input.setSelectionRange(position, position);
      }
      onEdit();
      return registration.onChange(event);
    },
  };
}

const isDeleting = (event: { nativeEvent?: Event }) => (event.nativeEvent instanceof InputEvent ? event.nativeEvent.inputType.startsWith('delete') : false);

/**
 * The demo provider's card form: clearly marked, no real payment. The server
 * decides by card number; this form only makes sure the fields look like a card.
 */
export function DemoCardForm({ paymentIntentId, nameOnCard, onPaid, onBack, hold, holdEnded = false, amountDue }: Props) {
  const [busy, setBusy] = useState(false);
  // The provider's refusal stays under the card fields until the card is edited or paid again.
  const [refusal, setRefusal] = useState<string>();
  const clearRefusal = () => setRefusal(undefined);
  const [schema] = useState(() => demoCardSchema());
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DemoCardInput, unknown, DemoCard>({
    resolver: zodResolver(schema),
    defaultValues: { cardNumber: DEMO_CARD_SUCCEEDS, expiry: '12 / 34', cvc: '123', nameOnCard },
  });

  /** A card field: reformatted as it is typed, and tied to the provider's refusal as well as its own message. */
  const cardField = (id: string, name: 'cardNumber' | 'expiry' | 'cvc', format: (value: string, event: { nativeEvent?: Event }) => string) => {
    const error = errors[name]?.message;
    return { id, error, 'aria-describedby': describedBy(id, error, refusal), registration: formatted(register(name), format, clearRefusal) };
  };

  const pay = async (card: DemoCard) => {
    if (holdEnded) return;
    setBusy(true);
    clearRefusal();
    try {
      // The fields show the number in groups; the provider gets the digits.
      await confirmDemoPayment({ paymentIntentId, cardNumber: cardDigits(card.cardNumber) });
    } catch (error) {
      // A decline (402) or a refund because the last seat went (409) carries the provider's words.
      const message = error instanceof ApiError && (error.status === 402 || error.status === 409) ? error.field('message') : undefined;
      if (message) toast({ title: checkoutMessages.paymentFailedTitle, description: message, variant: 'destructive' });
      else toast({ title: checkoutMessages.errorTitle, description: checkoutMessages.unexpectedError, variant: 'destructive' });
      setRefusal(message ? `${checkoutMessages.paymentFailedTitle}: ${message}` : checkoutMessages.unexpectedError);
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
            label="Card number"
            inputMode="numeric"
            // A demo form must not invite the browser to fill in a real card: nothing is charged, and a
            // real number would travel to this server for nothing.
            autoComplete="off"
            className="sm:col-span-2"
            {...cardField('demo-card-number', 'cardNumber', formatCardNumber)}
          />
          <TextField
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="MM / YY"
            {...cardField('demo-card-expiry', 'expiry', (value, event) => formatExpiry(value, { deleting: isDeleting(event) }))}
          />
          <TextField label="CVC" inputMode="numeric" autoComplete="off" {...cardField('demo-card-cvc', 'cvc', formatCvc)} />
          <TextField
            id="demo-card-name"
            label="Name on card"
            autoComplete="off"
            className="sm:col-span-2"
            registration={register('nameOnCard')}
            error={errors.nameOnCard?.message}
          />
        </fieldset>
        {refusal ? (
          <p id={DECLINE_ID} role="alert" className="mt-5 rounded-brutal border-2 border-danger bg-danger-soft p-4 font-semibold text-ink">
            {refusal}
          </p>
        ) : null}
        {hold}
        <PaymentActions onBack={onBack} primaryLabel="COMPLETE PAYMENT" amountDue={amountDue} busy={busy} disabled={holdEnded} />
      </form>
    </PaymentPanel>
  );
}

/** A card field's descriptions: its own error (TextField's id) and the provider's refusal. */
function describedBy(id: string, error: string | undefined, refusal: string | undefined): string | undefined {
  const ids = [error && `${id}-error`, refusal && DECLINE_ID].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
